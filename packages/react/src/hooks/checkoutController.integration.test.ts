// @vitest-environment node
import type { CheckoutSnapshot, CheckoutToken } from '@rampkit/core/checkout'
import { createCheckoutController, memoryHistory } from '@rampkit/core/checkout'
import type { KitClient, KitOrder } from '@rampkit/core/kit'
import { createKitClient } from '@rampkit/core/kit'
import { expect, inject, it, vi } from 'vitest'
import { eventSourceFor } from '../../test/eventSource.js'

const env = inject('ramp')

/** The sandbox guide's Kenyan test phone whose orders settle. */
const SANDBOX_SETTLES = '+2541111111111'
const SLOW = { timeout: 30_000, interval: 50 }
const KENYA = { kind: 'african', country: 'KE', currency: 'KES' } as const
const MOBILE_MONEY = {
  type: 'mobile_money',
  label: 'Mobile money',
  quoteType: 'mobile_money',
  networkSource: 'catalog',
} as const

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  }
}

/** The kit client of one test user, with each request it sends counted (`METHOD /path`). */
function countedClient(user: string) {
  const sent: string[] = []
  const client = createKitClient({
    endpoint: env.endpoint,
    headers: { origin: env.origin, 'x-test-user': user },
    fetch: (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
      return fetch(input, init)
    },
  })
  return { client, sent }
}

/** The sandbox's KES M-Pesa provider and its USDC, as the kit lists them. */
async function mpesaAndUsdc(client: KitClient) {
  const catalog = await client.request('catalog')
  const mpesa = catalog.onramp?.countries.KE?.payment_methods.mobile_money?.providers.find(
    (provider) => provider.name === 'M-Pesa',
  )
  const usdc = (await client.request('tokens')).tokens.find((token) => token.symbol === 'USDC')
  if (!mpesa || !usdc) throw new Error('the sandbox has no KES M-Pesa on-ramp of USDC')
  const token: CheckoutToken = {
    symbol: usdc.symbol,
    label: usdc.label,
    address: usdc.address,
    decimals: usdc.decimals,
    chainId: usdc.chain_id,
    requiresZeroAllowanceReset: false,
  }
  return { mpesa, token }
}

/**
 * Core's checkout controller in Node, with no DOM and no React: a UI of its own sends only what
 * the shopper does, through the real kit client, the server kit and the sandbox. The kit's
 * requests are counted by a fetch that passes each one on.
 */
