import { RampError } from '../errors/base.js'

/** Why a units conversion was refused; stable for programs, unlike the message. */
export type UnitsErrorReason =
  | 'invalid_decimals'
  | 'invalid_amount'
  | 'negative_amount'
  | 'too_many_decimals'
  | 'unsafe_number'

/**
 * Thrown when an amount cannot be converted exactly between human and base units. Money is never
 * rounded silently, so every refusal names what to change (fewer decimals, a string instead of a
 * float, a token's real decimals).
 *
 * @example
 * try {
 *   toBaseUnits('0.0000001', 6)
 * } catch (error) {
 *   if (error instanceof UnitsError && error.reason === 'too_many_decimals') showHint(error.message)
 * }
 */
export class UnitsError extends RampError {
  override name = 'UnitsError'
  readonly reason: UnitsErrorReason

  constructor(reason: UnitsErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}
