import { type CheckoutError, NetworkError, RampApiError } from '@rampkit/core'

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
  if (error instanceof NetworkError) return { message: error.message, code: 'network' }
  return { message: error instanceof Error ? error.message : String(error) }
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
