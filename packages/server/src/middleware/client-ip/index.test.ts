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
