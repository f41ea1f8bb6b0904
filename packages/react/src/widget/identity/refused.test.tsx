import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  buyQuote,
  checkoutAtQuote,
  declinedCustomer as declined,
  kitFetch,
  DECLINED_REASON as REASON,
  renderResumed,
} from '../../../test/offline.js'

const SLOW = { timeout: 10_000 }

/** A KES buy resumed on its review, on a vault kit whose customer is declined. */
async function refused(status: 'rejected' | 'suspended', supportUrl?: string) {
  const kit = kitFetch({
    'GET /config': () => ({
      environment: 'sandbox',
      chain_id: 8453,
      spender: null,
      sse: false,
      customer_mode: 'vault',
    }),
    'GET /customer': () => declined(status),
    'POST /quotes': () => buyQuote(),
  })
  renderResumed(checkoutAtQuote('OnRamp', { amountFiat: 1500 }), {
    fetch: kit.fetch,
    provider: supportUrl === undefined ? {} : { supportUrl },
  })
  const title =
    status === 'rejected' ? 'We could not verify your identity' : 'This account is suspended'
  return (await screen.findByText(title, undefined, SLOW)).closest('[role="alert"]') as HTMLElement
}

describe('the identity step for a declined shopper', () => {
  it('links the partner’s support beside the service’s reason, in a new tab', async () => {
    const alert = await refused('rejected', 'https://shop.example/help')
    const link = screen.getByRole('link', { name: 'Contact support' })
    expect(alert.contains(link)).toBe(true)
    expect(link.getAttribute('href')).toBe('https://shop.example/help')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByTestId('rejection-reason').textContent).toBe(`Reason given: ${REASON}`)
    expect(link.parentElement?.textContent).toBe(
      'You cannot buy or sell with this account for now. Contact support and quote the reason above.',
    )
  })

  it('links a mailto address as it is, for a suspended shopper too', async () => {
    await refused('suspended', 'mailto:support@shop.example')
    const link = screen.getByRole('link', { name: 'Contact support' })
    expect(link.getAttribute('href')).toBe('mailto:support@shop.example')
    expect(link.hasAttribute('target')).toBe(false)
    expect(link.parentElement?.textContent).toBe(
      'Orders are not available for this account. Contact support.',
    )
  })

  it('promises no link without a support address', async () => {
    const alert = await refused('rejected')
    expect(screen.queryByRole('link')).toBeNull()
    expect(alert.textContent).toContain(
      'You cannot buy or sell with this account for now. Contact support and quote the reason above.',
    )
  })

  it('links no address a link must not open', async () => {
    await refused('rejected', 'javascript:alert(1)')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
