import { CHECKOUT_STEPS, type CheckoutState } from './types.js'

/**
 * A checkout state as text for `sessionStorage`. Only plain data is kept, so the text can be
 * read back with `parseCheckout` after a reload.
 *
 * @example
 * sessionStorage.setItem('rampkit:checkout', serializeCheckout(state))
 */
export function serializeCheckout(state: CheckoutState): string {
  return JSON.stringify(state)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

function hasFields(
  value: unknown,
  fields: Record<string, (field: unknown) => boolean>,
): value is Record<string, unknown> {
  if (!isRecord(value)) return false
  return Object.entries(fields).every(([key, check]) => check(value[key]))
}

const optional = (check: (value: unknown) => boolean) => (value: unknown) =>
  value === undefined || check(value)

const SHAPES: Record<string, Record<string, (value: unknown) => boolean>> = {
  corridor: { currency: isString, country: (value) => value === null || isString(value) },
  paymentMethod: { type: isString, quoteType: isString },
  provider: { id: isString, name: isString },
  token: { symbol: isString, address: isString, decimals: isNumber, chainId: isNumber },
  details: { name: isString, walletAddress: isString },
  quote: { quoteId: isString, rate: isNumber, amountFiat: isNumber, expiresAt: isString },
  approval: { amount: isString, confirmed: (value) => typeof value === 'boolean' },
  confirm: { key: isString, quoteId: isString, state: isString, sentAt: isNumber },
  order: { id: isString, status: isString },
}

/**
 * Reads a state written by `serializeCheckout`; `null` when the text is missing, not JSON, from
 * another version, or not shaped like a checkout (storage is user-editable, so nothing is
 * trusted blindly).
 *
 * @example
 * const state = parseCheckout(sessionStorage.getItem('rampkit:checkout')) ?? createCheckout()
 */
export function parseCheckout(text: string | null | undefined): CheckoutState | null {
  if (!text) return null
  let value: unknown
  try {
    // Drop `__proto__` keys: storage is user-editable, and a caller may Object.assign the state.
    value = JSON.parse(text, (key, item: unknown) => (key === '__proto__' ? undefined : item))
  } catch {
    return null
  }
  if (!isRecord(value) || value.version !== 1) return null
  if (!CHECKOUT_STEPS.includes(value.step as never)) return null
  if (!Array.isArray(value.confirmedQuoteIds) || !value.confirmedQuoteIds.every(isString)) {
    return null
  }
  if (!isRecord(value.fieldErrors)) return null
  if (
    !optional((direction) => direction === 'OnRamp' || direction === 'OffRamp')(value.direction)
  ) {
    return null
  }
  if (!optional(isNumber)(value.amountFiat)) return null
  if (!optional(isString)(value.amountCrypto)) return null
  if (!optional((identity) => typeof identity === 'boolean')(value.identity)) return null
  for (const [key, fields] of Object.entries(SHAPES)) {
    if (value[key] !== undefined && !hasFields(value[key], fields)) return null
  }
  return value as CheckoutState
}
