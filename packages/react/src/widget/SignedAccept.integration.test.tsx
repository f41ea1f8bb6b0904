import { screen, waitFor } from '@testing-library/react'
import { EventSource as EventSourcePolyfill } from 'eventsource'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../test/axe.js'
import { connectedWagmi, type RenderedCheckout, renderCheckout } from '../../test/render.js'
import { choose, click, review, SLOW, section, step } from '../../test/walk.js'
import type { RampCheckoutProps } from './context.js'

/**
 * Wallet-signed accepts in the widget, against the real kit (`signedAccepts`) and the real
 * sandbox (signed accepts on for the kit's key) on anvil: the connected wallet is enrolled once,
 * signs the quote's typed data through wagmi, and the signed sale settles.
 */
const env = inject('ramp')
const publicClient = createPublicClient({ transport: http(env.rpcUrl) })

/** The sandbox guide's Kenyan success phone: the sale settles once its tokens are collected. */
const customer = { name: 'Amina Njoroge', phone: '+2541111111111', dob: '07/14/1990' }

const props: RampCheckoutProps = {
  direction: 'OffRamp',
  country: 'KE',
  token: 'USDC',
  amountCrypto: '10',
  customer,
}

/**
 * The sale's three screens up to its quote: rail and provider, the amount (the props' 10 USDC),
 * then the details on the review screen (the connected wallet) and the quote beside them.
 */
async function quoteSale(checkout: RenderedCheckout, address: string) {
  await choose(checkout.user, /^Mobile money/, /^M-Pesa/)
  await step(/how much/i)
  await click(checkout.user, /^Continue$/)
  await section(/your details/i)
  const wallet = (await screen.findByLabelText(/wallet that sends/i, undefined, SLOW)) as
    | HTMLInputElement
    | undefined
  await waitFor(() => expect(wallet?.value.toLowerCase()).toBe(address.toLowerCase()))
  await click(checkout.user, /^Get a quote$/)
  await screen.findByText('You send', undefined, SLOW)
}

/** The review screen's approval section of a first sale: the wallet proof, then the allowance. */
async function proveAndApprove(checkout: RenderedCheckout) {
  await section(/allow the token transfer/i)
  await click(checkout.user, /^Sign to confirm$/)
  await screen.findByText(/^Wallet confirmed:/, undefined, SLOW)
  await click(checkout.user, /^Approve 10 USDC/)
}

/** The quote the checkout keeps in sessionStorage. */
function savedQuote() {
  return JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!).quote
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

describe('<RampCheckout /> with signed accepts', () => {
  it('enrolls the wallet once, signs the quote in it, and settles the sale', async () => {
    vi.stubGlobal('EventSource', EventSourcePolyfill)
    const account = env.testAccounts[8]!
    const usdc = env.tokens.find((token) => token.symbol === 'USDC')!
    const balance = () =>
      publicClient.readContract({
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address as Address],
      })
    const before = await balance()
    // First a wallet whose user declines the enrollment's signature.
    const declining = await connectedWagmi(account.address, { signTypedDataError: true })
    const first = renderCheckout({
      endpoint: env.signed.endpoint,
      user: env.signed.users[0],
      wagmiConfig: declining,
      props,
    })
    await quoteSale(first, account.address)
    await proveAndApprove(first)
    // The confirm of the same screen: this wallet is not the user's signing key yet.
    await screen.findByText('Approve orders with your wallet', undefined, SLOW)
    await click(first.user, /^Enroll this wallet$/)
    const declined = await screen.findByText(/^You declined the signature/, undefined, SLOW)
    expect(declined.closest('[role="alert"]')).toBeTruthy()
    await expectNoAxeViolations(first.container)
    first.unmount()
    window.sessionStorage.clear()

    // The same wallet, signing: enrolled, a new quote for it, signed on confirm, settled.
    const onSettled = vi.fn()
    const signing = await connectedWagmi(account.address)
    const second = renderCheckout({
      endpoint: env.signed.endpoint,
      user: env.signed.users[0],
      wagmiConfig: signing,
      props: { ...props, onSettled },
    })
    await quoteSale(second, account.address)
    // Proven earlier in this session, and the allowance approved then still covers the sale:
    // the quote goes straight to the confirm.
    expect(screen.queryByRole('button', { name: /^Sign to confirm$/ })).toBeNull()
    await click(second.user, /^Enroll this wallet$/)
    // The first quote had nothing for this wallet to sign: the widget asks for a new one.
    const saved = () => JSON.parse(window.sessionStorage.getItem('rampkit:checkout')!)
    await waitFor(
      () =>
        expect(saved().quote?.signing?.signer_address?.toLowerCase()).toBe(
          account.address.toLowerCase(),
        ),
      SLOW,
    )
    const requoted = saved().quote
    expect(requoted.signing.typed_data.primaryType).toBe('AcceptPartnerOrder')
    // The new quote moves the machine on by itself, to the same screen's confirm.
    expect((await review(second.container)).textContent).toBe('Confirm and sell')
    await click(second.user, /^Confirm and sell$/)
    await step(/order status/i)
    await screen.findByText(/Your order has settled/, undefined, SLOW)
    expect(onSettled.mock.calls[0]![0]).toMatchObject({
      order_type: 'OffRamp',
      flow: 'quote',
      amount_crypto: requoted.amountCrypto,
    })
    const sold = BigInt(Math.round(requoted.amountCrypto * 10 ** usdc.decimals))
    expect(before - (await balance())).toBe(sold)
  }, 120_000)

  it('says so when the enrolled wallet was revoked before the confirm, and enrolls it again', async () => {
    const account = env.testAccounts[4]!
    const wagmiConfig = await connectedWagmi(account.address)
    const onError = vi.fn()
    const checkout = renderCheckout({
      endpoint: env.signed.endpoint,
      user: env.signed.users[1],
      wagmiConfig,
      props: { ...props, onError },
    })
    await quoteSale(checkout, account.address)
    await proveAndApprove(checkout)
    await click(checkout.user, /^Enroll this wallet$/)
    await waitFor(() => expect(savedQuote()?.signing?.key_id).toMatch(/^skey_/), SLOW)
    await screen.findByRole('button', { name: /^Confirm and sell$/ }, SLOW)
    // The key is revoked at the service after the quote (another app, support, a lost phone).
    const { customerId, keyId } = {
      customerId: savedQuote().signing.typed_data.message.customerId as string,
      keyId: savedQuote().signing.key_id as string,
    }
    const revoked = await fetch(
      `${env.sandboxUrl}/api/v1/partner/customers/${customerId}/signing-keys/${keyId}/revoke`,
      { method: 'POST', headers: { 'x-api-key': env.signed.apiKey } },
    )
    expect(revoked.status).toBe(200)
    await click(checkout.user, /^Confirm and sell$/)
    const refused = await screen.findByText(
      /^Your wallet’s approval was not accepted/,
      undefined,
      SLOW,
    )
    expect(refused.closest('[role="alert"]')).toBeTruthy()
    expect(onError.mock.calls.at(-1)![0]).toMatchObject({ field: 'signed_accept.signature' })
    await expectNoAxeViolations(checkout.container)
    // A new quote finds no active key: the confirm asks to enroll the wallet again.
    await click(checkout.user, /^Get a new quote$/)
    await screen.findByText('You send', undefined, SLOW)
    await screen.findByRole('button', { name: /^Enroll this wallet$/ }, SLOW)
  }, 120_000)
})
