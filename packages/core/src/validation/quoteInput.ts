import type { RampEnvironment } from '../client/types.js'
import { AFRICAN_RAILS } from '../schemas/common.js'
import { validateAccountNumber } from './accountNumber.js'
import { type ProviderLimits, validateAmountForProvider, validateFiatAmount } from './amount.js'
import { requiresBvn, validateBvn, validateBvnType } from './bvn.js'
import { validateCustomerName } from './customerName.js'
import { validateDob } from './dob.js'
import { validateEvmAddress } from './evmAddress.js'
import { VALIDATION_FIELDS } from './fields.js'
import { validateNetworkId } from './networkId.js'
import { validatePhone } from './phone.js'
import { ok, type ValidationFailure, type ValidationResult } from './result.js'

/**
 * The inputs of a binding quote request (`POST /partner/orders/quote`, in the published form)
 * that the 422 table of spec section 7 names, with the amount and the addresses. Other fields
 * pass through untouched.
 */
export type QuoteInput = {
  order_type?: unknown
  country: string
  currency: string
  /** What an on-ramp user pays, whole units of `currency`. */
  local_amount?: number | string
  /** What an off-ramp user sends, in tokens; the fiat limits do not apply to it here. */
  crypto_amount?: number | string
  wallet_address?: string
  refund_address?: string
  /** An approved vault customer: the inline `customer` rules are then the vault's business. */
  customer_id?: string
  payment_method: {
    type: 'mobile_money' | 'bank' | (string & {})
    network_id?: string
    phone_number?: string
    account_number?: string
    [key: string]: unknown
  }
  customer?: {
    name?: string
    /** Required on African retail rails (mobile money, bank); checked elsewhere when sent. */
    dob?: string
    /** Beside a Nigerian BVN: `bvn`, as the published Nigerian quotes send it. */
    additional_id_type?: string
    additional_id_number?: string
    [key: string]: unknown
  }
  [key: string]: unknown
}

/**
 * Options of `validateQuoteInput`: the clock, the chosen provider's limits, the environment,
 * and the bank code.
 */
export type ValidateQuoteInputOptions = {
  /** Clock in milliseconds for the age check; defaults to `Date.now`. */
  now?: () => number
  /** The chosen provider's limits; without them only the amount's shape is checked. */
  provider?: ProviderLimits
  /**
   * Where the quote is going (a client's `environment`, the key's prefix). The documented sandbox
   * test values (phones `+{country code}1111111111` / `+{country code}0000000000`, account
   * numbers `1111111111` / `0000000000`) pass only in `'sandbox'`; in production, or when not
   * given, they are refused with `sandbox_only` on their field.
   */
  environment?: RampEnvironment | undefined
  /**
   * The chosen bank's CBN code (`nigerianBankCode(bank.name)`): a Nigerian account number (NUBAN)
   * is then checked for its check digit as well as its ten digits.
   */
  bankCode?: string | undefined
}

type UnknownRecord = Record<string, unknown>

// A copy without a `__proto__` key (an own property when it comes from JSON.parse): copied into
// the result, it would swap the prototype of whatever the caller Object.assigns it to.
function record(value: unknown): UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__proto__'))
    : {}
}

function present(value: unknown): boolean {
  return (
    value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')
  )
}

/**
 * Every failure of a quote request, in the order of the 422 table (network id, phone, name, date
 * of birth, BVN; a sent account number beside the phone), then the amount and the addresses.
 * Forms want them all; the service answers with the first.
 */
