import { z } from 'zod'
import { isCountryCode } from '../countries/codes.js'

/**
 * ISO 3166-1 alpha-2 country code, upper case (`KE`, `NG`). Spec section 8: length 2. The
 * corridor and bank queries take it, with `EU` (reserved by ISO 3166 for the European Union)
 * where an EUR corridor has no country; a person's country is a `personCountry`.
 */
export const countryCode = z
  .string()
  .length(2, { error: 'Country must be a two-letter ISO code' })
  .regex(/^[A-Za-z]{2}$/, { error: 'Country must be a two-letter ISO code' })
  .transform((value) => value.toUpperCase())

/**
 * A country where a customer lives, is registered or has an address: an ISO 3166-1 alpha-2
 * country (`countryCode` whose code is assigned to a country), upper case. Two letters that are
 * no country (`UN`, `EU`) are refused, so "United States" typed as `UN` never reaches the vault.
 */
export const personCountry = z
  .string()
  .length(2, { error: 'Country must be a two-letter ISO code' })
  .refine(isCountryCode, { error: 'Country must be an ISO 3166-1 country code' })
  .transform((value) => value.toUpperCase())

/** ISO 4217 currency code, upper case (`KES`, `EUR`). Spec section 8: length 3. */
export const currencyCode = z
  .string()
  .length(3, { error: 'Currency must be a three-letter ISO code' })
  .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a three-letter ISO code' })
  .transform((value) => value.toUpperCase())

/** A public customer id: `pcus_` prefix (spec section 4). */
export const customerId = z.string().regex(/^pcus_[A-Za-z0-9_-]+$/, {
  error: 'Customer id must start with pcus_',
})

/** A signing key id: `skey_` prefix (spec section 4). */
export const signingKeyId = z.string().regex(/^skey_[A-Za-z0-9_-]+$/, {
  error: 'Signing key id must start with skey_',
})

/** An account id: integer >= 1 (spec section 8). Accepts the string form a path carries. */
export const accountId = z.coerce
  .number({ error: 'Account id must be an integer' })
  .int({ error: 'Account id must be an integer' })
  .min(1, { error: 'Account id must be 1 or more' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Account id is too large' })

/** A 0x-prefixed 20-byte hex address, as the service sends it (not checksum-checked here). */
export const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Must be a 0x-prefixed 20-byte hex address' })
  .transform((value) => value as `0x${string}`)

/** A 0x-prefixed 32-byte transaction hash. */
export const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'Must be a 0x-prefixed 32-byte transaction hash' })
  .transform((value) => value as `0x${string}`)

/** Order direction in the service's own words: `OnRamp` buys crypto with fiat, `OffRamp` sells it. */
export const orderTypeName = z.enum(['OnRamp', 'OffRamp'])
/** Order direction in the service's own words. The type of what `orderTypeName` parses to. */
export type OrderTypeName = z.infer<typeof orderTypeName>

/** ISO 8601 timestamp string; kept as a string so no precision (microseconds) is lost. */
export const isoTimestamp = z.string().min(1)

/** A payment method's `type`: an African rail or an international bank type (`BankSepa`, ...). */
export const paymentMethodType = z.string().min(1).max(64)
/**
 * The payment rails of African retail corridors. International bank types (`BankSepa`, ...) are
 * plain strings.
 */
export const AFRICAN_RAILS = ['mobile_money', 'bank'] as const
/** A rail of an African retail corridor: `mobile_money` or `bank`. */
export type AfricanRail = (typeof AFRICAN_RAILS)[number]

/**
 * A status the service names but may extend: the published values give autocompletion and
 * narrowing, and a value the documents do not list yet is kept as the string it is, never a
 * parse failure. Response schemas use it for every status field, so a new state on the service
 * reaches the caller instead of breaking a read.
 *
 * @example
 * const status = openEnum(['incomplete', 'approved'] as const)
 * status.parse('approved') // 'approved'
 * status.parse('under_audit') // 'under_audit': kept, typed as a string
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodType<T[number] | (string & {}), string> {
  // The values document the type only: any string passes, so no status can fail a read.
  void values
  return z.string()
}
