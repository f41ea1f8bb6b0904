import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../store/memory/store.js'
import { idempotency } from './index.js'

function app(status = 201) {
  let calls = 0
  let release: (() => void) | null = null
  const hono = new Hono()
  hono.post(
    '/orders',
    idempotency({ store: memoryStore(), scope: (c) => c.req.header('x-user') ?? null }),
    async (c) => {
      calls++
      if (c.req.header('x-slow')) await new Promise<void>((resolve) => (release = resolve))
      return c.json({ n: calls, body: await c.req.text() }, status as 201)
    },
  )
  return { hono, calls: () => calls, release: () => release?.() }
}

const post = (hono: Hono, body: string, headers: Record<string, string> = {}) =>
  hono.request('/orders', {
    method: 'POST',
    body,
    headers: { 'x-user': 'amina', 'idempotency-key': 'confirm-0001', ...headers },
  })

describe('idempotency', () => {
  it('replays the first answer to a repeat without running the handler again', async () => {
    const { hono, calls } = app()
    const first = await post(hono, '{"a":1}')
    const again = await post(hono, '{"a":1}')
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(await first.json())
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(calls()).toBe(1)
  })

  it('answers 409 while the first is running and 422 for another body under the same key', async () => {
    const { hono, release } = app()
    const first = post(hono, '{"a":1}', { 'x-slow': '1' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect((await post(hono, '{"a":1}')).status).toBe(409)
    release()
    await first
    const other = await post(hono, '{"a":2}')
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({ data: { field: 'Idempotency-Key' } })
  })

  it('keys are per end user, and a refused answer frees the key', async () => {
    const { hono, calls } = app(422)
    await post(hono, '{}')
    await post(hono, '{}')
    expect(calls()).toBe(2)
    const ok = app()
    await post(ok.hono, '{}')
    await post(ok.hono, '{}', { 'x-user': 'bob' })
    expect(ok.calls()).toBe(2)
  })

  it('refuses a malformed key and ignores requests without one', async () => {
    const { hono, calls } = app()
    expect((await post(hono, '{}', { 'idempotency-key': 'bad key!' })).status).toBe(400)
    await hono.request('/orders', { method: 'POST', body: '{}' })
    await hono.request('/orders', { method: 'POST', body: '{}' })
    expect(calls()).toBe(2)
  })
})
