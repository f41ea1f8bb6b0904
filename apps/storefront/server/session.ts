import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

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
 * The key that signs the shop's cookies (the anonymous session, the wallet sign-in): SESSION_SECRET,
 * or one generated once and kept beside the data so a restart keeps shoppers signed in.
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
