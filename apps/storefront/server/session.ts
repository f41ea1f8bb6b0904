import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { GetEndUser } from '@rampkit/server'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'

/** `value`, or a secret generated once and kept in `dataDir/file` so a restart keeps it. */
async function storedSecret(dataDir: string, file: string, value: string | undefined) {
  if (value) return value
  const path = join(dataDir, file)
  try {
    return (await readFile(path, 'utf8')).trim()
  } catch {
    const secret = randomBytes(48).toString('base64url')
    await mkdir(dataDir, { recursive: true })
    await writeFile(path, secret, { mode: 0o600 })
    return secret
  }
}

/**
 * The key that signs the shop's anonymous session cookie: SESSION_SECRET, or one generated once
 * and kept beside the data so a restart keeps shoppers (and their orders) signed in.
 * A real shop signs people in with its own auth instead.
 */
export function sessionSecret(dataDir: string, env = process.env): Promise<string> {
  return storedSecret(dataDir, 'session-secret', env.SESSION_SECRET)
}

/**
 * The key of the keyed hash that names each shopper in the service's customer vault:
 * CUSTOMER_REF_SECRET, or one generated once and kept beside the data, so a restart keeps each
 * shopper's verified customer.
 */
export function customerRefSecret(dataDir: string, env = process.env): Promise<string> {
  return storedSecret(dataDir, 'customer-ref-secret', env.CUSTOMER_REF_SECRET)
}

/**
 * The cookie the shop's front end sets to the chosen test account (see `wallet/chain.ts`). Not
 * signed: it only picks a shopper inside the signed session, so a forged value reaches nothing
 * but the visitor's own session.
 */
export const DEMO_ACCOUNT_COOKIE = 'rampshop_account'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The demo's end user: the signed session plus the test account chosen in the wallet panel.
 * The demo has no sign-in, and its test accounts stand for different shoppers (each with its own
 * balances and checkout), so the kit's owner-scoped reads (GET /orders, an order's status, its
 * stream) answer for the chosen account only. A cookie, not a header: the status stream is an
 * EventSource, which sends cookies and no custom headers. A real shop returns its own user id.
 *
 * @example
 * createRampHandler({ ..., getEndUser: demoShopper(anonymousSession({ secret })) })
 */
export function demoShopper(session: GetEndUser): GetEndUser {
  return async function demoEndUser(c: Context) {
    const id = await session(c)
    if (!id) return id
    const account = getCookie(c, DEMO_ACCOUNT_COOKIE)
    return account && ADDRESS.test(account) ? `${id}:${account.toLowerCase()}` : id
  }
}
