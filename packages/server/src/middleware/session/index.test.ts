import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { anonymousSession, randomSessionSecret } from './index.js'

const secret = 'x'.repeat(40)

function app(trustProxy?: boolean) {
  const getEndUser = anonymousSession({ secret, trustProxy })
  const hono = new Hono()
  hono.get('/me', async (c) => c.text((await getEndUser(c)) ?? 'none'))
  return hono
}

function cookieOf(res: Response) {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

describe('anonymousSession', () => {
  it('issues a signed HttpOnly SameSite=Lax cookie and recognises it afterwards', async () => {
    const hono = app()
    const first = await hono.request('http://kit.local/me')
    const setCookie = first.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^rampkit_session=anon_/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain('Secure')
    const id = await first.text()
    const again = await hono.request('http://kit.local/me', {
      headers: { cookie: cookieOf(first) },
    })
    expect(await again.text()).toBe(id)
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('sets Secure over https, and behind a trusted proxy that says https', async () => {
    expect((await app().request('https://kit.local/me')).headers.get('set-cookie')).toContain(
      'Secure',
    )
    const proxied = await app(true).request('http://10.0.0.1/me', {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(proxied.headers.get('set-cookie')).toContain('Secure')
  })

  it('ignores a forged or unsigned cookie and issues a new id', async () => {
    const hono = app()
    const forged = await hono.request('http://kit.local/me', {
      headers: { cookie: 'rampkit_session=anon_00000000-0000-0000-0000-000000000000' },
    })
    expect(await forged.text()).not.toBe('anon_00000000-0000-0000-0000-000000000000')
    expect(forged.headers.get('set-cookie')).toMatch(/^rampkit_session=anon_/)
  })

  it('refuses a short secret with a message that says how to fix it', () => {
    expect(() => anonymousSession({ secret: 'short' })).toThrow(/openssl rand/)
    expect(randomSessionSecret().length).toBeGreaterThanOrEqual(32)
  })
})
