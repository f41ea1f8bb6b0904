import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js/core'
import { isPhoneCountry } from './phone.js'
import { PHONE_METADATA } from './phoneMetadata.js'
import { type SandboxTestOutcome, sandboxTestPhones } from './sandboxTestValues.js'

/**
 * The sandbox's test phones of a country (`'GH'`), by its calling code from the phone metadata
 * the checkout validates with; undefined for a country that metadata does not carry.
 *
 * @example
 * sandboxTestPhonesOf('GH') // { settle: '+2331111111111', fail: '+2330000000000' }
 */
export function sandboxTestPhonesOf(
  country: string,
): Record<SandboxTestOutcome, string> | undefined {
  const code = country.trim().toUpperCase()
  if (!isPhoneCountry(code)) return undefined
  return sandboxTestPhones(getCountryCallingCode(code as CountryCode, PHONE_METADATA))
}
