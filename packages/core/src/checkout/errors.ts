import { NetworkError, RampApiError, TimeoutError } from '../errors/index.js'
import type { CheckoutError } from './types.js'

/** The limits a refusal of the amount named (`data.min_amount`...), when it named any. */
function limitsOf(data: Readonly<Record<string, unknown>> | null): Pick<CheckoutError, 'limits'> {
  if (!data) return {}
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined
  const min = number(data.min_amount)
  const max = number(data.max_amount)
  if (min === undefined && max === undefined) return {}
  const currency = typeof data.currency === 'string' ? data.currency.slice(0, 16) : undefined
  return {
    limits: {
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      ...(currency === undefined ? {} : { currency }),
    },
  }
}

/** A service or network error as the checkout shows it. */
export function toCheckoutError(error: unknown): CheckoutError {
  if (error instanceof RampApiError) {
    return {
      message: error.message,
      status: error.status,
      ...(error.code ? { code: error.code } : {}),
      ...(error.field ? { field: error.field } : {}),
      ...limitsOf(error.data),
    }
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return { message: error.message, code: 'network' }
  }
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
