/**
 * Why a value failed, stable for programs (the message is for people and may change).
 */
export type ValidationCode =
  | 'required'
  | 'invalid_format'
  | 'invalid_characters'
  | 'invalid_phone'
  | 'wrong_country'
  | 'unsupported_country'
  | 'too_short'
  | 'too_long'
  | 'invalid_date'
  | 'future_date'
  | 'too_young'
  | 'too_old'
  | 'bad_checksum'
  | 'zero_address'
  | 'not_positive'
  | 'too_many_decimals'
  | 'below_minimum'
  | 'above_maximum'
  /** A documented sandbox test value sent outside the sandbox. */
  | 'sandbox_only'

/**
 * A refused value: `field` is the service's own `data.field` name (spec section 7, e.g.
 * `payment_method.phone_number`), `message` is short English safe to show an end user.
 */
export type ValidationFailure = {
  ok: false
  field: string
  message: string
  code: ValidationCode
}

/**
 * What every `validateX` function returns: the normalised value, or the first failure. Never
 * throws, so the same call serves a form (show `message` beside `field`) and a server (answer
 * 422 with `data.field`).
 *
 * @example
 * const result = validateBvn(input)
 * if (!result.ok) return c.json({ status: 'error', message: result.message, data: { field: result.field } }, 422)
 * use(result.value)
 */
export type ValidationResult<T> = { ok: true; value: T } | ValidationFailure

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value }
}

export function fail(field: string, code: ValidationCode, message: string): ValidationFailure {
  return { ok: false, field, code, message }
}

/** Trimmed text of a form value, or `undefined` when there is nothing to read. */
export function text(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined
  const trimmed = input.trim()
  return trimmed === '' ? undefined : trimmed
}
