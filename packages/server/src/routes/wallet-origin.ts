import type { Context } from 'hono'
import { fail } from '../http/envelope.js'
import { normaliseOrigin } from '../middleware/origin-check/index.js'
import type { KitContext } from './context.js'

/**
 * Which app a wallet proof names. A Sign-In with Ethereum message says which site asks for the
 * signature (`domain`, `URI`), and the wallet warns when that differs from the page it is on; so
 * the kit must name the partner's app and nothing a request can choose. A script can send any
 * `Host`, `X-Forwarded-Host`, `Forwarded` or `Origin` in its own session: had the message named
 * them, an attacker would get a challenge for their own site, show it there, and the victim's
 * wallet would sign it without a warning.
 *
 * - With `allowedOrigins` configured, those are the app's origins: the page's `Origin` picks
 *   one of them, and any other is refused.
 * - Without them, a production kit (a live key, or `NODE_ENV=production`) refuses the wallet
 *   check with a configuration error; in development only loopback pages are served
 *   (`http://localhost:5173`, `http://127.0.0.1:3000`, `http://[::1]:8080`).
 */
export type ProofOrigins =
  | { ok: true; configured: readonly string[] }
  | { ok: false; message: string }

/** One app origin a proof names: the full origin (its URI) and its host (its domain). */
export type ProofOrigin = { origin: string; domain: string }

const NOT_CONFIGURED =
  'The wallet check needs your app’s origins: set allowedOrigins (for example ["https://shop.example"]) in createRampHandler.'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function isProduction(kit: Pick<KitContext, 'environment'>): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env
  return kit.environment === 'production' || env?.NODE_ENV === 'production'
}

/** The origins a proof may name, read when a wallet route runs (never at build time). */
export function proofOrigins(
  kit: Pick<KitContext, 'environment' | 'allowedOrigins'>,
): ProofOrigins {
  if (kit.allowedOrigins.length > 0) return { ok: true, configured: kit.allowedOrigins }
  if (isProduction(kit)) return { ok: false, message: NOT_CONFIGURED }
  return { ok: true, configured: [] }
}

/**
 * The app origin `value` (a page's `Origin`, a message's URI) names, when it is one the proof
 * may name; else null. The origin returned is the configured spelling, never the request's.
 */
export function proofOrigin(
  origins: Extract<ProofOrigins, { ok: true }>,
  value: string | undefined,
): ProofOrigin | null {
  const origin = normaliseOrigin(value ?? '')
  if (origin === null) return null
  const configured = origins.configured.find((candidate) => candidate === origin)
  if (configured !== undefined) return { origin: configured, domain: new URL(configured).host }
  if (origins.configured.length > 0) return null
  const url = new URL(origin)
  return LOOPBACK.has(url.hostname) ? { origin, domain: url.host } : null
}

/** The answer of a wallet route whose kit has no origins to name (production). */
export function notConfigured(
  c: Context,
  kit: Pick<KitContext, 'logger'>,
  origins: Extract<ProofOrigins, { ok: false }>,
): Response {
  kit.logger.error(origins.message)
  return fail(c, 503, origins.message, { code: 'wallet_proof_not_configured' })
}

/**
 * A challenge's nonce: 128 bits from Web Crypto (`crypto.getRandomValues`), as 32 hex digits
 * (EIP-4361 wants at least 8 alphanumerics). viem's `generateSiweNonce` draws from one
 * process-wide buffer of `Math.random`, shifted a character per nonce, so one nonce would
 * reveal the next ones.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
