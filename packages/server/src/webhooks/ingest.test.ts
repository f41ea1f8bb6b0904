import { buildWebhookHeaders, signWebhook } from '@rampkit/core/webhooks'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryStore } from '../store/memory/store.js'
import { pgliteStore } from '../store/pglite/store.js'
import type { RampStore } from '../store/types.js'
import { ingestWebhook, WebhookConfigurationError } from './ingest.js'
import { createDeliveryJournal } from './journal.js'

const SECRET = 'whsec_test_secret_value'
const NOW = 1_800_000_000_000

const orderBody = (status = 'settled') =>
  JSON.stringify({ order_id: 'ord_1', status, amount_fiat: 1500, currency: 'KES' })

async function signed(
  body: string,
  options: {
    secret?: string
    deliveryId?: string
    event?: 'order.settled'
    timestamp?: number
  } = {},
) {
  const headers: Record<string, string> = await buildWebhookHeaders({
    secret: options.secret ?? SECRET,
    event: options.event ?? 'order.settled',
    deliveryId: options.deliveryId ?? crypto.randomUUID(),
    body,
    timestamp: options.timestamp ?? NOW / 1000,
  })
  return headers
}

function post(body: BodyInit | null, headers: Record<string, string>) {
  return new Request('http://kit.test/webhooks', { method: 'POST', body, headers })
}

async function ingest(request: Request, store: RampStore = memoryStore(), extra = {}) {
  return ingestWebhook({ store, secrets: SECRET, request, now: () => NOW, ...extra })
}

