import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { GetEndUser } from '@rampkit/server'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'

/**
 * The key that signs the shop's anonymous session cookie: SESSION_SECRET, or one generated once
 * and kept beside the data so a restart keeps shoppers (and their orders) signed in.
 * A real shop signs people in with its own auth instead.
 */
export async function sessionSecret(dataDir: string, env = process.env): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const file = join(dataDir, 'session-secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const secret = randomBytes(48).toString('base64url')
    await mkdir(dataDir, { recursive: true })
    await writeFile(file, secret, { mode: 0o600 })
    return secret
  }
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
