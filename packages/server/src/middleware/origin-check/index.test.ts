import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { normaliseOrigin, originCheck } from './index.js'

function app(trustProxy?: boolean) {
  const hono = new Hono()
  hono.post('/quotes', originCheck({ allowedOrigins: ['https://shop.example'], trustProxy }), (c) =>
    c.json({ ok: true }),
  )
  return hono
}

const post = (headers: Record<string, string>, url = 'http://kit.local/quotes') =>
  app().request(url, { method: 'POST', headers, body: '{}' })

describe('originCheck', () => {
  it('lets an allowlisted origin through', async () => {
    expect((await post({ origin: 'https://shop.example' })).status).toBe(200)
  })

  it('lets the app own origin through', async () => {
    expect((await post({ origin: 'http://kit.local' })).status).toBe(200)
  })

  it('refuses a request without Origin with a 403 envelope', async () => {
    const res = await post({})
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ status: 'error', data: null })
  })

  it('refuses other origins, look-alikes and the opaque null origin', async () => {
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.example',
      'http://shop.example',
      'null',
      'not a url',
    ]) {
      expect((await post({ origin })).status, origin).toBe(403)
    }
  })

  it('matches case-insensitively and with a default port', async () => {
    expect((await post({ origin: 'HTTPS://Shop.Example:443' })).status).toBe(200)
  })

  it('uses forwarded host and protocol for same-origin only when the proxy is trusted', async () => {
    const headers = {
      origin: 'https://public.example',
      'x-forwarded-host': 'public.example',
      'x-forwarded-proto': 'https',
    }
    const init = { method: 'POST', headers, body: '{}' }
    expect((await app(true).request('http://10.0.0.5/quotes', init)).status).toBe(200)
    expect((await app(false).request('http://10.0.0.5/quotes', init)).status).toBe(403)
  })

  it('normalises origins', () => {
    expect(normaliseOrigin('https://a.example/path')).toBe('https://a.example')
    expect(normaliseOrigin('ftp://a.example')).toBeNull()
  })
})
