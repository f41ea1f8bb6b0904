/** What a secret is replaced with wherever it would reach an error or a hook. */
export const REDACTED = '[redacted]'

/**
 * Replaces every occurrence of each secret in `text`. A secret can also travel URL-encoded, so
 * that form is removed too. Empty secrets are ignored (they would match everywhere).
 */
export function redactSecrets(text: string, secrets: readonly string[] | undefined): string {
  if (!secrets || secrets.length === 0) return text
  let out = text
  for (const secret of secrets) {
    if (!secret) continue
    out = out.split(secret).join(REDACTED)
    const encoded = encodeURIComponent(secret)
    if (encoded !== secret) out = out.split(encoded).join(REDACTED)
  }
  return out
}

/**
 * Redacts secrets in every string of a JSON-like value (the service may echo what it was sent).
 * Returns a copy; non-plain values are returned as they are.
 */
export function redactDeep<T>(value: T, secrets: readonly string[] | undefined, depth = 0): T {
  if (!secrets || secrets.length === 0) return value
  if (typeof value === 'string') return redactSecrets(value, secrets) as T
  if (depth > 16 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[redactSecrets(key, secrets)] = redactDeep(item, secrets, depth + 1)
  }
  return out as T
}

/**
 * A copy of a thrown value that is safe to keep as an error's `cause`: name, message, stack and
 * `code` with secrets removed, and the same for up to three nested causes. The original object
 * is dropped, because a runtime's fetch error may hold the request (and so its headers).
 */
export function sanitizeCause(
  value: unknown,
  secrets: readonly string[] | undefined,
  depth = 0,
): Error | undefined {
  if (value === undefined || value === null) return undefined
  if (!(value instanceof Error)) return new Error(redactSecrets(String(value), secrets))
  const copy = new Error(redactSecrets(value.message, secrets))
  copy.name = redactSecrets(value.name, secrets)
  copy.stack = redactSecrets(value.stack ?? `${copy.name}: ${copy.message}`, secrets)
  const code = (value as { code?: unknown }).code
  if (typeof code === 'string' || typeof code === 'number') {
    Object.defineProperty(copy, 'code', { value: code, enumerable: true })
  }
  if (depth < 3 && value.cause !== undefined) {
    const cause = sanitizeCause(value.cause, secrets, depth + 1)
    if (cause) Object.defineProperty(copy, 'cause', { value: cause, configurable: true })
  }
  return copy
}
