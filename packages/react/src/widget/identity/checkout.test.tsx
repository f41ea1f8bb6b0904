import type { KitCustomer } from '@rampkit/core/kit'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  buyQuote,
  checkoutAtQuote,
  kitFetch,
  renderResumed,
  storedCheckout,
} from '../../../test/offline.js'

const SLOW = { timeout: 10_000 }
const VAULT = {
  environment: 'sandbox',
  chain_id: 8453,
  spender: null,
  sse: false,
  customer_mode: 'vault',
}
/** A shopper with no customer yet, whom the vault still asks a gender and an address. */
const unverified: KitCustomer = {
  customer_id: null,
  customer_type: null,
  status: 'none',
  missing_fields: ['gender', 'address'],
  missing_documents: [],
  documents: [],
  rejection_reason: null,
  deposit_account_status: null,
  profile: {},
}
const approved: KitCustomer = {
  ...unverified,
  customer_id: 'pcus_1',
  customer_type: 'individual',
  status: 'approved',
  missing_fields: [],
}

/**
 * A vault kit whose reads of the customer lag behind (always the unverified one): only the
 * submit's own answer says approved.
 */
const vaultKit = () =>
  kitFetch({
    'GET /config': () => VAULT,
    'GET /customer': () => unverified,
    'POST /customer': () => ({ ...unverified, customer_type: 'individual' }),
    'POST /customer/submit': () => approved,
    'POST /quotes': () => buyQuote(),
  })

/** A KES buy resumed on its review, where the vault kit's gate shows the identity step. */
async function atIdentity(kit = vaultKit()) {
  const view = renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 1500 }), { fetch: kit.fetch })
  await screen.findByRole('button', { name: 'Send for review' }, SLOW)
  return { ...view, kit }
}

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '')
})

describe('the identity step and the checkout', () => {
  it('keeps what was typed through Back and a reload', async () => {
    const first = await atIdentity()
    const { user } = first
    await user.type(screen.getByLabelText(/^street address$/i), '1 Moi Avenue')
    await user.type(screen.getByLabelText(/^city$/i), 'Nairobi')
    expect(JSON.parse(window.sessionStorage.getItem('rampkit:checkout:drafts')!)).toMatchObject({
      identity: { 'address.line1': '1 Moi Avenue', 'address.city': 'Nairobi' },
    })

    // Back to the details, and on again: the identity form comes back filled in.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(await screen.findByRole('button', { name: 'Get a quote' }, SLOW))
    await screen.findByRole('button', { name: 'Send for review' }, SLOW)
    expect((screen.getByLabelText(/^city$/i) as HTMLInputElement).value).toBe('Nairobi')

    // A reload: the same step, the same values.
    first.unmount()
    await atIdentity()
    expect((screen.getByLabelText(/^street address$/i) as HTMLInputElement).value).toBe(
      '1 Moi Avenue',
    )
    expect((screen.getByLabelText(/^city$/i) as HTMLInputElement).value).toBe('Nairobi')
  })

  it('hands the submit’s answer to the checkout, which asks for the quote at once', async () => {
    const { user, kit } = await atIdentity()
    await user.selectOptions(screen.getByLabelText(/^gender$/i), 'f')
    await user.type(screen.getByLabelText(/^street address$/i), '1 Moi Avenue')
    await user.type(screen.getByLabelText(/^city$/i), 'Nairobi')
    expect(kit.sent.filter((request) => request.path === '/quotes')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Send for review' }))
    // The kit's reads still say unverified: only the submit's answer lets the quote go.
    await waitFor(
      () => expect(kit.sent.filter((request) => request.path === '/quotes')).toHaveLength(1),
      SLOW,
    )
    expect(storedCheckout().quote?.quoteId).toBe(buyQuote().quote_id)
  })

  it('reads the kit’s config once for the widget’s steps and the checkout’s gate', async () => {
    // The gate (the checkout's), the customer prefill and the identity form (the widget's) all
    // read it; the identity step on screen says the checkout has.
    const { kit } = await atIdentity()
    expect(kit.sent.filter((request) => request.path === '/config')).toHaveLength(1)
  })
})
