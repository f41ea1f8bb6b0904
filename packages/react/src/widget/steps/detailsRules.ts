import { zodResolver } from '@hookform/resolvers/zod'
import { type DetailsField, type DetailsFields, detailsFieldOf } from '@rampkit/core/checkout'
import {
  type DobOrder,
  detailsSchema,
  MIN_CUSTOMER_AGE,
  nigerianBankCode,
  phoneExample,
  type ValidationCode,
  type ValidationFailure,
} from '@rampkit/core/validation'
import { type RefObject, useEffect, useRef } from 'react'
import type { Resolver, UseFormSetError } from 'react-hook-form'
import { useKitConfig } from '../../hooks/reads.js'
import { useRampKit } from '../../kitContext.js'
import type { MessageKey } from '../../messages/index.js'

// The details form's rules: core's schema as its resolver, the messages of its failures, and the
// service's own refusals pinned on the form's fields.

/** The details form's values, as typed. */
export type DetailsForm = Record<DetailsField, string>

/**
 * The message a field shows when the service refused it (core's `detailsFieldOf` says which
 * field a 422 `data.field` lands on): the service's own text is English, the widget speaks the
 * user's locale.
 */
const SERVICE_MESSAGES: Record<DetailsField, MessageKey> = {
  name: 'validation.name',
  dob: 'validation.dob',
  phone: 'validation.phone',
  accountNumber: 'validation.accountNumber',
  bvn: 'validation.bvn',
  walletAddress: 'validation.wallet',
}

/** The message for each way a date of birth can be refused (core's `validateDob` codes). */
const DOB_MESSAGES: Partial<Record<ValidationCode, MessageKey>> = {
  invalid_date: 'validation.dob.invalid',
  future_date: 'validation.dob.future',
  too_young: 'validation.dob.age',
  too_old: 'validation.dob.old',
}

/** The message of a failure of core's rules, by the service field it names and its code. */
function messageKey(
  failure: ValidationFailure,
  on: { needsIban: boolean; nuban: boolean },
): MessageKey {
  const { field, code } = failure
  if (field === 'customer.dob') return DOB_MESSAGES[code] ?? 'validation.dob'
  if (field === 'payment_method.phone_number')
    return code === 'sandbox_only' ? 'validation.phone.sandboxOnly' : 'validation.phone'
  if (field === 'payment_method.account_number') {
    if (code === 'sandbox_only') return 'validation.accountNumber.sandboxOnly'
    if (on.needsIban)
      return code === 'bad_checksum' ? 'validation.iban.checksum' : 'validation.iban'
    if (on.nuban && code === 'bad_checksum') return 'validation.nuban.checksum'
    if (on.nuban && code === 'invalid_format') return 'validation.nuban'
    return 'validation.accountNumber'
  }
  const target = detailsFieldOf(field)
  return target ? SERVICE_MESSAGES[target] : 'validation.required'
}

/** The form's fields in the order they are laid out, for focusing the first one in error. */
export function firstInvalid(
  form: HTMLFormElement | null,
  invalid: string[],
): HTMLElement | undefined {
  if (!form) return undefined
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[name]')).find((input) =>
    invalid.includes(input.name),
  )
}

/** A country's name in the shopper's language. */
export function regionName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/** What `useDetailsResolver` checks the details against. */
export type DetailsRules = {
  country: string | null
  countryLabel: string
  order: DobOrder
  needs: Pick<DetailsFields, 'dob' | 'phone' | 'account' | 'iban' | 'bvn'>
  /** The payout bank's name (a Nigerian bank's code checks the NUBAN). */
  bank: string | undefined
  /** The connected wallet, which an off-ramp's wallet must be. */
  connected: RefObject<string | undefined> | undefined
}

/**
 * The form's resolver over core's rules (`detailsSchema`): the kit and the sandbox check what
 * arrives with the same ones. The kit's environment decides whether the sandbox's documented
 * test phones and account numbers (`+2541111111111`, `1111111111`, ...) pass: in the sandbox only.
 */
export function useDetailsResolver(rules: DetailsRules): Resolver<DetailsForm> {
  const { t } = useRampKit()
  const config = useKitConfig()
  const { country, order, needs, bank, connected } = rules
  const bankCode = country === 'NG' ? nigerianBankCode(bank) : undefined
  /** A failure of core's rules in the shopper's language. */
  const message = (failure: ValidationFailure): string => {
    const values = {
      country: rules.countryLabel,
      age: MIN_CUSTOMER_AGE,
      format: t(order === 'dmy' ? 'details.dob.hint.dmy' : 'details.dob.hint'),
      example: (country && phoneExample(country)) ?? '',
      bank: bank ?? '',
    }
    return t(messageKey(failure, { needsIban: needs.iban, nuban: country === 'NG' }), values)
  }
  return async (values, context, options) => {
    const environment =
      config.data?.environment ?? (await config.refetch()).data?.environment ?? undefined
    const schema = detailsSchema({
      environment,
      dob: needs.dob || values.dob.trim() ? { order, required: needs.dob } : undefined,
      phoneCountry: needs.phone && country ? country : undefined,
      account: needs.account
        ? needs.iban
          ? { kind: 'iban' }
          : { kind: 'account', country: country ?? undefined, bankCode }
        : undefined,
      bvn: needs.bvn,
      wallet: {
        field: 'wallet_address',
        connected: connected ? () => connected.current : undefined,
      },
      message,
    })
    return zodResolver(schema)(values, context, options as never) as ReturnType<
      Resolver<DetailsForm>
    >
  }
}

/**
 * Pins each refusal the service named a field of (422 `data.field`) on that field, in the
 * shopper's language, and focuses the first; returns the refused fields the form has not.
 */
export function useServiceErrors(
  serverErrors: Readonly<Record<string, string>>,
  setError: UseFormSetError<DetailsForm>,
  formRef: RefObject<HTMLFormElement | null>,
  countryLabel: string,
): string[] {
  const { t } = useRampKit()
  const serverMessage = useRef(t)
  serverMessage.current = (key, values) => t(key, { country: countryLabel, ...values })
  useEffect(() => {
    const invalid: string[] = []
    for (const field of Object.keys(serverErrors)) {
      const target = detailsFieldOf(field)
      if (!target) continue
      const message = serverMessage.current(SERVICE_MESSAGES[target])
      setError(target, { type: 'server', message })
      invalid.push(target)
    }
    firstInvalid(formRef.current, invalid)?.focus()
  }, [serverErrors, setError, formRef])
  return Object.keys(serverErrors).filter((field) => detailsFieldOf(field) === undefined)
}