export function quoteInputFailures(
  input: unknown,
  options: ValidateQuoteInputOptions = {},
): { failures: ValidationFailure[]; value: QuoteInput } {
  const request = record(input)
  const method = record(request.payment_method)
  const customer = record(request.customer)
  const country = typeof request.country === 'string' ? request.country : ''
  const currency = typeof request.currency === 'string' ? request.currency : ''
  const failures: ValidationFailure[] = []
  const inline = request.customer_id === undefined || request.customer !== undefined
  const value = {
    ...request,
    payment_method: { ...method },
    ...(inline ? { customer: { ...customer } } : {}),
  } as QuoteInput
  const person = value.customer ?? {}
  const africanRetail = (AFRICAN_RAILS as readonly unknown[]).includes(method.type)

  // Required on both African rails (the published quote refuses a mobile-money quote without
  // it too); on international bank pay-ins checked only when sent.
  if (africanRetail || present(method.network_id)) {
    const result = validateNetworkId(method.network_id)
    if (result.ok) value.payment_method.network_id = result.value
    else failures.push(result)
  }
  if (method.type === 'mobile_money') {
    const result = validatePhone(method.phone_number, country, {
      environment: options.environment,
    })
    if (result.ok) value.payment_method.phone_number = result.value
    else failures.push(result)
  }
  // Not required here (which rails need it is the service's rule), but never a sandbox test
  // number outside the sandbox, and a Nigerian one a NUBAN.
  if (present(method.account_number)) {
    const result = validateAccountNumber(method.account_number, {
      environment: options.environment,
      country,
      bankCode: options.bankCode,
    })
    if (result.ok) value.payment_method.account_number = result.value
    else failures.push(result)
  }
  // The inline customer's rules; a vault customer (`customer_id`) passed them at review.
  if (inline) {
    // An institution goes by its business name, which counts as the name.
    const name = validateCustomerName(customer.name ?? customer.business_name)
    if (!name.ok) failures.push(name)
    else if (customer.name === undefined && customer.business_name !== undefined) {
      person.business_name = name.value.name
    } else person.name = name.value.name
    // Section 7: `mm/dd/yyyy` on African retail corridors; an international bank pay-in
    // (BankSepa, BankSwift, ...) or an institution needs none, but one that is sent must still
    // be a real date.
    const institution = customer.type === 'institution'
    if ((africanRetail && !institution) || present(customer.dob)) {
      const dob = validateDob(customer.dob, { now: options.now })
      if (dob.ok) person.dob = dob.value
      else failures.push(dob)
    }
    if (requiresBvn(country) && !institution) {
      const result = validateBvn(customer.additional_id_number)
      if (result.ok) person.additional_id_number = result.value
      else failures.push(result)
      const type = validateBvnType(customer.additional_id_type)
      if (!type.ok) failures.push(type)
      else if (type.value !== undefined) person.additional_id_type = type.value
    }
  }

  // The provider's limits are fiat: they bound `local_amount`. An off-ramp's `crypto_amount` is
  // priced by the service, which answers the limits in its own 422.
  if (request.crypto_amount === undefined || present(request.local_amount)) {
    const field = { field: VALIDATION_FIELDS.localAmount, wholeUnits: true }
    const amount = options.provider
      ? validateAmountForProvider(request.local_amount, options.provider, field)
      : validateFiatAmount(request.local_amount, currency, field)
    if (!amount.ok) failures.push(amount)
  }
  for (const [key, field] of [
    ['wallet_address', VALIDATION_FIELDS.walletAddress],
    ['refund_address', VALIDATION_FIELDS.refundAddress],
  ] as const) {
    if (!present(request[key])) continue
    const result = validateEvmAddress(request[key], { field })
    if (result.ok) value[key] = result.value
    else failures.push(result)
  }
  return { failures, value }
}

/**
 * Runs the 422 table of spec section 7 on a quote request and returns the first failure in the
 * table's order (`payment_method.network_id`, `payment_method.phone_number` on mobile money,
 * `customer.name`, `customer.dob` on African rails, `customer.additional_id_number` for Nigeria
 * (and `customer.additional_id_type`, `bvn` when sent);
 * the inline customer only, a `customer_id` skips them), then `local_amount` (whole units, within
 * the provider's limits when given), `wallet_address` and `refund_address`, or the request with
 * normalised values (E.164 phone, collapsed name, bare BVN digits, checksummed addresses). The sandbox and the server kit both call
 * it, so they refuse the same request with the same `data.field`. Pass `environment`: the
 * sandbox's test phones and account numbers pass in `'sandbox'` only.
 *
 * @example
 * const result = validateQuoteInput(await c.req.json(), { provider, environment: 'sandbox' })
 * if (!result.ok) {
 *   return c.json({ status: 'error', message: result.message, data: { field: result.field } }, 422)
 * }
 * await client.createQuote(result.value)
 */
export function validateQuoteInput(
  input: unknown,
  options: ValidateQuoteInputOptions = {},
): ValidationResult<QuoteInput> {
  const { failures, value } = quoteInputFailures(input, options)
  return failures[0] ?? ok(value)
}
