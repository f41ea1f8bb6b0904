// zod's `mini` entry: the same schemas and issues as `zod` with functions in place of methods, so
// a browser bundle that imports these rules carries a few kB of zod rather than the whole API.
// They nest in `zod` objects as in `zod/mini` ones, and react-hook-form's `zodResolver` takes them.
import * as z from 'zod/mini'
import { type ProviderLimits, validateAmountForProvider } from './amount.js'
import { validateBvn } from './bvn.js'
import { validateCustomerName } from './customerName.js'
import { validateDob } from './dob.js'
import { validateEvmAddress } from './evmAddress.js'
import { validateNetworkId } from './networkId.js'
import { type ValidatePhoneOptions, validatePhone } from './phone.js'
import {
  type QuoteInput,
  quoteInputFailures,
  type ValidateQuoteInputOptions,
} from './quoteInput.js'
import type { ValidationFailure, ValidationResult } from './result.js'

// Leaf schemas report issues at their own position (path []), so they compose: nested as
// `{ payment_method: { phone_number: phoneNumberSchema('KE') } }` the path is the service's field
// name. `params.field` carries that name for a schema used on its own.

function issue(failure: ValidationFailure, input: unknown, path?: string[]) {
  return {
    code: 'custom' as const,
    message: failure.message,
    input,
    params: { field: failure.field, code: failure.code },
    ...(path ? { path } : {}),
  }
}

/** Turns a failure into the message shown: a form in another language maps the code to its own. */
export type FailureMessage = (failure: ValidationFailure) => string

/**
 * A schema over one of core's rules: `base` checks the input's type, `validate` is the rule, and
 * the output is the rule's normalised value. `message` words a failure (default: the rule's
 * English message); the issue's `params` keep the rule's `field` and `code` for programs.
 */
export function ruleSchema<Input, Output>(
  base: z.ZodMiniType<Input>,
  validate: (input: Input) => ValidationResult<Output>,
  message?: FailureMessage,
) {
  return z.pipe(
    base,
    z.transform((input: Input, payload): Output => {
      const result = validate(input)
      if (result.ok) return result.value
      const failure = message ? { ...result, message: message(result) } : result
      payload.issues.push(issue(failure, input))
      return z.NEVER as never
    }),
  )
}

const checked = ruleSchema

const isString = (value: unknown): value is string => typeof value === 'string'

/** Text input of a rule: anything else is refused with `message`. */
export function text(message: string) {
  return z.custom<string>(isString, { error: message })
}

/**
 * Zod schema of `payment_method.phone_number` for one corridor country; parses to E.164. See
 * `validatePhone` (and its `environment` option for the sandbox's test numbers).
 *
 * @example
 * const form = z.object({ payment_method: z.object({ phone_number: phoneNumberSchema('KE') }) })
 * form.parse({ payment_method: { phone_number: '0712 345 678' } }) // phone_number: '+254712345678'
 */
export function phoneNumberSchema(country: string, options: ValidatePhoneOptions = {}) {
  return checked(text('Enter a phone number'), (input) => validatePhone(input, country, options))
}

/**
 * Zod schema of `customer.name`; parses to the normalised name. See `validateCustomerName`.
 *
 * @example
 * customerNameSchema.parse('  Zoë   O’Brien ') // 'Zoë O’Brien'
 */
export const customerNameSchema = /* @__PURE__ */ checked(
  /* @__PURE__ */ text('Enter your first and last name'),
  (input) => {
    const result = validateCustomerName(input)
    return result.ok ? { ok: true as const, value: result.value.name } : result
  },
)

/**
 * Zod schema of `customer.dob` (`mm/dd/yyyy`, 18 to 120 years old on today's UTC date). See
 * `validateDob`; use that function to inject a clock.
 *
 * @example
 * dobSchema.safeParse('02/30/1990').success // false
 */
export const dobSchema = /* @__PURE__ */ checked(
  /* @__PURE__ */ text('Enter your date of birth'),
  (input) => validateDob(input),
)

/**
 * Zod schema of `customer.additional_id_number` (Nigerian BVN); parses to the 11 digits.
 *
 * @example
 * bvnSchema.parse('223 4567 8901') // '22345678901'
 */
export const bvnSchema = /* @__PURE__ */ checked(
  /* @__PURE__ */ text('Enter your BVN'),
  validateBvn,
)

/**
 * Zod schema of an EVM address; parses to the checksummed address. See `validateEvmAddress`.
 *
 * @example
 * evmAddressSchema.parse('0xd8da6bf26964af9d7eed9e03e53415d37aa96045') // '0xd8dA6BF2...'
 */
export const evmAddressSchema = /* @__PURE__ */ checked(
  /* @__PURE__ */ text('Enter a wallet address'),
  (input) => validateEvmAddress(input),
)

/**
 * Zod schema of `payment_method.network_id` (a provider UUID).
 *
 * @example
 * networkIdSchema.safeParse(provider.id).success // true
 */
export const networkIdSchema = /* @__PURE__ */ checked(
  /* @__PURE__ */ text('Choose a bank or provider'),
  validateNetworkId,
)

/**
 * Zod schema of `amount_fiat` within a provider's limits; parses to an exact decimal string.
 * See `validateAmountForProvider`.
 *
 * @example
 * amountSchema({ min_amount: 10, max_amount: 150000, currency: 'KES' }).safeParse('5').error?.issues[0]?.message
 * // 'Minimum is 10 KES'
 */
export function amountSchema(provider: ProviderLimits) {
  return checked(
    z.custom<string | number>((value) => isString(value) || typeof value === 'number', {
      error: 'Enter an amount',
    }),
    (input) => validateAmountForProvider(input, provider),
  )
}

/**
 * Zod schema of a whole quote request: every failure of `validateQuoteInput`, each as an issue
 * whose `path` is the service's field (`['customer', 'dob']`), so a form resolver
 * (react-hook-form's `zodResolver`) puts each message beside its input. Parses to the normalised
 * request.
 *
 * @example
 * const form = useForm({ resolver: zodResolver(quoteInputSchema({ provider })) })
 */
export function quoteInputSchema(options: ValidateQuoteInputOptions = {}) {
  return z.pipe(
    z.custom<QuoteInput>((value) => typeof value === 'object' && value !== null, {
      error: 'Expected a quote request',
    }),
    z.transform((input: QuoteInput, payload): QuoteInput => {
      const { failures, value } = quoteInputFailures(input, options)
      for (const failure of failures)
        payload.issues.push(issue(failure, input, failure.field.split('.')))
      return failures.length > 0 ? (z.NEVER as never) : value
    }),
  )
}
