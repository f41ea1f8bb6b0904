import { describe, expect, it, vi } from 'vitest'
import { quoteData } from '../../test/fixtures.js'
import { createKitClient } from '../kit/client.js'
import type { KitConfig, KitCustomer } from '../kit/schemas.js'
import type { CheckoutStorage } from './adapters.js'
import { createCheckoutController } from './controller.js'
import { memoryHistory } from './history.js'
import { createCheckout, transition } from './machine.js'
import { serializeCheckout } from './persist.js'
import type { CheckoutState } from './types.js'

const KENYA = { kind: 'african', country: 'KE', currency: 'KES' } as const
// Never reached: these tests need no answer (the config read fails, as a kit down would).
const client = createKitClient({ endpoint: 'http://127.0.0.1:9/api/ramp' })

function memoryStorage(entries: Record<string, string> = {}): CheckoutStorage & {
  entries: Map<string, string>
} {
  const map = new Map(Object.entries(entries))
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
  }
}

const MPESA = { id: 'mpesa', name: 'M-Pesa', minAmount: 10, maxAmount: 250_000, currency: 'KES' }
const USDC = {
  symbol: 'USDC',
  label: 'BASE_USDC',
  address: '0x0000000000000000000000000000000000000001',
  decimals: 6,
  chainId: 8453,
  requiresZeroAllowanceReset: false,
}
const METHOD = {
  type: 'mobile_money',
  label: 'Mobile money',
  quoteType: 'mobile_money',
  networkSource: 'catalog',
} as const

const WALLET = '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB'
const future = () => new Date(Date.now() + 120_000).toISOString()
/** A KES buy on its amount step. */
function atAmount(): CheckoutState {
  let state = createCheckout({ direction: 'OnRamp' })
  for (const event of [
    { type: 'SELECT_CORRIDOR', corridor: KENYA },
    { type: 'SELECT_PAYMENT_METHOD', paymentMethod: METHOD },
    { type: 'SELECT_PROVIDER', provider: MPESA },
    { type: 'SELECT_TOKEN', token: USDC },
  ] as const) {
    state = transition(state, event)
  }
  return state
}

/** A sale on its confirm step, quoted from `wallet`. */
function saleAtConfirm(wallet: string): CheckoutState {
  return {
    ...atAmount(),
    direction: 'OffRamp',
    step: 'confirm',
    amountCrypto: '10',
    details: { name: 'Amina', walletAddress: wallet },
    quote: {
      quoteId: 'q1',
      rate: 130,
      amountFiat: 1300,
      amountCrypto: 10,
      currency: 'KES',
      token: 'USDC',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      expired: false,
      wallet,
    },
    approval: { amount: '10000000', spender: '0x2', confirmed: true },
  }
}

