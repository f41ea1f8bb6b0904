// The checkout's forms as zod schemas over core's rules (zod's `mini` entry, small in a browser):
// the widget's details and identity steps hand them to react-hook-form's `zodResolver`, and the
// kit and the sandbox run the same rules (`validatePhone`, `validateAccountNumber`...) on what
// arrives. `message` words each failure in the shopper's language; the default is the rule's.
import * as z from 'zod/mini'
import type { RampEnvironment } from '../client/types.js'
import { isCountryCode } from '../countries/codes.js'
import { validateAccountNumber } from './accountNumber.js'
import { validateBvn } from './bvn.js'
import { validateCustomerName } from './customerName.js'
import { type DobOrder, validateDob } from './dob.js'
import { validateEmail } from './email.js'
import { validateEvmAddress } from './evmAddress.js'
import { validateIban } from './iban.js'
import { isPhoneCountry, validatePhone } from './phone.js'
import { fail, ok, text as textOf, type ValidationResult } from './result.js'
import { type FailureMessage, ruleSchema } from './schemas.js'

const anything = z.unknown()
const optionalText = (input: unknown) => textOf(input) ?? ''

/** What the details step asks, by the corridor and rail chosen. */
export type DetailsSchemaOptions = {
  /** The kit's environment: the sandbox's test phones and accounts pass in `'sandbox'` only. */
  environment?: RampEnvironment | undefined
  /** Ask the date of birth, written in this order (see `dobOrder`); sent as mm/dd/yyyy. */
  dob?: { order: DobOrder; required: boolean } | undefined
  /** Ask a mobile money number of this country. */
  phoneCountry?: string | undefined
  /** Ask a bank account: an IBAN, or an account number of the corridor's country. */
  account?:
    | { kind: 'iban' }
    | { kind: 'account'; country?: string | undefined; bankCode?: string | undefined }
    | undefined
  /** Ask a Nigerian BVN. */
  bvn?: boolean | undefined
  /** The wallet's `data.field`; `connected` reads the connected wallet where it is not typed. */
  wallet: { field: string; connected?: (() => string | undefined) | undefined }
  message?: FailureMessage | undefined
}

/**
 * The details step's form: name, date of birth, phone, account number, BVN and wallet, each
 * present only where the corridor asks it, each parsed to what the service takes (E.164 phone,
 * mm/dd/yyyy date, account without spaces, checksummed address).
 *
 * @example
 * useForm({ resolver: zodResolver(detailsSchema({ phoneCountry: 'KE', wallet: { field: 'wallet_address' } })) })
 */
export function detailsSchema(options: DetailsSchemaOptions) {
  const { environment, message } = options
  const rule = <T>(validate: (input: unknown) => ValidationResult<T>) =>
    ruleSchema(anything, validate, message)
  const shape: Record<string, z.ZodMiniType> = {
    name: rule((input) => {
      const name = validateCustomerName(input)
      return name.ok ? ok(name.value.name) : name
    }),
  }
  const dob = options.dob
  if (dob) {
    shape.dob = rule<string | undefined>((input) =>
      !dob.required && optionalText(input) === ''
        ? ok(undefined)
        : validateDob(input, { order: dob.order }),
    )
  }
  const phoneCountry = options.phoneCountry
  if (phoneCountry) {
    shape.phone = rule((input) => validatePhone(input, phoneCountry, { environment }))
  }
  const account = options.account
  if (account) {
    shape.accountNumber = rule((input) =>
      account.kind === 'iban'
        ? validateIban(input, { environment })
        : validateAccountNumber(input, {
            environment,
            country: account.country,
            bankCode: account.bankCode,
          }),
    )
  }
  if (options.bvn) shape.bvn = rule(validateBvn)
  const wallet = options.wallet
  shape.walletAddress = rule((input) =>
    validateEvmAddress(wallet.connected ? wallet.connected() : input, { field: wallet.field }),
  )
  return z.object(shape)
}

/** The checks of the identity step's fields (a field without one is only required). */
export type IdentityCheck = 'email' | 'phone' | 'country' | 'bvn' | 'date'

/**
 * One identity field's rule, by the field's `profile.` name: required, and its check. A country
 * is an ISO 3166-1 alpha-2 code (`GE` is Georgia, `UN` is refused). A phone is checked by
 * `validatePhone` for `country`, the country of residence (local `06 12 34 56 78` accepted for
 * France, sent in E.164), and must be international (`+…`) for a country without a numbering
 * plan; a date (`yyyy-mm-dd`, a date input's value) is a date of birth of an adult.
 */
export function identityFieldSchema(
  field: string,
  check: IdentityCheck | undefined,
  options: {
    country?: string | undefined
    environment?: RampEnvironment | undefined
    message?: FailureMessage | undefined
  } = {},
) {
  const name = `profile.${field}`
  return ruleSchema(
    anything,
    (input): ValidationResult<string> => {
      const value = textOf(input)
      if (value === undefined) return fail(name, 'required', 'This field is required')
      if (check === 'email') return validateEmail(value, name)
      if (check === 'bvn') return validateBvn(value)
      if (check === 'country') {
        return isCountryCode(value)
          ? ok(value.toUpperCase())
          : fail(name, 'invalid_format', 'Choose a country')
      }
      if (check === 'date') {
        const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
        if (!date) return fail(name, 'invalid_format', 'Enter a date')
        const dob = validateDob(`${date[2]}/${date[3]}/${date[1]}`)
        return dob.ok ? ok(value) : { ...dob, field: name }
      }
      if (check === 'phone') {
        const country = options.country?.toUpperCase()
        if (country && isPhoneCountry(country)) {
          const phone = validatePhone(value, country, { environment: options.environment })
          return phone.ok ? phone : { ...phone, field: name }
        }
        const compact = value.replace(/[\s().-]/g, '')
        return /^\+\d{8,15}$/.test(compact)
          ? ok(compact)
          : fail(name, 'invalid_phone', 'Enter the number with its country code')
      }
      return ok(value)
    },
    options.message,
  )
}
