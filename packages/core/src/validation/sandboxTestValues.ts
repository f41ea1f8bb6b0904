// No import at run time: the widget bundles this module beside its own trimmed phone metadata.

/** How a documented sandbox test value makes the sandbox end an order. */
export type SandboxTestOutcome = 'settle' | 'fail'

/**
 * The test values the service documents for its sandbox (the "Sandbox success & failure"
 * guide). On a quote they force the order's outcome without moving money: the payout phone or
 * bank account for any order, the customer's name for an off-ramp. They are sandbox
 * identifiers only: sent to production they fail or mis-route settlement, so validation refuses
 * them there (`sandbox_only`).
 *
 * @example
 * `+254${SANDBOX_TEST_VALUES.phoneDigits.settle}` // '+2541111111111', Kenya, settles
 */
export const SANDBOX_TEST_VALUES = {
  /** Mobile money (`payment_method.phone_number`): `+{country calling code}` then these digits. */
  phoneDigits: { settle: '1111111111', fail: '0000000000' },
  /** Numbers outside that pattern: Uganda's smoke-test number has nine ones. */
  otherPhones: { '+256111111111': 'settle' },
  /** Bank (`payment_method.account_number`). */
  accountNumber: { settle: '1111111111', fail: '0000000000' },
  /** Off-ramp: a word in `customer.name` (or an institution's `business_name`). */
  customerName: { settle: 'Successful', fail: 'Failure' },
  /**
   * rampkit's sandbox only: a word in a vault profile's name that makes its review reject the
   * customer. The service's guide documents no identity failure (its sandbox may auto-approve),
   * and its `Failure` is an order's outcome: a shopper named `Failure Jane Doe` must pass review
   * so that the failing sale can be tried, so the review's trigger is a word of its own, the
   * status it forces.
   */
  customerReview: { reject: 'Rejected' },
} as const satisfies {
  phoneDigits: Record<SandboxTestOutcome, string>
  otherPhones: Record<string, SandboxTestOutcome>
  accountNumber: Record<SandboxTestOutcome, string>
  customerName: Record<SandboxTestOutcome, string>
  customerReview: { reject: string }
}

// The separators people type in a phone number; anything else makes it no test value.
const PHONE_SEPARATORS = /[\s().-]/g

/** The phone as `+` and digits, or undefined when it is not written that way. */
export function compactPhone(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined
  const compact = input.replace(PHONE_SEPARATORS, '')
  return /^\+\d{4,15}$/.test(compact) ? compact : undefined
}

/**
 * The outcome a documented sandbox test phone forces, or undefined for any other number. With
 * `callingCode` (`'254'`) only that country's test numbers count; without it, any country's.
 * Separators are ignored; the leading `+` is required, as on the wire (E.164).
 *
 * @example
 * sandboxTestPhoneOutcome('+254 111 111 1111', '254') // 'settle'
 * sandboxTestPhoneOutcome('+2340000000000') // 'fail'
 * sandboxTestPhoneOutcome('+254712345678') // undefined
 */
export function sandboxTestPhoneOutcome(
  input: unknown,
  callingCode?: string,
): SandboxTestOutcome | undefined {
  const phone = compactPhone(input)
  if (phone === undefined) return undefined
  const other = (SANDBOX_TEST_VALUES.otherPhones as Record<string, SandboxTestOutcome>)[phone]
  if (other !== undefined) {
    return callingCode === undefined || phone.startsWith(`+${callingCode}`) ? other : undefined
  }
  const { settle, fail } = SANDBOX_TEST_VALUES.phoneDigits
  for (const [outcome, digits] of [
    ['settle', settle],
    ['fail', fail],
  ] as const) {
    if (
      callingCode !== undefined ? phone === `+${callingCode}${digits}` : isAnyCountry(phone, digits)
    ) {
      return outcome
    }
  }
  return undefined
}

/** `+`, a country calling code (one to three digits), then `digits`. */
function isAnyCountry(phone: string, digits: string): boolean {
  const code = phone.slice(1, -digits.length)
  return phone.endsWith(digits) && code.length >= 1 && code.length <= 3 && /^[1-9]\d*$/.test(code)
}

/**
 * The outcome a documented sandbox test bank account number forces, or undefined. Spaces are
 * ignored (`1111 111 111`).
 *
 * @example
 * sandboxTestAccountOutcome('0000000000') // 'fail'
 */
export function sandboxTestAccountOutcome(input: unknown): SandboxTestOutcome | undefined {
  if (typeof input !== 'string') return undefined
  const account = input.replace(/\s+/g, '')
  const { settle, fail } = SANDBOX_TEST_VALUES.accountNumber
  if (account === settle) return 'settle'
  if (account === fail) return 'fail'
  return undefined
}

/**
 * The test phones of a country by its calling code (`'254'`): the documented number that settles
 * (Uganda's nine ones where the guide names one) and the one that fails.
 *
 * @example
 * sandboxTestPhones('254') // { settle: '+2541111111111', fail: '+2540000000000' }
 * sandboxTestPhones('256').settle // '+256111111111'
 */
export function sandboxTestPhones(callingCode: string): Record<SandboxTestOutcome, string> {
  const { settle, fail } = SANDBOX_TEST_VALUES.phoneDigits
  const listed = Object.entries(
    SANDBOX_TEST_VALUES.otherPhones as Record<string, SandboxTestOutcome>,
  )
  const own = (outcome: SandboxTestOutcome) =>
    listed.find(([phone, forced]) => forced === outcome && phone.startsWith(`+${callingCode}`))?.[0]
  return {
    settle: own('settle') ?? `+${callingCode}${settle}`,
    fail: own('fail') ?? `+${callingCode}${fail}`,
  }
}

/**
 * Whether rampkit's sandbox rejects a vault customer of this name at review: a name containing
 * `Rejected` (any case, `SANDBOX_TEST_VALUES.customerReview`). `Failure`, the guide's failing
 * order, does not reject: the customer passes and the order they place fails.
 *
 * @example
 * sandboxTestReviewRejects('Rejected Jane Doe') // true
 * sandboxTestReviewRejects('Failure Jane Doe') // false
 */
export function sandboxTestReviewRejects(name: unknown): boolean {
  if (typeof name !== 'string') return false
  return name.toLowerCase().includes(SANDBOX_TEST_VALUES.customerReview.reject.toLowerCase())
}

/**
 * The outcome an off-ramp customer's name forces in the sandbox: `Failure` in it fails the
 * order, else `Successful` settles it (as written, capitalised); undefined otherwise.
 *
 * @example
 * sandboxTestNameOutcome('Successful Jane Doe') // 'settle'
 * sandboxTestNameOutcome('Jane Doe') // undefined
 */
export function sandboxTestNameOutcome(input: unknown): SandboxTestOutcome | undefined {
  if (typeof input !== 'string') return undefined
  if (input.includes(SANDBOX_TEST_VALUES.customerName.fail)) return 'fail'
  if (input.includes(SANDBOX_TEST_VALUES.customerName.settle)) return 'settle'
  return undefined
}
