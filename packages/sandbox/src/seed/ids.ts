import { createHash } from 'node:crypto'

/**
 * A UUID derived from a name (version-5 style, SHA-1 over a sandbox namespace), so provider and
 * bank ids are the same on every run and every machine: tests and READMEs can hard-code them.
 *
 * @example
 * stableUuid('provider:KE:mobile_money:MPESA') // always the same UUID
 */
export function stableUuid(name: string): string {
  const hash = createHash('sha1').update(`rampkit-sandbox:${name}`).digest()
  const bytes = Uint8Array.from(hash.subarray(0, 16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Buffer.from(bytes).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
