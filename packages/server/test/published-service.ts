import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhook, WebhookVerificationError } from '@rampkit/core/webhooks'
import { catalogAsTree } from '@rampkit/test/published'

/**
 * Test fixtures of the doctor (not part of the package API): a service on 127.0.0.1 that answers
 * the discovery reads in the shapes the service's OpenAPI document publishes (values are ours),
 * with one field renamed where the test asks, and refuses every key but the one it knows.
 */

const NETWORK = '0b6c7a52-93e4-4d0f-8c55-1f2a3b4c5d6e'
const BANK = 'a41d2e90-6b1f-4c3a-9e7d-2c8b5f0a1d34'

/**
 * `data` of each discovery read, published shapes, our values; the catalog is the published tree
 * core's schemas and client are tested against (`@rampkit/test/published`).
 */
export function publishedShapes(): Record<string, unknown> {
  return {
    '/api/v1/partner/rates/indicative': {
      requested: ['KES'],
      fetched_at: '2026-01-02T03:04:05Z',
      rates: [{ currency: 'KES', buy: 130.1, sell: 127.9 }],
    },
    '/api/v1/partner/corridors': {
      african_markets: [{ country: 'KE', currency: 'KES', onramp: true, offramp: true }],
      international_bank: { currencies: [{ currency: 'EUR', onramp: true, offramp: false }] },
    },
    '/api/v1/partner/catalog': structuredClone(catalogAsTree),
    '/api/v1/partner/payment-methods': {
      context: { country: 'KE', currency: 'KES' },
      onramp: [
        {
          type: 'mobile_money',
          status: 'active',
          networks: [
            {
              id: NETWORK,
              name: 'Test Wallet',
              min_amount: 200,
              max_amount: 150000,
              currency: 'KES',
            },
          ],
        },
        { type: 'bank', status: 'active', networks: [] },
      ],
      offramp: [],
    },
    '/api/v1/partner/order-requirements': {
      context: {
        country: 'KE',
        currency: 'KES',
        order_type: 'OnRamp',
        payment_method_type: 'mobile_money',
      },
      customer: ['name', 'dob'],
      payment_method: ['type', 'phone_number', 'network_id'],
      order: ['wallet_address', 'local_amount', 'asset'],
    },
    '/api/v1/partner/banks': {
      disclaimer: 'Indicative only.',
      context: {
        country: 'KE',
        currency: 'KES',
        order_type: 'OnRamp',
        payment_method_type: 'bank',
      },
      supported: true,
      message: 'Active bank networks.',
      banks: [{ id: BANK, name: 'Test Bank' }],
    },
    '/meta/tokens': {
      environment: 'sandbox',
      tokens: [
        {
          symbol: 'USDC',
          label: 'BASE_USDC(Testnet)',
          address: '0x1111111111111111111111111111111111111111',
          decimals: 6,
          chain_id: 84532,
        },
      ],
    },
  }
}

/** Moves `from` to `to` in every object of `value` (deep), in place. */
export function renameField(value: unknown, from: string, to: string): void {
  if (Array.isArray(value)) {
    for (const item of value) renameField(item, from, to)
  } else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>
    if (from in object) {
      object[to] = object[from]
      delete object[from]
    }
    for (const item of Object.values(object)) renameField(item, from, to)
  }
}

export type PublishedService = { url: string; requests: string[]; close(): Promise<void> }

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Starts the service on 127.0.0.1: `acceptedKey` is the only key it knows (any other is 401
 * `Invalid API key`), `webhookSecret` the one `POST /webhooks/test` verifies with, and `rename`
 * (`{ path, from, to }`) renames a field in one read's answer.
 */
export async function startPublishedService(options: {
  acceptedKey: string
  webhookSecret: string
  rename?: { path: string; from: string; to: string }
}): Promise<PublishedService> {
  const requests: string[] = []
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(`${request.method} ${url.pathname}`)
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'POST' && url.pathname === '/webhooks/test') {
      const body = await readBody(request)
      try {
        await verifyWebhook({
          body,
          header: String(request.headers['x-webhook-signature'] ?? ''),
          secrets: options.webhookSecret,
        })
        send(200, {
          status: 'success',
          message: 'Signature verified',
          data: { event: String(request.headers['x-webhook-event']), request_id: 'req_1' },
        })
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.reason : 'invalid'
        send(401, { status: 'error', message: 'Invalid webhook signature', data: { reason } })
      }
      return
    }
    const shapes = publishedShapes()
    if (request.method !== 'GET' || !(url.pathname in shapes)) {
      send(404, { status: 'error', message: 'Not found', data: null })
      return
    }
    if (request.headers['x-api-key'] !== options.acceptedKey) {
      send(401, { status: 'error', message: 'Invalid API key', data: null })
      return
    }
    const data = shapes[url.pathname]
    if (options.rename?.path === url.pathname) {
      renameField(data, options.rename.from, options.rename.to)
    }
    send(200, { status: 'success', message: 'OK', data })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