it('walks a KES buy to settled sending only what a shopper does, and resumes it', async () => {
  const { client, sent } = countedClient('controller-node-user')
  const { mpesa, token } = await mpesaAndUsdc(client)

  const storage = memoryStorage()
  const history = memoryHistory()
  const storageKey = 'rampkit:controller-node'
  const callbacks = {
    onQuote: vi.fn(),
    onOrderCreated: vi.fn(),
    onSettled: vi.fn(),
    onError: vi.fn(),
  }
  const options = { client, direction: 'OnRamp', storage, storageKey, history } as const
  const checkout = createCheckoutController({ ...options, ...callbacks })
  const seen: CheckoutSnapshot[] = []
  const storedWhileConfirming: string[] = []
  checkout.subscribe(() => {
    const snapshot = checkout.getSnapshot()
    seen.push(snapshot)
    if (snapshot.isConfirming) storedWhileConfirming.push(storage.map.get(storageKey)!)
  })
  const view = () => checkout.getSnapshot().view

  expect(checkout.choose({ corridor: KENYA })).toBe(true)
  expect(checkout.choose({ paymentMethod: MOBILE_MONEY })).toBe(true)
  const provider = {
    id: mpesa.id,
    name: mpesa.name,
    minAmount: mpesa.min_amount,
    maxAmount: mpesa.max_amount,
  }
  expect(checkout.choose({ provider })).toBe(true)
  expect(checkout.choose({ token })).toBe(true)
  expect(view()).toMatchObject({ screen: 'amount', progress: { stage: 'amount', current: 2 } })

  // The amount's error is always about the value typed now.
  checkout.typeAmount(String(mpesa.max_amount + 1))
  expect(view().amount).toMatchObject({ error: 'above_maximum', limits: { max: mpesa.max_amount } })
  checkout.typeAmount('abc')
  expect(view().amount?.error).toBe('invalid_amount')
  checkout.typeAmount('1500')
  expect(view().amount?.error).toBeUndefined()
  expect(checkout.setAmount()).toBe(true)
  expect(view().progress).toEqual({ stage: 'details', current: 3, total: 4 })

  const details = {
    name: 'Amina Njoroge',
    dob: '07/14/1990',
    phone: SANDBOX_SETTLES,
    walletAddress: env.testAccounts[1]!.address,
  }
  checkout.setDraft('details', { name: 'Amina Njoroge', document: 'passport.png', pin: '1234' })
  expect(checkout.submitDetails(details)).toBe(true)
  // The controller asks for the quote itself, once, and puts it beside the confirm.
  await vi.waitFor(() => expect(view().step).toBe('confirm'), SLOW)
  const quotes = () => sent.filter((request) => request === 'POST /api/ramp/quotes').length
  expect(quotes()).toBe(1)
  expect(callbacks.onQuote).toHaveBeenCalledTimes(1)
  expect(view().progress).toEqual({ stage: 'review', current: 4, total: 4 })
  expect(view().quote?.secondsLeft).toBeGreaterThan(100)
  expect(view().quote?.secondsLeft).toBeLessThanOrEqual(120)
  expect(history.entries().map((entry) => entry.place)).toEqual([
    'choose',
    'amount',
    'details',
    'review',
  ])

  // Browser Back: one place back, to the details, with what was typed (never a file or PIN).
  history.go(-1)
  await vi.waitFor(() => expect(view().step).toBe('details'))
  expect(checkout.getSnapshot().state.details).toEqual(details)
  expect(view().drafts.details).toEqual({ name: 'Amina Njoroge' })
  // Forward: the same quote again, not a second one.
  history.go(1)
  await vi.waitFor(() => expect(view().step).toBe('confirm'))
  expect(quotes()).toBe(1)

  await Promise.all([checkout.confirm(), checkout.confirm()])
  expect(view().step).toBe('status')
  expect(callbacks.onOrderCreated).toHaveBeenCalledTimes(1)
  const order = callbacks.onOrderCreated.mock.calls[0]![0] as KitOrder
  // The confirm was in storage before its request left: a reload mid-request would see it.
  expect(JSON.parse(storedWhileConfirming[0]!).confirm).toMatchObject({ state: 'sending' })
  expect(view().progress.current).toBeUndefined()

  // The controller follows the live order (Node has no EventSource: polling) to the end.
  await vi.waitFor(() => expect(checkout.getSnapshot().state.order?.status).toBe('settled'), SLOW)
  expect(seen.some((snapshot) => snapshot.view.connection === 'polling')).toBe(true)
  expect(view().connection).toBe('idle')
  expect(callbacks.onSettled).toHaveBeenCalledTimes(1)
  expect(callbacks.onError).not.toHaveBeenCalled()
  checkout.destroy()

  // A reload mid-accept: the state stored while the confirm was in flight. The accept is re-sent
  // with its key (idempotent upstream) and finds the same order, never a second one.
  storage.setItem(storageKey, storedWhileConfirming[0]!)
  const onOrderCreated = vi.fn()
  const reloaded = createCheckoutController({ ...options, onOrderCreated })
  reloaded.subscribe(() => {})
  await vi.waitFor(() => expect(reloaded.getSnapshot().state.step).toBe('status'), SLOW)
  expect(reloaded.getSnapshot().state.order?.orderId).toBe(order.order_id)
  expect(onOrderCreated).toHaveBeenCalledTimes(1)
  await vi.waitFor(() => expect(reloaded.getSnapshot().state.order?.status).toBe('settled'), SLOW)
  expect(quotes()).toBe(1)
  reloaded.destroy()
})

/**
 * As in a browser, the live order comes over the kit's event stream: the settled status reaches
 * the snapshot when the kit hears it, not at a poll. The poll interval here outlasts the test,
 * so the order is read by GET once, when the follow starts, and the rest is the stream's.
 */
it('follows the created order on the kit event stream to settled, with no poll after the first', async () => {
  const user = 'controller-stream-user'
  const { client, sent } = countedClient(user)
  const { mpesa, token } = await mpesaAndUsdc(client)
  const checkout = createCheckoutController({
    client,
    direction: 'OnRamp',
    eventSource: eventSourceFor(user),
    pollIntervalMs: 60_000,
  })
  const connections = new Set<string>()
  checkout.subscribe(() => connections.add(checkout.getSnapshot().view.connection))
  const provider = { id: mpesa.id, name: mpesa.name, minAmount: mpesa.min_amount }
  for (const choice of [
    { corridor: KENYA },
    { paymentMethod: MOBILE_MONEY },
    { provider },
    { token },
  ])
    expect(checkout.choose(choice)).toBe(true)
  expect(checkout.setAmount('1500')).toBe(true)
  const walletAddress = env.testAccounts[1]!.address
  expect(
    checkout.submitDetails({
      name: 'Amina Njoroge',
      dob: '07/14/1990',
      phone: SANDBOX_SETTLES,
      walletAddress,
    }),
  ).toBe(true)
  await vi.waitFor(() => expect(checkout.getSnapshot().view.step).toBe('confirm'), SLOW)
  await checkout.confirm()
  expect(checkout.getSnapshot().state.order?.status).not.toBe('settled')

  await vi.waitFor(() => expect(checkout.getSnapshot().state.order?.status).toBe('settled'), SLOW)
  expect(connections).toContain('live')
  expect(sent.filter((request) => /^GET \/api\/ramp\/orders\/[^/]+$/.test(request))).toHaveLength(1)
  expect(checkout.getSnapshot().view.connection).toBe('idle')
  checkout.destroy()
})
