import type { Context, MiddlewareHandler } from 'hono'
import { fail } from '../../http/envelope.js'

/** The store operations the middleware needs (a subset of `RampStore`). */
export type IdempotencyStore = {
  kvGet(key: string): Promise<string | null>
  kvSet(parameters: {
    key: string
    value: string
    ttlMs?: number
    ifAbsent?: boolean
  }): Promise<boolean>
  kvDelete(key: string): Promise<void>
}

export type IdempotencyOptions = {
  store: IdempotencyStore
  /** Whose key space a request uses (the end user); null skips the middleware. */
  scope: (c: Context) => Promise<string | null> | string | null
  /** Which answers are kept and replayed; others release the key for a retry. Default 2xx. */
  keep?: (status: number) => boolean
  /** How long a key is remembered. Default 24 h. */
  ttlMs?: number
  /** Header name. Default `Idempotency-Key`. */
  header?: string
}

type Record_ =
  | { state: 'pending'; fingerprint: string }
  | { state: 'done'; fingerprint: string; status: number; body: string }

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Makes a write safe to send twice. The first request with an `Idempotency-Key` claims the key
 * (atomically, in the shared store) and its answer is kept; a repeat with the same key and the
 * same body gets that answer again (`Idempotent-Replayed: true`) without reaching the handler,
 * a repeat while the first is still running gets 409, and the same key with another body gets
 * 422. Answers that `keep` rejects release the key, so a corrected request can go through.
 * Requests without the header pass untouched.
 *
 * @example
 * app.post('/orders', idempotency({ store, scope: (c) => c.var.endUser(), keep: (s) => s < 400 || s >= 500 }), handler)
 */
export function idempotency(options: IdempotencyOptions): MiddlewareHandler {
  const header = options.header ?? 'Idempotency-Key'
  const keep = options.keep ?? ((status: number) => status >= 200 && status < 300)
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000
  return async function idempotency(c, next) {
    const key = c.req.header(header)
    if (key === undefined) return next()
    if (!KEY.test(key)) {
      return fail(c, 400, `${header} must be 8 to 128 letters, digits, or _ . : -`, {
        field: header,
      })
    }
    const scope = await options.scope(c)
    if (scope === null) return next()
    const fingerprint = await sha256(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
    const id = `rampkit:idem:${await sha256(`${scope}\n${key}`)}`
    const pending: Record_ = { state: 'pending', fingerprint }
    const claimed = await options.store.kvSet({
      key: id,
      value: JSON.stringify(pending),
      ttlMs,
      ifAbsent: true,
    })
    if (!claimed) {
      const text = await options.store.kvGet(id)
      const saved = text === null ? null : (JSON.parse(text) as Record_)
      if (saved && saved.fingerprint !== fingerprint) {
        return fail(c, 422, `This ${header} was already used for a different request.`, {
          field: header,
        })
      }
      if (!saved || saved.state === 'pending') {
        c.header('Retry-After', '1')
        return fail(c, 409, 'This request is already being processed.')
      }
      return new Response(saved.body, {
        status: saved.status,
        headers: {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          'idempotent-replayed': 'true',
        },
      })
    }
    try {
      await next()
    } catch (error) {
      await options.store.kvDelete(id)
      throw error
    }
    const status = c.res.status
    if (!keep(status)) {
      await options.store.kvDelete(id)
      return
    }
    const done: Record_ = { state: 'done', fingerprint, status, body: await c.res.clone().text() }
    await options.store.kvSet({ key: id, value: JSON.stringify(done), ttlMs })
  }
}
