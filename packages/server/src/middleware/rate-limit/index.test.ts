import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { memoryRateLimitCounter, rateLimit } from './index.js'

function app(now: () => number, counter = memoryRateLimitCounter(now)) {
  const hono = new Hono()
  hono.use(
    '*',
    rateLimit({
      counter,
      windowMs: 60_000,
      now,
      rules: [
        { name: 'user', limit: 2, key: (c) => c.req.header('x-user') ?? null },
        { name: 'ip', limit: 3, key: () => '1.2.3.4' },
      ],
    }),
  )
  hono.get('/x', (c) => c.text('ok'))
  return hono
}

describe('rateLimit', () => {
  it('answers 429 with Retry-After once a user passes the limit', async () => {
    let time = 1_000_000_040_000
    const hono = app(() => time)
    const get = () => hono.request('/x', { headers: { 'x-user': 'a' } })
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(200)
    const limited = await get()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('40')
    expect(await limited.json()).toMatchObject({ status: 'error' })
    time += 40_000
    expect((await get()).status).toBe(200)
  })

  it('applies the per-IP limit across users', async () => {
    const hono = app(() => 5_000)
    for (const user of ['a', 'b', 'c']) {
      expect((await hono.request('/x', { headers: { 'x-user': user } })).status).toBe(200)
    }
    expect((await hono.request('/x', { headers: { 'x-user': 'd' } })).status).toBe(429)
  })

  it('fails open when the counter throws', async () => {
    const hono = app(Date.now, async () => {
      throw new Error('store down')
    })
    for (let i = 0; i < 5; i++) expect((await hono.request('/x')).status).toBe(200)
  })
})