describe('ingestWebhook', () => {
  it('stores a verified delivery byte for byte, then answers 200 and wakes the worker', async () => {
    const store = memoryStore()
    const body = `{"order_id":"ord_1",  "status":"settled","note":"caf\u00e9 \u{1F680}"}`
    const headers = await signed(body, { deliveryId: 'dlv-1' })
    const onStored = vi.fn()
    const result = await ingest(post(body, headers), store, { onStored })
    expect(result).toEqual({
      status: 200,
      stored: true,
      body: {
        status: 'success',
        message: 'Webhook received',
        data: { delivery_id: 'dlv-1', event: 'order.settled', duplicate: false, journaled: false },
      },
    })
    expect(onStored).toHaveBeenCalledWith('dlv-1')
    const stored = await store.getDelivery('dlv-1')
    expect(stored).toMatchObject({ body, event: 'order.settled', status: 'pending' })
    expect(stored?.receivedAt.getTime()).toBe(NOW)
  })

  it('answers a repeat of the id, or of the signature under a fresh id, as a 200 duplicate', async () => {
    const store = memoryStore()
    const body = orderBody()
    const headers = await signed(body, { deliveryId: 'dlv-a' })
    expect((await ingest(post(body, headers), store)).stored).toBe(true)

    const sameId = await ingest(post(body, headers), store)
    expect(sameId.status).toBe(200)
    expect(sameId.stored).toBe(false)
    expect(sameId.body.message).toMatch(/duplicate/i)
    expect(sameId.body.data).toMatchObject({ duplicate: true })

    // A captured delivery replayed within the window under a fresh (unsigned) id.
    const replay = await ingest(post(body, { ...headers, 'X-Webhook-Id': 'dlv-fresh' }), store)
    expect(replay).toMatchObject({
      status: 200,
      stored: false,
      body: { data: { duplicate: true } },
    })
    expect(await store.getDelivery('dlv-fresh')).toBeNull()
  })

  it('accepts a delivery signed with a previous secret during a rotation', async () => {
    const body = orderBody()
    const headers = await signed(body, { secret: 'whsec_old' })
    const result = await ingestWebhook({
      store: memoryStore(),
      secrets: [SECRET, 'whsec_old'],
      request: post(body, headers),
      now: () => NOW,
    })
    expect(result.status).toBe(200)
  })

  describe('refuses what it cannot trust, with the envelope and never a 500', () => {
    const body = orderBody()
    const cases: [string, () => Promise<Record<string, string>>, number, string][] = [
      [
        'no signature header',
        async () => withoutSignature(await signed(body)),
        400,
        'missing_header',
      ],
      [
        'a header that is not t=..,v1=..',
        async () => ({ ...(await signed(body)), 'X-Webhook-Signature': 'garbage' }),
        400,
        'malformed_header',
      ],
      [
        'a timestamp that is not digits',
        async () => ({
          ...(await signed(body)),
          'X-Webhook-Signature': `t=12abc,v1=${'A'.repeat(43)}=`,
        }),
        400,
        'bad_timestamp',
      ],
      [
        'two timestamps',
        async () => withSig(await signed(body), (h) => `t=${NOW / 1000},${h}`),
        400,
        'malformed_header',
      ],
      [
        'no v1 at all',
        async () => ({ ...(await signed(body)), 'X-Webhook-Signature': `t=${NOW / 1000},v0=abc` }),
        400,
        'no_signature',
      ],
      [
        'a stale timestamp',
        async () => signed(body, { timestamp: NOW / 1000 - 301 }),
        401,
        'timestamp_out_of_tolerance',
      ],
      [
        'a timestamp from the future',
        async () => signed(body, { timestamp: NOW / 1000 + 301 }),
        401,
        'timestamp_out_of_tolerance',
      ],
      [
        'another secret',
        async () => signed(body, { secret: 'whsec_someone_else' }),
        401,
        'signature_mismatch',
      ],
      [
        'a v1 that is not base64 of 32 bytes',
        async () => ({
          ...(await signed(body)),
          'X-Webhook-Signature': `t=${NOW / 1000},v1=short=`,
        }),
        401,
        'signature_mismatch',
      ],
    ]
    for (const [name, headers, status, reason] of cases) {
      it(`${name} -> ${status} ${reason}`, async () => {
        const store = memoryStore()
        const result = await ingest(post(body, await headers()), store)
        expect(result.status).toBe(status)
        expect(result.body).toMatchObject({ status: 'error', data: { reason } })
        expect(result.body.message).not.toContain(SECRET)
        expect(result.stored).toBe(false)
      })
    }

    it('a body changed after signing -> 401', async () => {
      const headers = await signed(body)
      const result = await ingest(post(body.replace('1500', '9999'), headers))
      expect(result).toMatchObject({
        status: 401,
        body: { data: { reason: 'signature_mismatch' } },
      })
    })

    it('a signed body that is not JSON, or not an object -> 400', async () => {
      for (const bad of ['{"order_id":', '[1,2]', '"text"', '\u0000']) {
        const result = await ingest(post(bad, await signed(bad)))
        expect(result).toMatchObject({
          status: 400,
          body: { status: 'error', data: { reason: 'invalid_json' } },
        })
      }
      const notUtf8 = new Uint8Array([0x7b, 0xff, 0x7d])
      const { header } = await signWebhook({ secret: SECRET, body: notUtf8, timestamp: NOW / 1000 })
      const result = await ingestWebhook({
        store: memoryStore(),
        secrets: SECRET,
        now: () => NOW,
        request: {
          body: notUtf8,
          headers: {
            'x-webhook-signature': header,
            'x-webhook-id': 'a',
            'x-webhook-event': 'order.settled',
          },
        },
      })
      expect(result.status).toBe(400)
    })

    it('a missing or malformed X-Webhook-Id or X-Webhook-Event -> 400 naming the header', async () => {
      const headers = await signed(body)
      const without = (name: string) =>
        Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name))
      expect((await ingest(post(body, without('X-Webhook-Id')))).body).toMatchObject({
        data: { field: 'X-Webhook-Id', reason: 'missing_header' },
      })
      expect((await ingest(post(body, without('X-Webhook-Event')))).body).toMatchObject({
        data: { field: 'X-Webhook-Event', reason: 'missing_header' },
      })
      expect((await ingest(post(body, { ...headers, 'X-Webhook-Id': 'a b' }))).body).toMatchObject({
        data: { field: 'X-Webhook-Id' },
      })
      expect(
        (await ingest(post(body, { ...headers, 'X-Webhook-Id': 'poll:ord:settled' }))).status,
      ).toBe(400)
      expect(
        (await ingest(post(body, { ...headers, 'X-Webhook-Event': 'Order Settled' }))).body,
      ).toMatchObject({ data: { field: 'X-Webhook-Event' } })
    })
  })

  it('counts the bytes it reads: a streamed body over the limit without Content-Length -> 413', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20))
      },
    })
    const request = new Request('http://kit.test/webhooks', {
      method: 'POST',
      body: stream,
      headers: await signed('{}'),
      duplex: 'half',
    } as RequestInit)
    expect(request.headers.get('content-length')).toBeNull()
    const result = await ingest(request)
    expect(result).toMatchObject({
      status: 413,
      body: { status: 'error', data: { reason: 'too_large' } },
    })
    // It stopped reading soon after the limit instead of buffering an endless body.
    expect(pulled).toBeLessThan(40)
  })

  it('refuses a declared length over the limit without reading, and honours maxBytes', async () => {
    const body = orderBody()
    const headers = await signed(body)
    const small = await ingest(post(body, headers), memoryStore(), { maxBytes: body.length - 1 })
    expect(small.status).toBe(413)
    const exact = await ingest(post(body, headers), memoryStore(), { maxBytes: body.length })
    expect(exact.status).toBe(200)
    const declared = await ingest(
      post(body, { ...headers, 'Content-Length': String(10 * 1024 * 1024) }),
    )
    expect(declared.status).toBe(413)
    const raw = await ingestWebhook({
      store: memoryStore(),
      secrets: SECRET,
      now: () => NOW,
      maxBytes: 10,
      request: { body: new Uint8Array(11), headers },
    })
    expect(raw.status).toBe(413)
  })

  describe('while the store is down (a closed PGlite store: every call fails)', () => {
    let down: RampStore
    beforeAll(async () => {
      down = await pgliteStore()
      await down.close()
    })

    it('with a journal, answers a verified delivery 200 and keeps it for the store', async () => {
      const journal = createDeliveryJournal({ store: down, retryMinMs: 60_000 })
      const onStored = vi.fn()
      const onStoreError = vi.fn()
      const body = orderBody()
      const headers = await signed(body, { deliveryId: 'dlv-journaled' })
      const result = await ingest(post(body, headers), down, { journal, onStored, onStoreError })
      expect(result).toEqual({
        status: 200,
        stored: false,
        body: {
          status: 'success',
          message: 'Webhook received; it is applied once the store is back',
          data: {
            delivery_id: 'dlv-journaled',
            event: 'order.settled',
            duplicate: false,
            journaled: true,
          },
        },
      })
      // The same delivery again is held once.
      const again = await ingest(post(body, headers), down, { journal })
      expect(again.body.data).toMatchObject({ duplicate: true, journaled: false })
      expect(journal.pending).toBe(1)
      // Not in the store yet: the worker is woken when it is.
      expect(onStored).not.toHaveBeenCalled()
      expect(onStoreError).not.toHaveBeenCalled()
      await journal.close()
    })

    it('still refuses what fails verification, and keeps none of it', async () => {
      const journal = createDeliveryJournal({ store: down, retryMinMs: 60_000 })
      const body = orderBody()
      const forged = await signed(body, { secret: 'whsec_someone_else' })
      expect((await ingest(post(body, forged), down, { journal })).status).toBe(401)
      const stale = await signed(body, { timestamp: NOW / 1000 - 3_600 })
      expect((await ingest(post(body, stale), down, { journal })).status).toBe(401)
      const unnamed = withoutHeader(await signed(body), 'X-Webhook-Id')
      expect((await ingest(post(body, unnamed), down, { journal })).status).toBe(400)
      expect(journal.pending).toBe(0)
      await journal.close()
    })

    it('answers 503 only as the last resort: the journal full, or no journal', async () => {
      const journal = createDeliveryJournal({ store: down, maxDeliveries: 1, retryMinMs: 60_000 })
      const first = orderBody('processing')
      expect((await ingest(post(first, await signed(first)), down, { journal })).status).toBe(200)
      const second = orderBody('settled')
      const full = await ingest(post(second, await signed(second)), down, { journal })
      expect(full).toMatchObject({ status: 503, body: { status: 'error', data: null } })
      await journal.close()

      const onStoreError = vi.fn()
      const body = orderBody()
      const bare = await ingest(post(body, await signed(body)), down, { onStoreError })
      expect(bare).toMatchObject({ status: 503, body: { status: 'error', data: null } })
      expect(onStoreError).toHaveBeenCalledOnce()
    })
  })

  it('throws a configuration error, not a 4xx, when no secret is set', async () => {
    const body = orderBody()
    const headers = await signed(body)
    await expect(
      ingestWebhook({
        store: memoryStore(),
        secrets: '  \n',
        request: post(body, headers),
        now: () => NOW,
      }),
    ).rejects.toBeInstanceOf(WebhookConfigurationError)
  })

  it('takes raw bytes and plain headers from any framework', async () => {
    const body = orderBody()
    const headers = await signed(body, { deliveryId: 'raw-1' })
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    const result = await ingestWebhook({
      store: memoryStore(),
      secrets: ` ${SECRET}\n`,
      now: () => NOW,
      request: { body: new TextEncoder().encode(body), headers: lower },
    })
    expect(result).toMatchObject({ status: 200, body: { data: { delivery_id: 'raw-1' } } })
  })

  it('works behind a Hono route through app.request()', async () => {
    const store = memoryStore()
    const app = new Hono().post('/webhooks', async (c) => {
      const result = await ingestWebhook({
        store,
        secrets: SECRET,
        request: c.req.raw,
        now: () => NOW,
      })
      return c.json(result.body, result.status)
    })
    const body = orderBody()
    const response = await app.request('/webhooks', {
      method: 'POST',
      body,
      headers: await signed(body, { deliveryId: 'hono-1' }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      status: 'success',
      data: { delivery_id: 'hono-1' },
    })
    const bad = await app.request('/webhooks', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(bad.status).toBe(400)
  })
})

function withoutHeader(headers: Record<string, string>, name: string) {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name))
}

function withoutSignature(headers: Record<string, string>) {
  const { 'X-Webhook-Signature': _, ...rest } = headers
  return rest
}

function withSig(headers: Record<string, string>, change: (header: string) => string) {
  return { ...headers, 'X-Webhook-Signature': change(headers['X-Webhook-Signature'] ?? '') }
}
