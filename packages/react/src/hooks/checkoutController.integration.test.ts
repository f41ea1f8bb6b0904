import type { CheckoutSnapshot } from '@rampkit/core/checkout'
import { createCheckoutController, toCheckoutToken } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { createKitClient, isOrderFinal } from '@rampkit/core/kit'
import { expect, inject, it, vi } from 'vitest'
import { KENYA, MOBILE_MONEY } from '../../test/offline.js'
import { SLOW } from '../../test/walk.js'

const env = inject('ramp')

/** The sandbox guide's Kenyan test phone whose orders settle. */
const SANDBOX_SETTLES = '+2541111111111'

/**
 * Core's checkout controller with no React: a UI of its own would drive it the same way, through
 * the real kit client, the server kit and the sandbox.
 */
it('drives a KES buy from the quote to a settled order, confirmed once, and resumes it', async () => {
  const client = createKitClient({
    endpoint: env.endpoint,
    headers: { origin: env.origin, 'x-test-user': 'controller-user' },
  })
  const catalog = await client.request('catalog')
  const mpesa = catalog.onramp?.countries.KE?.payment_methods.mobile_money?.providers.find(
    (provider) => provider.name === 'M-Pesa',
  )
  const usdc = (await client.request('tokens')).tokens.find((token) => token.symbol === 'USDC')
  if (!mpesa || !usdc) throw new Error('the sandbox has no KES M-Pesa on-ramp of USDC')

  const storageKey = 'rampkit:controller-buy'
  const callbacks = {
    onQuote: vi.fn(),
    onOrderCreated: vi.fn(),
    onStatusChange: vi.fn(),
    onSettled: vi.fn(),
    onError: vi.fn(),
  }
  const checkout = createCheckoutController({
    client,
    direction: 'OnRamp',
    storage: window.sessionStorage,
    storageKey,
    ...callbacks,
  })
  // What storage held each time the controller said a confirm was in flight.
  const snapshots: CheckoutSnapshot[] = []
  const storedWhileConfirming: string[] = []
  checkout.subscribe(() => {
    const snapshot = checkout.getSnapshot()
    snapshots.push(snapshot)
    if (snapshot.isConfirming)
      storedWhileConfirming.push(window.sessionStorage.getItem(storageKey)!)
  })
  expect(checkout.getSnapshot()).toMatchObject({ hydrated: true, state: { step: 'corridor' } })

  for (const event of [
    { type: 'SELECT_CORRIDOR', corridor: KENYA },
    { type: 'SELECT_PAYMENT_METHOD', paymentMethod: MOBILE_MONEY },
    { type: 'SELECT_PROVIDER', provider: { id: mpesa.id, name: mpesa.name, code: mpesa.code } },
    { type: 'SELECT_TOKEN', token: toCheckoutToken(usdc) },
    { type: 'SET_AMOUNT', amountFiat: 1500 },
    {
      type: 'SUBMIT_DETAILS',
      details: {
        name: 'Amina Njoroge',
        dob: '07/14/1990',
        phone: SANDBOX_SETTLES,
        walletAddress: env.testAccounts[1]!.address,
      },
    },
  ] as const) {
    expect(checkout.send(event), event.type).toBe(true)
  }
  expect(checkout.getSnapshot().state.step).toBe('quote')
  // A guard says no before the quote arrives, and nothing changes.
  expect(checkout.can({ type: 'QUOTE_REVIEWED', now: Date.now() })).toMatchObject({
    ok: false,
    reason: 'no_quote',
  })

  await checkout.requestQuote()
  expect(snapshots.some((snapshot) => snapshot.isQuoting)).toBe(true)
  const { state: quoted } = checkout.getSnapshot()
  expect(checkout.getSnapshot().isQuoting).toBe(false)
  expect(quoted.quote).toMatchObject({ amountFiat: 1500 })
  expect(callbacks.onQuote).toHaveBeenCalledTimes(1)

  expect(checkout.send({ type: 'QUOTE_REVIEWED', now: Date.now() })).toBe(true)
  await Promise.all([checkout.confirm(), checkout.confirm()])
  const created = checkout.getSnapshot()
  expect(created).toMatchObject({ isConfirming: false, confirmUnknown: false })
  expect(created.state.step).toBe('status')
  expect(callbacks.onOrderCreated).toHaveBeenCalledTimes(1)
  const order = callbacks.onOrderCreated.mock.calls[0]![0] as KitOrder
  expect(created.state.order?.id).toBe(order.id)
  // The confirm was in storage before its request left: a reload mid-request would see it.
  expect(storedWhileConfirming.length).toBeGreaterThan(0)
  expect(JSON.parse(storedWhileConfirming[0]!).confirm).toMatchObject({ state: 'sending' })
  // A second confirm of the same quote is refused by the machine: no second order.
  await checkout.confirm()
  expect(callbacks.onOrderCreated).toHaveBeenCalledTimes(1)

  // The live order as a UI of its own would poll it, taken in until the sandbox settles it.
  await expect
    .poll(
      async () => {
        const live = await client.request('order', { params: { orderId: order.id } })
        checkout.updateOrder(live)
        return isOrderFinal(live.status) ? live.status : undefined
      },
      { ...SLOW, interval: 500 },
    )
    .toBe('settled')
  expect(checkout.getSnapshot().state.order?.status).toBe('settled')
  expect(callbacks.onSettled).toHaveBeenCalledTimes(1)
  expect(callbacks.onStatusChange.mock.calls.map(([live]) => live.status)).toContain('settled')
  expect(callbacks.onError).not.toHaveBeenCalled()
  checkout.destroy()

  // A reload mid-accept: the state stored while the confirm was in flight. The accept is re-sent
  // with its key (idempotent upstream) and finds the same order, never a second one.
  window.sessionStorage.setItem(storageKey, storedWhileConfirming[0]!)
  const onOrderCreated = vi.fn()
  const reloaded = createCheckoutController({
    client,
    direction: 'OnRamp',
    storage: window.sessionStorage,
    storageKey,
    onOrderCreated,
  })
  reloaded.subscribe(() => {})
  expect(reloaded.getSnapshot()).toMatchObject({ hydrated: true, isCheckingOrder: true })
  await vi.waitFor(() => expect(reloaded.getSnapshot().state.step).toBe('status'), SLOW)
  expect(reloaded.getSnapshot().state.order?.orderId).toBe(created.state.order?.orderId)
  expect(onOrderCreated).toHaveBeenCalledTimes(1)
  reloaded.destroy()
})
