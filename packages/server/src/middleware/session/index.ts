import type { Context } from 'hono'
import { getSignedCookie, setSignedCookie } from 'hono/cookie'
import { requestOrigin, type TrustProxy } from '../client-ip/index.js'

/** Who is asking: an id of the end user, or null when nobody is signed in. */
export type GetEndUser = (c: Context) => Promise<string | null> | string | null

/**
 * Options of `anonymousSession`: the cookie's signing `secret`, and its name, lifetime and path.
 */
export type AnonymousSessionOptions = {
  /** Key that signs the cookie (HMAC-SHA256). At least 32 characters. */
  secret: string
  /** Cookie name. Default `rampkit_session`. */
  cookieName?: string
  /** Cookie lifetime in seconds. Default 30 days. */
  maxAgeSeconds?: number
  /** Cookie path. Default `/`. */
  path?: string
  /** Read `X-Forwarded-Proto` to tell https behind a proxy (for the `Secure` flag). */
  trustProxy?: TrustProxy
}

/** Shortest `sessionSecret` accepted. */
export const MIN_SESSION_SECRET_LENGTH = 32

const SESSION_ID = /^anon_[0-9a-f-]{36}$/

/**
 * Requests (their context: middleware may replace the raw request) that arrived without a
 * valid session cookie and were given a new session.
 */
const started = new WeakSet<Context>()

/**
 * Whether this request's anonymous session was started by the request itself (it came without
 * a valid cookie). Its end user exists only from this answer on, so nothing the browser sent
 * before, such as the first send of a confirm, is in that user's key space.
 */
export function sessionStartedBy(c: Context): boolean {
  return started.has(c)
}

/**
 * The development default of `getEndUser`: an anonymous end user identified by a signed,
 * `HttpOnly`, `SameSite=Lax` cookie (`Secure` when the request came over https). The first
 * request without a valid cookie gets a fresh random id. A tampered or unsigned cookie is
 * ignored and replaced, so nobody can claim another visitor's id. Use your own sign-in in
 * production: an anonymous session is lost with the cookie.
 *
 * @example
 * createRampHandler({ ..., getEndUser: anonymousSession({ secret: env.SESSION_SECRET }) })
 */
export function anonymousSession(options: AnonymousSessionOptions): GetEndUser {
  const secret = options.secret.trim()
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new Error(
      `The session secret must be at least ${MIN_SESSION_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 48\`.`,
    )
  }
  const name = options.cookieName ?? 'rampkit_session'
  const maxAge = options.maxAgeSeconds ?? 30 * 24 * 60 * 60
  const path = options.path ?? '/'
  return async function anonymousEndUser(c: Context) {
    const existing = await getSignedCookie(c, secret, name)
    if (typeof existing === 'string' && SESSION_ID.test(existing)) return existing
    const id = `anon_${crypto.randomUUID()}`
    started.add(c)
    await setSignedCookie(c, name, id, secret, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: requestOrigin(c, options.trustProxy).startsWith('https:'),
      path,
      maxAge,
    })
    return id
  }
}

/** A random session secret for development (base64url of 48 random bytes). */
export function randomSessionSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(48))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')
}
