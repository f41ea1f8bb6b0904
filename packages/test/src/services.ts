import { connect } from 'node:net'

// The real services the tests run against (see the repository's README), and whether a suite may
// skip one: never under CI=true, where a missing service fails the run.

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
export const IN_CI = process.env.CI === 'true'

/** Whether something listens at the URL's host and port (a cheap probe before a suite). */
export function canConnect(url: string, timeoutMs = 800): Promise<boolean> {
  const parsed = new URL(url)
  const port = Number(parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432))
  return new Promise((resolve) => {
    const socket = connect({ host: parsed.hostname || '127.0.0.1', port })
    const done = (up: boolean) => {
      socket.destroy()
      resolve(up)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/**
 * Whether to skip a suite that needs servers: only when one is unreachable and not in CI (where
 * it must run, and fail if a server is missing). Says which and why on the console.
 *
 * @example
 * const skip = await skipUnlessReachable('Redis store', REDIS_URL)
 * describe.skipIf(skip)('redis', () => { ... })
 */
export async function skipUnlessReachable(
  name: string,
  urls: string | readonly string[],
): Promise<boolean> {
  if (IN_CI) return false
  const down: string[] = []
  for (const url of typeof urls === 'string' ? [urls] : urls) {
    if (!(await canConnect(url))) down.push(new URL(url).host)
  }
  if (down.length === 0) return false
  console.warn(
    `[tests] SKIPPED ${name}: nothing listens at ${down.join(' and ')}. Start it or set DATABASE_URL / REDIS_URL (these suites always run when CI=true).`,
  )
  return true
}

/** A run-unique suffix for schemas, key prefixes and channels. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}
