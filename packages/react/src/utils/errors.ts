import type { CheckoutError } from '@rampkit/core'
import { NetworkError, RampApiError, TimeoutError } from '@rampkit/core/errors'

/** A service or network error as the checkout shows it. */
export function toCheckoutError(error: unknown): CheckoutError {
  if (error instanceof RampApiError) {
    return {
      message: error.message,
      status: error.status,
      ...(error.code ? { code: error.code } : {}),
      ...(error.field ? { field: error.field } : {}),
    }
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return { message: error.message, code: 'network' }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}

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

/**
 * Whether a failed confirm provably created nothing: the kit answered with a 4xx (validation,
 * expired quote, allowance). A network error, a timeout or a 5xx leaves the outcome unknown.
 */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof RampApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 409
  )
}
