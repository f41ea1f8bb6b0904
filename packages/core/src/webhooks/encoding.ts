import { RampError } from '../errors/base.js'

// atob/btoa exist in browsers, Node >= 16, Deno, Bun and edge runtimes; Buffer does not.

/** Standard base64 with padding (the service's `v1` alphabet). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const HMAC_SHA256_BASE64 = /^[A-Za-z0-9+/]{43}=$/

/**
 * Decodes a `v1` value into the 32 bytes of an HMAC-SHA256, or `undefined` for anything else
 * (wrong alphabet, length or padding). Never throws: a malformed signature is skipped, not a 500.
 */
export function decodeSignature(value: string): Uint8Array<ArrayBuffer> | undefined {
  if (!HMAC_SHA256_BASE64.test(value)) return undefined
  let binary: string
  try {
    binary = atob(value)
  } catch {
    return undefined
  }
  if (binary.length !== 32) return undefined
  const bytes = new Uint8Array(32)
  for (let i = 0; i < 32; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Bytes of `{t}.{raw_body}`, the signed message of spec section 6. */
export function signedPayload(timestamp: number, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = new TextEncoder().encode(`${timestamp}.`)
  const data = new Uint8Array(prefix.length + body.length)
  data.set(prefix, 0)
  data.set(body, prefix.length)
  return data
}

/** A webhook body as raw bytes: a string (signed as UTF-8), a `Uint8Array` or an `ArrayBuffer`. */
export type WebhookBody = string | Uint8Array | ArrayBuffer

/** The raw bytes of a body, or `undefined` when it is not raw (a parsed object, say). */
export function bodyBytes(body: unknown): Uint8Array | undefined {
  if (typeof body === 'string') return new TextEncoder().encode(body)
  if (body instanceof Uint8Array) return body
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
  return undefined
}

export function getSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) {
    throw new RampError(
      'Web Crypto (globalThis.crypto.subtle) is not available. Use Node 20+, a browser in a secure context, or an edge runtime.',
    )
  }
  return subtle
}

export function importHmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return getSubtle().importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  )
}
