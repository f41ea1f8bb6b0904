/**
 * What the worker does with `customer.*` and `account.*` deliveries for end users' linked vault
 * customers: the link takes the status the service confirms (a late, stale event cannot undo a
 * review), the customer's streams get a signal, and a customer nobody linked changes nothing.
 */
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
import { describe, expect, it, vi } from 'vitest'
import { memoryBus } from '../bus/memory.js'
import type { BusSignal } from '../bus/types.js'
import { memoryStore } from '../store/memory/store.js'
import { ingestWebhook } from '../webhooks/ingest.js'
import { createWorker, type PolledCustomer } from './worker.js'

const SECRET = 'whsec_worker_customer_tests'
const silent = { warn: () => {}, error: () => {} }

async function setup(confirmed: () => Promise<PolledCustomer | null>) {
  const store = memoryStore()
  const links = store.customerLinks!
  const bus = memoryBus()
  const signals: BusSignal[] = []
  const fetchCustomer = vi.fn(confirmed)
  const onEvent = vi.fn()
  const worker = createWorker({
    store,
    bus,
    logger: silent,
    handlers: { onEvent },
    customers: { links, fetchCustomer, signal: (signal) => bus.signal!(signal) },
  })
  bus.onSignal!('customer:rk_amina', (signal) => signals.push(signal))
  const now = new Date()
  await links.claim({
    owner: 'amina',
    ref: 'rk_amina',
    customerType: 'individual',
    now,
    leaseMs: 1000,
  })
  await links.attach({
    owner: 'amina',
    customerId: 'pcus_amina',
    status: 'pending_review',
    depositAccountStatus: 'none',
    now,
  })
  async function deliver(event: string, body: Record<string, unknown>) {
    const text = JSON.stringify(body)
    const headers = await buildWebhookHeaders({
      secret: SECRET,
      event: event as WebhookEvent,
      deliveryId: crypto.randomUUID(),
      body: text,
    })
    const result = await ingestWebhook({
      store,
      secrets: SECRET,
      request: new Request('http://kit.test/webhooks', { method: 'POST', body: text, headers }),
    })
    expect(result.status).toBe(200)
    await worker.drain()
  }
  return { links, signals, fetchCustomer, onEvent, deliver }
}

const customerBody = (status: string, customerId = 'pcus_amina') => ({
  customer_id: customerId,
  partner_customer_ref: 'rk_amina',
  type: 'individual',
  status,
  products: { deposit_account: { status: 'provisioning' } },
})

describe('customer events for a linked customer', () => {
  it('store the status the service confirms and signal the customer’s streams', async () => {
    const { links, signals, fetchCustomer, onEvent, deliver } = await setup(async () => ({
      status: 'approved',
      depositAccountStatus: 'provisioning',
    }))
    await deliver('customer.approved', customerBody('approved'))
    expect(fetchCustomer).toHaveBeenCalledWith('pcus_amina')
    expect(await links.get('amina')).toMatchObject({
      status: 'approved',
      depositAccountStatus: 'provisioning',
    })
    expect(signals).toEqual([
      {
        topic: 'customer:rk_amina',
        data: { event: 'customer.approved', account_id: null },
      },
    ])
    expect(onEvent).toHaveBeenCalledOnce()
  })

  it('cannot be undone by a late, stale event: the confirmed status wins', async () => {
    const { links, deliver } = await setup(async () => ({
      status: 'approved',
      depositAccountStatus: 'ready',
    }))
    await deliver('customer.submitted', customerBody('pending_review'))
    expect(await links.get('amina')).toMatchObject({
      status: 'approved',
      depositAccountStatus: 'ready',
    })
  })

  it('store the signed body’s status when the service cannot be asked', async () => {
    const { links, signals, deliver } = await setup(async () => {
      throw new Error('service unreachable')
    })
    await deliver('customer.rejected', customerBody('rejected'))
    expect(await links.get('amina')).toMatchObject({
      status: 'rejected',
      depositAccountStatus: 'provisioning',
    })
    expect(signals).toHaveLength(1)
  })

  it('change nothing for a customer nobody linked, and still reach the handlers', async () => {
    const { links, signals, fetchCustomer, onEvent, deliver } = await setup(async () => ({
      status: 'approved',
      depositAccountStatus: null,
    }))
    await deliver('customer.approved', customerBody('approved', 'pcus_someone_else'))
    expect(fetchCustomer).not.toHaveBeenCalled()
    expect(await links.get('amina')).toMatchObject({ status: 'pending_review' })
    expect(signals).toEqual([])
    expect(onEvent).toHaveBeenCalledOnce()
  })
})

describe('account events for a linked customer', () => {
  it('signal the account, found by customer_id or by the older customer_uid', async () => {
    const { links, signals, deliver } = await setup(async () => null)
    await deliver('account.credited', {
      customer_id: 'pcus_amina',
      account_id: 17,
      credit: { amount: '25.00', currency: 'EUR' },
    })
    await deliver('account.ready', {
      customer_uid: 'rk_amina',
      account: { id: 18, status: 'active' },
    })
    expect(signals.map((signal) => signal.data)).toEqual([
      { event: 'account.credited', account_id: '17' },
      { event: 'account.ready', account_id: '18' },
    ])
    // An account event does not touch the customer's status.
    expect(await links.get('amina')).toMatchObject({ status: 'pending_review' })
  })
})
