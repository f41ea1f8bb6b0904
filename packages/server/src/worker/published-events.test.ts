import { KIT_ROUTES } from '@rampkit/core/kit'
import { buildWebhookHeaders, type WebhookEvent } from '@rampkit/core/webhooks'
// The service's published customer and account webhook bodies, written once for the tests of
// core, the kit and the sandbox (test-only: none of it ships).
import { accountEvents, cardFundingCredit, customerEvents } from '@rampkit/test/published'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_SECRET } from '../../test/kit.js'
import { createRampHandler } from '../handler.js'
import { memoryStore } from '../store/memory/store.js'
import { type AnyEventContext, HANDLER_NAMES, type WebhookHandlers } from './events.js'

/**
 * The published `customer.*` and `account.*` bodies, signed as the service signs them
 * (`X-Idempotency-Key` included), through the kit's real webhook route (`app.request()`): each
 * is stored, applied by the worker, and reaches its typed handler as the published shape.
 */
const SECRET = 'whsec_published_events'
const store = memoryStore()
const calls: { handler: string; context: AnyEventContext }[] = []
const handlers: WebhookHandlers = {}
for (const name of Object.values(HANDLER_NAMES)) {
  Object.assign(handlers, {
    [name]: (context: AnyEventContext) => void calls.push({ handler: name, context }),
  })
}

const kit = createRampHandler({
  apiKey: 'is_test_published_events_key',
  // Never called: webhooks need no upstream, and the order poll is off.
  baseUrl: 'http://127.0.0.1:9',
  webhookSecret: SECRET,
  sessionSecret: SESSION_SECRET,
  store,
  handlers,
  poll: false,
  logger: false,
})
beforeAll(() => kit.ramp.start())
afterAll(() => kit.ramp.close())

async function deliver(event: WebhookEvent, payload: unknown) {
  const body = JSON.stringify(payload)
  const deliveryId = crypto.randomUUID()
  const headers = await buildWebhookHeaders({ secret: SECRET, event, deliveryId, body })
  const response = await kit.request(KIT_ROUTES.webhooks, {
    method: 'POST',
    body,
    headers: headers as unknown as Record<string, string>,
  })
  expect(response.status).toBe(200)
  await kit.ramp.worker!.drain()
  return { deliveryId, headers }
}

function lastCall() {
  const call = calls.at(-1)
  if (!call) throw new Error('no handler ran')
  return call
}

describe('published customer events', () => {
  it.each(Object.entries(customerEvents))(
    '%s reaches its handler with the published body',
    async (event, body) => {
      const { deliveryId, headers } = await deliver(event as WebhookEvent, body)
      expect(headers['X-Idempotency-Key']).toBe(deliveryId)
      const { handler, context } = lastCall()
      expect(handler).toBe(HANDLER_NAMES[event as keyof typeof HANDLER_NAMES])
      expect(context).toMatchObject({ event, deliveryId, source: 'webhook' })
      expect(context.payload).toEqual(body)
      expect((await store.getDelivery(deliveryId))?.status).toBe('applied')
    },
  )

  it('customer.revoked whose body is not suspended is handled as customer.updated', async () => {
    // Another customer's body: the same bytes signed in the same second would be a replay of
    // the customer.updated delivered above, which the kit stores once.
    await deliver('customer.revoked', {
      ...customerEvents['customer.revoked'],
      customer_id: 'pcus_other',
      status: 'approved',
    })
    expect(lastCall()).toMatchObject({
      handler: 'onCustomerUpdated',
      context: { event: 'customer.updated' },
    })
  })

  it('keeps a status the documents do not list yet', async () => {
    await deliver('customer.updated', { ...customerEvents['customer.updated'], status: 'frozen' })
    const payload = lastCall().context.payload as { status: string }
    expect(payload.status).toBe('frozen')
  })
})

describe('published account events', () => {
  it.each(Object.entries(accountEvents))(
    '%s reaches its handler with account, credit and send nested as published',
    async (event, body) => {
      const { deliveryId, headers } = await deliver(event as WebhookEvent, body)
      expect(headers['X-Idempotency-Key']).toBe(deliveryId)
      const { handler, context } = lastCall()
      expect(handler).toBe(HANDLER_NAMES[event as keyof typeof HANDLER_NAMES])
      expect(context).toMatchObject({ event, deliveryId, source: 'webhook' })
      expect(context.payload).toEqual(body)
    },
  )

  it('hands onAccountCredited the credit exactly: decimal string and minor units', async () => {
    await deliver('account.credited', cardFundingCredit)
    const { handler, context } = lastCall()
    expect(handler).toBe('onAccountCredited')
    expect(context.payload).toMatchObject({
      source: 'card_charge',
      credit: { amount: '9.25', amount_minor: 925, fee_minor: 75, currency: 'EUR' },
      account: { id: 18, status: 'active' },
    })
  })

  it('parks an account body that names no account, and a credit written as a float', async () => {
    const { account: _, ...noAccount } = accountEvents['account.opened']
    const orphan = await deliver('account.opened', noAccount)
    const credited = accountEvents['account.credited']
    const float = await deliver('account.credited', {
      ...credited,
      credit: { ...credited.credit, amount: 1043.17 },
    })
    for (const { deliveryId } of [orphan, float]) {
      expect(await store.getDelivery(deliveryId)).toMatchObject({ status: 'parked' })
    }
    expect((await store.getDelivery(orphan.deliveryId))?.lastError).toMatch(/names no account/)
  })
})
