import { randomBytes } from 'node:crypto'
import { validateEvmAddress } from '@rampkit/core/validation'
import type { GetEndUser, RampStore } from '@rampkit/server'
import { type Context, Hono } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import { type Address, type Client, getAddress, verifyMessage } from 'viem'
import {
  createSiweMessage,
  parseSiweMessage,
  validateSiweMessage,
  verifySiweMessage,
} from 'viem/siwe'

/** The cookie that carries the signed-in wallet: HttpOnly, signed with HMAC-SHA256. */
export const SHOPPER_COOKIE = 'rampshop_shopper'

/** What the shop's end user id is for a signed-in wallet: one wallet, one shopper. */
export const walletShopper = (address: string) => `wallet:${address.toLowerCase()}`

// Signed values carry this prefix, so no other cookie signed with the same secret (the
// anonymous session's) can stand in for a sign-in.
const VALUE_PREFIX = 'shopper:'
const SIGNATURE = /^0x[0-9a-fA-F]{2,4096}$/
const NONCE = /^[A-Za-z0-9]{16,64}$/
const challengeKey = (nonce: string) => `storefront:sign-in:${nonce}`

/** Options of `shopperSignIn`. */
export interface ShopperSignInOptions {
  /** Signs the session cookie (the shop's session secret). */
  secret: string
  /**
   * The shop's own origins (`http://127.0.0.1:3000`). The message names the one the page's
   * `Origin` is, never `Host`; a write from any other origin is refused (no login CSRF).
   */
  origins: readonly string[]
  /** Where a challenge waits for its signature, single use (the kit's store). */
  store: Pick<RampStore, 'kvGet' | 'kvSet' | 'kvDelete'>
  /** A public client of the chain, so contract wallets can sign in too; null: ECDSA only. */
  publicClient: (chainId: number) => Promise<Client | null>
  /** How long a sign-in lasts, ms. Default 7 days. */
  ttlMs?: number
  /** How long a challenge waits for its signature, ms. Default 5 minutes. */
  challengeTtlMs?: number
  now?: () => Date
}

/** The shop's sign-in: its routes and the kit's end user they decide. */
export interface ShopperSignIn {
  /** GET / (who is signed in), POST /challenge, POST / (sign in), DELETE / (sign out). */
  routes: Hono
  /**
   * The kit's `getEndUser`: the wallet a verified signature signed in (`wallet:0x…`), else
   * `fallback` (an anonymous session, for a browser that has not signed in).
   */
  endUser: (fallback: GetEndUser) => GetEndUser
}

type Session = { address: Address; expiresAt: number }

function readBody(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
}

/**
 * Sign-In with Ethereum (EIP-4361, viem's SIWE utilities) for a shop without a login of its own:
 * the shopper's wallet signs a one-time message, the server verifies the signature and sets a
 * signed, HttpOnly cookie naming the wallet, and the kit's end user is that wallet in any
 * browser, so its orders and its verified identity follow it. The end user id comes only from a
 * signature this server verified: no header or body the browser writes names it.
 *
 * @example
 * const signIn = shopperSignIn({ secret, origins, store, publicClient })
 * app.route('/api/shop/session', signIn.routes)
 * createRampHandler({ ..., getEndUser: signIn.endUser(anonymousSession({ secret })) })
 */
