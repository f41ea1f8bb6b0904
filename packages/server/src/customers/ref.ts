const encoder = new TextEncoder()

function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

/** Derives the `partner_customer_ref` of an end user. */
export type CustomerRefOf = (owner: string) => Promise<string>

/**
 * The `partner_customer_ref` of each end user: `rk_` and the hex HMAC-SHA256 of the user id
 * under the kit's secret (67 characters). The same user always has the same ref, so the vault's
 * idempotency on it makes one customer per user; the ref shows nothing of the partner's own
 * user id, and without the secret nobody can tell whose ref it is. Web Crypto only (edge
 * runtimes too). A function as `secret` is called on the first ref, not before.
 *
 * @example
 * const refOf = customerRefs(secret)
 * await refOf('user_42') // 'rk_3f…'
 */
export function customerRefs(secret: string | (() => string)): CustomerRefOf {
  let key: Promise<CryptoKey> | undefined
  return async (owner) => {
    key ??= crypto.subtle.importKey(
      'raw',
      encoder.encode(typeof secret === 'function' ? secret() : secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    const mac = await crypto.subtle.sign(
      'HMAC',
      await key,
      encoder.encode(`rampkit:customer:${owner}`),
    )
    return `rk_${hex(new Uint8Array(mac))}`
  }
}
