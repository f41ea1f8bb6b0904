import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp, requestOrigin, type TrustProxy } from './index.js'

function app(trustProxy?: TrustProxy) {
  const hono = new Hono()
  hono.get('/ip', (c) =>
    c.json({ ip: clientIp(c, trustProxy), origin: requestOrigin(c, trustProxy) }),
  )
  return hono
}

const headers = {
  'x-forwarded-for': '6.6.6.6, 1.1.1.1, 2.2.2.2',
  'x-forwarded-host': 'shop.example',
  'x-forwarded-proto': 'https',
}

describe('clientIp', () => {
  it('never reads X-Forwarded-For unless the proxy is trusted', async () => {
    const res = await app().request('http://kit.local/ip', { headers })
    expect(await res.json()).toEqual({ ip: 'unknown', origin: 'http://kit.local' })
  })

  it('takes the entry the trusted proxies wrote, counting from the right', async () => {
    expect(await (await app(true).request('/ip', { headers })).json()).toMatchObject({
      ip: '2.2.2.2',
      origin: 'https://shop.example',
    })
    expect(await (await app(2).request('/ip', { headers })).json()).toMatchObject({
      ip: '1.1.1.1',
    })
  })

  it('reads the forwarded host the trusted proxy appended, and else the Host header', async () => {
    const forwarded = { 'x-forwarded-host': 'evil.example, shop.example', host: 'kit.local' }
    expect(
      await (await app(true).request('http://10.0.0.5/ip', { headers: forwarded })).json(),
    ).toMatchObject({ origin: 'http://shop.example' })
    // Without trust, the Host header; the URL only when there is none.
    expect(
      await (await app().request('http://localhost:3000/ip', { headers: forwarded })).json(),
    ).toMatchObject({ origin: 'http://kit.local' })
    const smuggled = { host: 'evil.example/path@x' }
    expect(
      await (await app().request('http://localhost:3000/ip', { headers: smuggled })).json(),
    ).toMatchObject({ origin: 'http://localhost:3000' })
  })

  it('reads the Node socket address when @hono/node-server passes it', async () => {
    const hono = app()
    const res = await hono.request(
      '/ip',
      {},
      { incoming: { socket: { remoteAddress: '9.9.9.9' } } },
    )
    expect(await res.json()).toMatchObject({ ip: '9.9.9.9' })
  })
})
