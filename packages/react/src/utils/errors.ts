import { NetworkError, TimeoutError } from '@rampkit/core/errors'

export { isRefusal, toCheckoutError } from '@rampkit/core/checkout'

/**
 * What kind of failure an error is, for the words a person sees: the messages of the service and
 * of the network layer are English, so the widget shows a message of its own locale per kind.
 * `rejected`: the user declined in their wallet; `reverted`: a transaction failed on chain;
 * `signature`: an accept's wallet signature was refused (signed accepts: the key revoked or
 * replaced, another wallet).
 */
export type ErrorKind =
  | 'network'
  | 'rateLimited'
  | 'unavailable'
  | 'refused'
  | 'rejected'
  | 'reverted'
  | 'signature'
  | 'generic'

/** The kind of a checkout error, a service or network error, or a wallet error. */
export function errorKind(error: unknown): ErrorKind {
  if (error === null || error === undefined) return 'generic'
  if (error instanceof NetworkError || error instanceof TimeoutError) return 'network'
  const value = error as { code?: unknown; status?: unknown }
  if (value.code === 'network') return 'network'
  if (value.code === 'rejected' || value.code === 'reverted') return value.code
  // Signed accepts: the quote's signer is not (or no longer) an enrolled wallet of the user.
  const { field } = error as { field?: unknown }
  if (value.code === 'signer_not_enrolled' || field === 'signed_accept.signature') {
    return 'signature'
  }
  if (typeof value.status === 'number') {
    if (value.status === 429) return 'rateLimited'
    if (value.status === 408 || value.status >= 500) return 'unavailable'
    if (value.status >= 400) return 'refused'
  }
  return 'generic'
}
