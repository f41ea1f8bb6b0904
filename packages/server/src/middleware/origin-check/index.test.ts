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
    expect(await res.json()).toMatchObject({
      status: 'error',
      data: { code: 'origin_not_allowed' },
    })
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

  it('compares with the Host the browser sent, not the URL the framework rebuilt', async () => {
    // `next start -H 127.0.0.1`: Next reports the URL as localhost:PORT, the browser's Host
    // (and so its Origin) says 127.0.0.1:PORT.
    const init = {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      body: '{}',
    }
    expect((await app().request('http://localhost:3000/quotes', init)).status).toBe(200)
    const other = { ...init, headers: { ...init.headers, origin: 'http://localhost:3000' } }
    expect((await app().request('http://localhost:3000/quotes', other)).status).toBe(403)
  })

  it('trusts the forwarded entry the partner’s proxy appended, never the client’s first', async () => {
    // The client sent `X-Forwarded-Host: evil.example`; the partner's proxy appended its own.
    const headers = {
      'x-forwarded-host': 'evil.example, public.example',
      'x-forwarded-proto': 'http, https',
    }
    const send = (origin: string) =>
      app(true).request('http://10.0.0.5/quotes', {
        method: 'POST',
        headers: { ...headers, origin },
        body: '{}',
      })
    expect((await send('https://public.example')).status).toBe(200)
    expect((await send('http://evil.example')).status).toBe(403)
    expect((await send('https://evil.example')).status).toBe(403)
  })

  it('never reads Forwarded (RFC 7239)', async () => {
    const init = {
      method: 'POST',
      headers: { forwarded: 'host=evil.example;proto=https', origin: 'https://evil.example' },
      body: '{}',
    }
    expect((await app(true).request('http://10.0.0.5/quotes', init)).status).toBe(403)
  })

  it('normalises origins', () => {
    expect(normaliseOrigin('https://a.example/path')).toBe('https://a.example')
    expect(normaliseOrigin('ftp://a.example')).toBeNull()
  })
})
