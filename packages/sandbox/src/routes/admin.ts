import { Hono } from 'hono'
import type { SandboxAdmin } from '../admin/index.js'
import type { WebhookEvent } from '../core.js'
import { readJsonBody } from '../http/body.js'
import { ApiError, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'

function num(body: Record<string, unknown>, field: string): number | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ApiError(422, `${field} must be a number`, { field })
  }
  return value
}

function str(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new ApiError(422, `${field} must be a string`, { field })
  return value
}

function amount(body: Record<string, unknown>): string | number {
  const value = body.amount
  if (typeof value === 'number' || typeof value === 'string') return value
  throw new ApiError(422, 'amount is required (decimal string or number)', { field: 'amount' })
}

function accountId(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0
  if (id < 1)
    throw new ApiError(422, 'account_id must be an integer of 1 or more', { field: 'account_id' })
  return id
}

/**
 * The sandbox's own controls under `/__sandbox` (off the service's paths), behind a valid
 * sandbox API key. Each maps to one `SandboxAdmin` operation; README lists them.
 */
export function adminRoutes(admin: SandboxAdmin) {
  const app = new Hono<SandboxEnv>()
  const key = (c: { get(name: 'user'): { apiKey: string } }) => c.get('user').apiKey

  app.get('/clock', (c) => ok(c, 'Sandbox clock', admin.clock()))

  app.post('/clock/advance', async (c) => {
    const body = await readJsonBody(c)
    const ms = num(body, 'ms') ?? (num(body, 'seconds') ?? Number.NaN) * 1000
    if (!Number.isFinite(ms))
      throw new ApiError(422, 'ms (or seconds) is required', { field: 'ms' })
    return ok(c, 'Clock advanced', await admin.advance(ms))
  })

  app.post('/orders/next', async (c) => {
    const body = await readJsonBody(c)
    const outcome = str(body, 'outcome')
    if (outcome !== 'settle' && outcome !== 'fail' && outcome !== 'refund') {
      throw new ApiError(422, 'outcome must be settle, fail or refund', { field: 'outcome' })
    }
    admin.forceNextOrder(key(c), outcome)
    return ok(c, `The next order ends with ${outcome}`, { outcome })
  })

  app.post('/orders/:order_id/:action', async (c) => {
    const id = c.req.param('order_id')
    const action = c.req.param('action')
    if (action === 'settle') return ok(c, 'Order settled', await admin.settleOrder(key(c), id))
    if (action === 'fail') return ok(c, 'Order failed', admin.failOrder(key(c), id))
    if (action === 'refund') return ok(c, 'Order refunded', await admin.refundOrder(key(c), id))
    throw new ApiError(404, 'Unknown order action; use settle, fail or refund', null)
  })

  app.post('/faults', async (c) => {
    const body = await readJsonBody(c)
    const status = num(body, 'status')
    if (status !== 429 && status !== 502 && status !== 503) {
      throw new ApiError(422, 'status must be 429, 502 or 503', { field: 'status' })
    }
    admin.forceFault({
      status,
      retryAfterSeconds: num(body, 'retry_after'),
      count: num(body, 'count'),
      path: str(body, 'path'),
      method: str(body, 'method'),
    })
    return ok(c, `The next calls answer ${status}`, { status })
  })

  app.post('/webhooks/next', async (c) => {
    const body = await readJsonBody(c)
    const event = str(body, 'event') as WebhookEvent | undefined
    admin.controlNextWebhook(key(c), {
      ...(event ? { event } : {}),
      delayMs: num(body, 'delay_ms'),
      duplicates: num(body, 'duplicates'),
    })
    return ok(c, 'The next webhook is controlled', {
      event: event ?? null,
      delay_ms: num(body, 'delay_ms') ?? 0,
      duplicates: num(body, 'duplicates') ?? 0,
    })
  })

  app.put('/webhooks/endpoint', async (c) => {
    const body = await readJsonBody(c)
    const url = body.url === null ? null : str(body, 'url')
    admin.setWebhook(key(c), { url, secret: str(body, 'secret') })
    return ok(c, 'Webhook endpoint updated', { url: url ?? null })
  })

  app.get('/webhooks/deliveries', (c) => {
    const list = admin.deliveries(key(c), c.req.query('event'))
    return ok(c, `${list.length} deliveries`, { deliveries: list })
  })

  app.get('/quotes/:quote_id/request', (c) =>
    ok(c, 'Quote request', { request: admin.quoteRequest(key(c), c.req.param('quote_id')) }),
  )

  app.post('/accounts/:account_id/credit', async (c) => {
    const body = await readJsonBody(c)
    const id = accountId(c.req.param('account_id'))
    const result = admin.creditAccount(key(c), id, {
      amount: amount(body),
      reference: str(body, 'reference'),
    })
    return ok(c, 'Account credited', result)
  })

  app.post('/accounts/:account_id/sends', async (c) => {
    const body = await readJsonBody(c)
    const id = accountId(c.req.param('account_id'))
    const outcome = str(body, 'outcome')
    if (outcome !== undefined && outcome !== 'completed' && outcome !== 'failed') {
      throw new ApiError(422, 'outcome must be completed or failed', { field: 'outcome' })
    }
    const result = await admin.sendFromAccount(key(c), id, {
      amount: amount(body),
      to: str(body, 'to'),
      outcome,
      reference: str(body, 'reference'),
    })
    return ok(c, `Send ${outcome ?? 'completed'}`, result)
  })

  app.post('/mint', async (c) => {
    const body = await readJsonBody(c)
    const token = str(body, 'token')
    const to = str(body, 'to')
    if (!token) throw new ApiError(422, 'token is required', { field: 'token' })
    if (!to) throw new ApiError(422, 'to is required', { field: 'to' })
    return ok(c, 'Tokens minted', await admin.mint(token, to, amount(body)))
  })

  return app
}