describe('createCheckoutController', () => {
  it('keeps one snapshot until something changes, and wakes no one on a refused event', () => {
    const checkout = createCheckoutController({ client, direction: 'OnRamp' })
    const listener = vi.fn()
    const unsubscribe = checkout.subscribe(listener)
    const hydrated = checkout.getSnapshot()
    expect(hydrated).toMatchObject({ hydrated: true, state: { step: 'corridor' } })
    expect(checkout.getSnapshot()).toBe(hydrated)

    expect(checkout.choose({ corridor: KENYA })).toBe(true)
    expect(checkout.getSnapshot()).not.toBe(hydrated)
    expect(checkout.getSnapshot().state.corridor).toEqual(KENYA)

    const before = checkout.getSnapshot()
    const calls = listener.mock.calls.length
    expect(checkout.send({ type: 'QUOTE_REVIEWED', now: Date.now() })).toBe(false)
    expect(checkout.can({ type: 'QUOTE_REVIEWED', now: Date.now() })).toEqual({
      ok: false,
      reason: 'wrong_step',
    })
    expect(checkout.getSnapshot()).toBe(before)
    expect(listener).toHaveBeenCalledTimes(calls)

    unsubscribe()
    checkout.startOver()
    expect(listener).toHaveBeenCalledTimes(calls)
    // The fixed direction is chosen again after a new start.
    expect(checkout.getSnapshot().state).toMatchObject({ step: 'corridor', direction: 'OnRamp' })
    checkout.destroy()
  })

  it('writes each state to its storage and reads it back once, only of the fixed direction', () => {
    const storage = memoryStorage()
    const first = createCheckoutController({ client, storage, storageKey: 'k' })
    first.hydrate()
    first.choose({ direction: 'OffRamp' })
    first.choose({ corridor: KENYA })
    expect(JSON.parse(storage.entries.get('k')!)).toMatchObject({ direction: 'OffRamp' })

    const resumed = createCheckoutController({ client, storage, storageKey: 'k' })
    expect(resumed.getSnapshot()).toMatchObject({ hydrated: false, state: { step: 'direction' } })
    resumed.hydrate()
    expect(resumed.getSnapshot().state).toEqual(first.getSnapshot().state)

    const buy = createCheckoutController({ client, storage, storageKey: 'k', direction: 'OnRamp' })
    buy.hydrate()
    expect(buy.getSnapshot().state).toMatchObject({ direction: 'OnRamp', step: 'corridor' })
    for (const each of [first, resumed, buy]) each.destroy()
  })

  it('works on when its storage refuses to read or write', () => {
    const broken: CheckoutStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const checkout = createCheckoutController({ client, storage: broken, direction: 'OnRamp' })
    checkout.hydrate()
    expect(checkout.choose({ corridor: KENYA })).toBe(true)
    checkout.setDraft('amount', { amount: '12' })
    expect(checkout.getSnapshot()).toMatchObject({
      hydrated: true,
      state: { step: 'paymentMethod' },
      view: { drafts: { amount: { amount: '12' } } },
    })
    checkout.destroy()
  })

  it('ignores a live order before one was created', () => {
    const stored = transition(createCheckout({ direction: 'OnRamp' }), {
      type: 'SELECT_CORRIDOR',
      corridor: KENYA,
    })
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(stored) })
    const onStatusChange = vi.fn()
    const checkout = createCheckoutController({ client, storage, onStatusChange })
    checkout.hydrate()
    expect(checkout.getSnapshot().state).toEqual(stored)
    const order = { id: 'o-1', order_id: 'o-1', status: 'settled' }
    expect(checkout.updateOrder(order as never)).toBe(false)
    expect(onStatusChange).not.toHaveBeenCalled()
    checkout.destroy()
  })

  it('says what is wrong with the amount typed now, never with the one before', () => {
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(atAmount()) })
    const checkout = createCheckoutController({ client, storage, direction: 'OnRamp' })
    checkout.hydrate()
    const amount = () => checkout.getSnapshot().view.amount
    checkout.typeAmount('250001')
    expect(amount()).toMatchObject({ error: 'above_maximum', limits: { max: 250_000 } })
    checkout.typeAmount('abc')
    expect(amount()).toMatchObject({ value: 'abc', error: 'invalid_amount' })
    checkout.typeAmount('0')
    expect(amount()?.error).toBe('invalid_amount')
    checkout.typeAmount('5')
    expect(amount()?.error).toBe('below_minimum')
    checkout.typeAmount('')
    expect(amount()?.error).toBe('required')
    expect(checkout.setAmount()).toBe(false)
    expect(checkout.getSnapshot().state.step).toBe('amount')
    checkout.typeAmount('1500')
    expect(amount()?.error).toBeUndefined()
    expect(checkout.setAmount()).toBe(true)
    expect(checkout.getSnapshot().state).toMatchObject({ step: 'details', amountFiat: 1500 })
    checkout.destroy()
  })

  it('keeps drafts through a reload, never a file, a document or a secret', () => {
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(atAmount()) })
    const options = { client, storage, direction: 'OnRamp' } as const
    const checkout = createCheckoutController(options)
    checkout.hydrate()
    const file = new Blob(['id card'])
    checkout.setDraft('identity', { first_name: 'Amina', idFront: file, password: 'x', pin: '1' })
    checkout.destroy()
    expect(storage.entries.get('rampkit:checkout:drafts')).not.toMatch(/password|pin|idFront/)

    const reloaded = createCheckoutController(options)
    reloaded.hydrate()
    expect(reloaded.getSnapshot().view.drafts).toEqual({ identity: { first_name: 'Amina' } })
    reloaded.startOver()
    expect(reloaded.getSnapshot().view.drafts).toEqual({})
    reloaded.destroy()
  })

  it('keeps the counter of a checkout that had an identity stage through a reload', () => {
    const withIdentity = { ...atAmount(), identity: true }
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(withIdentity) })
    const checkout = createCheckoutController({ client, storage, direction: 'OnRamp' })
    checkout.hydrate()
    expect(checkout.getSnapshot().view.progress).toEqual({ stage: 'amount', current: 2, total: 5 })
    checkout.destroy()
  })

  it('neither approves nor confirms from a wallet that did not quote, until it is back', async () => {
    const alice = '0xA11ce00000000000000000000000000000000001'
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(saleAtConfirm(alice)) })
    const onError = vi.fn()
    const checkout = createCheckoutController({ client, storage, onError })
    checkout.hydrate()
    checkout.setWallet('0xB0b0000000000000000000000000000000000002')
    expect(checkout.getSnapshot().view.wallet).toMatchObject({ status: 'switched', quoted: alice })
    await checkout.confirm()
    expect(checkout.getSnapshot().state.confirm).toBeUndefined()
    expect(checkout.approvalDone()).toBe(false)

    // Back to the wallet that quoted (in any letter case): nothing stands in the way.
    checkout.setWallet(alice.toLowerCase())
    expect(checkout.getSnapshot().view.wallet.status).toBe('same')
    checkout.destroy()
  })

  it('moves one place back through the history, and after a confirm leaves instead', async () => {
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(atAmount()) })
    const history = memoryHistory()
    const checkout = createCheckoutController({ client, storage, history, direction: 'OnRamp' })
    checkout.subscribe(() => {})
    expect(history.entries()).toMatchObject([{ place: 'amount', depth: 0 }])
    checkout.typeAmount('1500')
    checkout.setAmount()
    expect(history.entries().map((entry) => entry.place)).toEqual(['amount', 'details'])
    expect(checkout.back()).toBe(true)
    await vi.waitFor(() => expect(checkout.getSnapshot().state.step).toBe('amount'))
    // The header's Back on the first entry moves without the browser, and replaces it.
    expect(checkout.back()).toBe(true)
    expect(checkout.getSnapshot().view.progress.stage).toBe('choose')
    checkout.destroy()
  })

  it('keeps the details and identity drafts per place through Back, Forward and a reload, and quotes on the identity step’s answer', async () => {
    const requests: string[] = []
    const unverified = { status: 'none', missing_fields: ['address'], missing_documents: [] }
    // A kit whose customer reads lag: only the submit's answer says approved.
    const kit = createKitClient({
      endpoint: 'http://kit.test/api/ramp',
      fetch: async (input, init) => {
        const path = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname.slice('/api/ramp'.length)}`
        requests.push(path)
        const data = path === 'GET /customer' ? unverified : { ...quoteData, expires_at: future() }
        return Response.json({ status: 'success', data })
      },
    })
    // The page's own read of the config, handed over: the client never asks.
    const config = vi.fn(async () => ({ customer_mode: 'vault' }) as KitConfig)
    const storage = memoryStorage({ 'rampkit:checkout': serializeCheckout(atAmount()) })
    const history = memoryHistory()
    const options = { client: kit, config, storage, history, direction: 'OnRamp' } as const
    const checkout = createCheckoutController(options)
    checkout.subscribe(() => {})
    const view = () => checkout.getSnapshot().view
    checkout.setAmount('1500')
    checkout.setDraft('details', { name: 'Amina', wallet: '0x1' })
    checkout.submitDetails({
      name: 'Amina Njoroge',
      dob: '07/14/1990',
      phone: '+254712345678',
      walletAddress: WALLET,
    })
    await vi.waitFor(() => expect(view().progress.stage).toBe('identity'))
    checkout.setDraft('identity', { 'address.city': 'Nairobi', id_front: new Blob(['id']) })

    expect(checkout.back()).toBe(true)
    await vi.waitFor(() => expect(view().progress.stage).toBe('details'))
    expect(view().drafts.details).toEqual({ name: 'Amina', wallet: '0x1' })
    history.go(1)
    await vi.waitFor(() => expect(view().progress.stage).toBe('identity'))
    expect(view().drafts.identity).toEqual({ 'address.city': 'Nairobi' })
    checkout.destroy()

    const reloaded = createCheckoutController(options)
    reloaded.subscribe(() => {})
    await vi.waitFor(() => expect(reloaded.getSnapshot().view.progress.stage).toBe('identity'))
    expect(reloaded.getSnapshot().view.drafts).toEqual({
      details: { name: 'Amina', wallet: '0x1' },
      identity: { 'address.city': 'Nairobi' },
    })
    expect(requests.filter((each) => each === 'POST /quotes')).toEqual([])
    reloaded.submitIdentity({ ...unverified, status: 'approved' } as unknown as KitCustomer)
    await vi.waitFor(() =>
      expect(reloaded.getSnapshot().state.quote?.quoteId).toBe(quoteData.quote_id),
    )
    expect(requests.filter((each) => each === 'POST /quotes')).toHaveLength(1)
    expect(requests).not.toContain('GET /config')
    expect(config).toHaveBeenCalledTimes(2)
    reloaded.destroy()
  })
})
