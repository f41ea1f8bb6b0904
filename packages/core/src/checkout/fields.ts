/**
 * Which details a checkout asks for, as pure functions of what was chosen: the fields a corridor
 * and rail need (phone for mobile money, an account or an IBAN for a bank, a BVN in Nigeria, a
 * date of birth on African retail rails) and which of them a 422 `data.field` of the service
 * names. The widget's details step renders these; a partner's own UI calls the same functions.
 * The rules themselves (a phone's format, a NUBAN's check digit) are `@rampkit/core/validation`'s.
 */
import { requiresBvn } from '../validation/bvn.js'
import { type DobOrder, dobOrder } from '../validation/dob.js'
import { VALIDATION_FIELDS } from '../validation/fields.js'
import type { CheckoutState } from './types.js'

/** A field of the details step, named as `CheckoutDetails` names it. */
export type DetailsField = 'name' | 'dob' | 'phone' | 'accountNumber' | 'bvn' | 'walletAddress'

/** What `detailsFields` says a checkout's details step asks for. */
export type DetailsFields = {
  /** The fields to show, in the order they are laid out. */
  fields: DetailsField[]
  /** `customer.dob` is asked: an African corridor (spec 7), or one the service asked it for. */
  dob: boolean
  /** `payment_method.phone_number`: on a mobile-money rail. */
  phone: boolean
  /** `payment_method.account_number`: on every other rail. */
  account: boolean
  /** The account number is an IBAN: a euro bank pay-in (SEPA). */
  iban: boolean
  /** `customer.additional_id_number`: a Nigerian corridor's bank verification number. */
  bvn: boolean
  /** The corridor's country (null for an international one), whose formats the fields take. */
  country: string | null
  /** The order the shopper writes a date of birth in, from their locale and the country. */
  dobOrder: DobOrder
}

/**
 * The details a checkout needs for its chosen corridor and payment method. Name and wallet are
 * always asked; a 422 the service gave on the date of birth adds it wherever it was not asked.
 *
 * @example
 * detailsFields(checkout.getSnapshot().state, 'en')
 * // Kenya, mobile money: { fields: ['name', 'dob', 'phone', 'walletAddress'], phone: true, ... }
 */
export function detailsFields(
  state: Pick<CheckoutState, 'corridor' | 'paymentMethod'> &
    Partial<Pick<CheckoutState, 'fieldErrors'>>,
  locale: string,
): DetailsFields {
  const country = state.corridor?.country ?? null
  const rail = state.paymentMethod?.quoteType ?? state.paymentMethod?.type
  const phone = rail === 'mobile_money'
  const account = !phone
  const bvn = country !== null && requiresBvn(country)
  // An international bank pay-in in euros is paid from a SEPA account: its number is an IBAN.
  const iban =
    account && state.corridor?.kind === 'international' && state.corridor.currency === 'EUR'
  // Date of birth is an African retail rule (spec 7); a service that asks for it anyway gets it.
  const dob =
    state.corridor?.kind === 'african' || VALIDATION_FIELDS.dob in (state.fieldErrors ?? {})
  const shown: [DetailsField, boolean][] = [
    ['name', true],
    ['dob', dob],
    ['phone', phone],
    ['accountNumber', account],
    ['bvn', bvn],
    ['walletAddress', true],
  ]
  return {
    fields: shown.filter(([, needed]) => needed).map(([field]) => field),
    dob,
    phone,
    account,
    iban,
    bvn,
    country,
    dobOrder: dobOrder(locale, country),
  }
}

/**
 * The service's `data.field` names (spec section 7) and the details field each lands on: a 422
 * the service gave is shown on the field the shopper typed it in.
 */
const SERVICE_FIELDS: Readonly<Record<string, DetailsField>> = {
  [VALIDATION_FIELDS.customerName]: 'name',
  [VALIDATION_FIELDS.dob]: 'dob',
  [VALIDATION_FIELDS.phoneNumber]: 'phone',
  [VALIDATION_FIELDS.accountNumber]: 'accountNumber',
  [VALIDATION_FIELDS.additionalIdNumber]: 'bvn',
  [VALIDATION_FIELDS.walletAddress]: 'walletAddress',
  [VALIDATION_FIELDS.userAddress]: 'walletAddress',
}

/**
 * The details field a service's 422 `data.field` names, or undefined for a field the details
 * step has not (the amount's go back to the amount step; others are said as a whole).
 *
 * @example
 * detailsFieldOf('payment_method.phone_number') // 'phone'
 * detailsFieldOf('local_amount') // undefined
 */
export function detailsFieldOf(serviceField: string): DetailsField | undefined {
  return Object.hasOwn(SERVICE_FIELDS, serviceField) ? SERVICE_FIELDS[serviceField] : undefined
}
