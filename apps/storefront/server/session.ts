import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

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