export function shopperSignIn(options: ShopperSignInOptions): ShopperSignIn {
  const ttlMs = options.ttlMs ?? 7 * 24 * 60 * 60 * 1000
  const challengeTtlMs = options.challengeTtlMs ?? 5 * 60 * 1000
  const now = options.now ?? (() => new Date())
  const origins = options.origins.map((origin) => new URL(origin))

  /** The configured origin the page's `Origin` header names, else null. */
  const pageOrigin = (c: Context) => {
    const asked = c.req.header('origin')
    return origins.find((origin) => origin.origin === asked) ?? null
  }

  const session = async (c: Context): Promise<Session | null> => {
    const value = await getSignedCookie(c, options.secret, SHOPPER_COOKIE)
    if (typeof value !== 'string' || !value.startsWith(VALUE_PREFIX)) return null
    const [address, expires] = value.slice(VALUE_PREFIX.length).split('.')
    const checked = validateEvmAddress(address ?? '', { field: 'address' })
    const expiresAt = Number(expires)
    if (!checked.ok || !Number.isSafeInteger(expiresAt) || expiresAt <= now().getTime()) return null
    return { address: getAddress(checked.value), expiresAt }
  }

  const routes = new Hono()
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (c.req.method !== 'GET' && pageOrigin(c) === null) {
      return c.json(
        { status: 'error', message: 'Sign in from the shop’s own pages.', data: null },
        403,
      )
    }
    return next()
  })

  routes.get('/', async (c) => {
    const current = await session(c)
    return c.json({
      status: 'success',
      message: current ? 'Signed in' : 'Not signed in',
      data: current
        ? { address: current.address, expires_at: new Date(current.expiresAt).toISOString() }
        : { address: null, expires_at: null },
    })
  })

  routes.post('/challenge', async (c) => {
    const body = readBody(await c.req.json().catch(() => null))
    const address = validateEvmAddress(body?.address, { field: 'address' })
    const chainId = body?.chain_id
    if (
      !address.ok ||
      typeof chainId !== 'number' ||
      !Number.isSafeInteger(chainId) ||
      chainId <= 0
    ) {
      return c.json(
        { status: 'error', message: 'Send a wallet address and a chain_id.', data: null },
        422,
      )
    }
    const app = pageOrigin(c)!
    const issuedAt = now()
    const nonce = randomBytes(16).toString('hex')
    const message = createSiweMessage({
      address: getAddress(address.value),
      chainId,
      domain: app.host,
      uri: app.origin,
      nonce,
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + challengeTtlMs),
      version: '1',
      statement: `Sign in to ${app.host} with this wallet. This is not a transaction and costs nothing.`,
    })
    await options.store.kvSet({ key: challengeKey(nonce), value: message, ttlMs: challengeTtlMs })
    return c.json(
      { status: 'success', message: 'Sign this message in your wallet', data: { message } },
      201,
    )
  })

  routes.post('/', async (c) => {
    const body = readBody(await c.req.json().catch(() => null))
    const message =
      typeof body?.message === 'string' && body.message.length <= 4096 ? body.message : ''
    const signature = typeof body?.signature === 'string' ? body.signature : ''
    const refused = () =>
      c.json(
        {
          status: 'error',
          message: 'This sign-in has expired or was not issued here: sign in again.',
          data: null,
        },
        403,
      )
    const parsed = parseSiweMessage(message)
    if (!parsed.nonce || !NONCE.test(parsed.nonce) || !SIGNATURE.test(signature)) return refused()
    const key = challengeKey(parsed.nonce)
    const issued = await options.store.kvGet(key, now())
    // Single use, whatever the outcome: a signature of this text is worth one try.
    if (issued === null) return refused()
    await options.store.kvDelete(key)
    const app = pageOrigin(c)!
    const time = now()
    if (
      issued !== message ||
      parsed.uri !== app.origin ||
      parsed.address === undefined ||
      parsed.chainId === undefined ||
      !validateSiweMessage({ message: parsed, domain: app.host, nonce: parsed.nonce, time })
    ) {
      return refused()
    }
    const verified = await verifySigner(options, {
      address: parsed.address,
      chainId: parsed.chainId,
      message,
      signature: signature as `0x${string}`,
      time,
    })
    if (!verified) {
      return c.json(
        { status: 'error', message: 'The signature is not from this wallet.', data: null },
        403,
      )
    }
    const address = getAddress(parsed.address)
    const expiresAt = time.getTime() + ttlMs
    await setSignedCookie(
      c,
      SHOPPER_COOKIE,
      `${VALUE_PREFIX}${address}.${expiresAt}`,
      options.secret,
      {
        httpOnly: true,
        sameSite: 'Lax',
        secure: app.protocol === 'https:',
        path: '/',
        maxAge: Math.floor(ttlMs / 1000),
      },
    )
    return c.json(
      {
        status: 'success',
        message: 'Signed in',
        data: { address, expires_at: new Date(expiresAt).toISOString() },
      },
      201,
    )
  })

  routes.delete('/', (c) => {
    deleteCookie(c, SHOPPER_COOKIE, { path: '/' })
    return c.json({
      status: 'success',
      message: 'Signed out',
      data: { address: null, expires_at: null },
    })
  })

  const endUser = (fallback: GetEndUser): GetEndUser =>
    async function shopperEndUser(c: Context) {
      const current = await session(c)
      return current ? walletShopper(current.address) : fallback(c)
    }

  return { routes, endUser }
}

async function verifySigner(
  options: ShopperSignInOptions,
  parameters: {
    address: Address
    chainId: number
    message: string
    signature: `0x${string}`
    time: Date
  },
): Promise<boolean> {
  const { address, chainId, message, signature, time } = parameters
  try {
    const client = await options.publicClient(chainId)
    if (client) return await verifySiweMessage(client, { message, signature, address, time })
    return await verifyMessage({ address, message, signature })
  } catch {
    // A malformed signature, or a contract wallet the chain could not answer for.
    return false
  }
}
