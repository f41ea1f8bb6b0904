'use client'
import type { CheckoutDetails } from '@rampkit/core'
import { customerQueryOptions } from '@rampkit/core/kit/query'
import {
  MIN_CUSTOMER_AGE,
  requiresBvn,
  type ValidationCode,
  validateAccountNumber,
  validateBvn,
  validateCustomerName,
  validateDob,
  validateEvmAddress,
  validateIban,
} from '@rampkit/core/validation'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useConnection } from 'wagmi'
import { useKitConfig } from '../../hooks/reads.js'
import { useRampKit } from '../../kitContext.js'
import type { MessageKey } from '../../messages/index.js'
import { formatPhoneAsYouType, validatePhone } from '../../phone/index.js'
import { useWidget } from '../context.js'
import { type FieldErrors, type Resolver, type UseFormSetValue, useForm } from '../form.js'
import { customerQueryOf } from '../identity/gate.js'
import { Alert, Field } from '../parts.js'
import { dayFirst, formatDobAsYouType, swapDayMonth } from './dob.js'

type DetailsForm = {
  name: string
  dob: string
  phone: string
  accountNumber: string
  bvn: string
  walletAddress: string
}

/**
 * The service's `data.field` names mapped to the form's fields (spec section 7), with the
 * message shown there: the service's own text is English, the widget speaks the user's locale.
 */
const SERVICE_FIELDS: Record<string, { field: keyof DetailsForm; message: MessageKey }> = {
  'customer.name': { field: 'name', message: 'validation.name' },
  'customer.dob': { field: 'dob', message: 'validation.dob' },
  'payment_method.phone_number': { field: 'phone', message: 'validation.phone' },
  'payment_method.account_number': { field: 'accountNumber', message: 'validation.accountNumber' },
  'customer.additional_id_number': { field: 'bvn', message: 'validation.bvn' },
  wallet_address: { field: 'walletAddress', message: 'validation.wallet' },
  user_address: { field: 'walletAddress', message: 'validation.wallet' },
}

/** The message for each way a date of birth can be refused (core's `validateDob` codes). */
const DOB_MESSAGES: Partial<Record<ValidationCode, MessageKey>> = {
  invalid_date: 'validation.dob.invalid',
  future_date: 'validation.dob.future',
  too_young: 'validation.dob.age',
  too_old: 'validation.dob.old',
}

/** The form's fields in the order they are laid out, for focusing the first one in error. */
function firstInvalid(form: HTMLFormElement | null, invalid: string[]): HTMLElement | undefined {
  if (!form) return undefined
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[name]')).find((input) =>
    invalid.includes(input.name),
  )
}

function regionName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/**
 * Fills the wallet from the connected wagmi account (rendered only under a WagmiProvider). The
 * off-ramp wallet is the connected one, always; an on-ramp wallet the user typed or the partner
 * passed is theirs to keep, so the account only fills an empty field, or one that still holds the
 * account connected before a switch.
 */
function ConnectedWallet(props: {
  offRamp: boolean
  getValue: () => string
  setValue: UseFormSetValue<DetailsForm>
  onAddress: (address: string | undefined) => void
}): null {
  const { address } = useConnection()
  const { offRamp, getValue, setValue, onAddress } = props
  const before = useRef<string | undefined>(undefined)
  useEffect(() => {
    onAddress(address)
    const was = before.current
    before.current = address
    if (!address) return
    // A field that still holds the account connected before was not typed by the user: it
    // follows the account they switch to.
    const value = getValue().trim().toLowerCase()
    if (offRamp || value === '' || (was !== undefined && value === was.toLowerCase())) {
      setValue('walletAddress', address, { shouldValidate: false })
    }
  }, [address, offRamp, getValue, setValue, onAddress])
  return null
}

/**
 * What a verified customer's profile on file says of the details (name, date of birth as
 * mm/dd/yyyy, phone): a returning user is not asked again what the identity step collected. Read
 * from the customer query the identity gate runs (the same key, no request of its own here).
 */
function useOnFile(): { name?: string; dob?: string; phone?: string } {
  const { client } = useRampKit()
  const { checkout, props } = useWidget()
  const customer = useQuery({
    ...customerQueryOptions(client, customerQueryOf(checkout.state, props)),
    enabled: false,
  })
  const profile = customer.data?.profile
  if (!profile) return {}
  const name = [profile.first_name, profile.middle_name, profile.last_name]
    .filter(Boolean)
    .join(' ')
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(profile.date_of_birth ?? '')
  return {
    ...(profile.first_name && profile.last_name ? { name } : {}),
    ...(dob ? { dob: `${dob[2]}/${dob[3]}/${dob[1]}` } : {}),
    ...(profile.phone ? { phone: profile.phone } : {}),
  }
}

export default function DetailsStep(): ReactNode {
  const { t, locale, hasWagmi } = useRampKit()
  const onFile = useOnFile()
  const { checkout, props } = useWidget()
  const { state, send } = checkout
  const country = state.corridor?.country ?? null
  const offRamp = state.direction === 'OffRamp'
  const rail = state.paymentMethod?.quoteType ?? state.paymentMethod?.type
  const needsPhone = rail === 'mobile_money'
  const needsAccount = !needsPhone
  const needsBvn = country !== null && requiresBvn(country)
  // An international bank pay-in in euros is paid from a SEPA account: its number is an IBAN.
  const needsIban =
    needsAccount && state.corridor?.kind === 'international' && state.corridor.currency === 'EUR'
  const dayFirstDob = dayFirst(locale)
  const serverErrors = state.fieldErrors
  // Date of birth is an African retail rule (spec 7); a service that asks for it anyway gets it.
  const needsDob = state.corridor?.kind === 'african' || 'customer.dob' in serverErrors
  const connected = useRef<string | undefined>(undefined)
  const countryLabel = country ? regionName(country, locale) : ''

  // The kit's environment decides whether the sandbox's documented test phones and account
  // numbers (`+2541111111111`, `1111111111`, ...) are accepted: in the sandbox only.
  const config = useKitConfig()

  const previous = state.details
  // Dates of birth are kept and sent as the service's mm/dd/yyyy, shown in the locale's order.
  const displayDob = useCallback(
    (dob: string) => (dayFirstDob ? swapDayMonth(dob) : dob),
    [dayFirstDob],
  )
  const resolver: Resolver<DetailsForm> = async (values) => {
    const environment =
      config.data?.environment ?? (await config.refetch()).data?.environment ?? undefined
    const errors: FieldErrors<DetailsForm> = {}
    const out: Partial<CheckoutDetails> = {}
    const fail = (field: keyof DetailsForm, key: MessageKey) => {
      errors[field] = {
        type: 'validate',
        message: t(key, { country: countryLabel, age: MIN_CUSTOMER_AGE }),
      }
    }
    const name = validateCustomerName(values.name)
    if (name.ok) out.name = name.value.name
    else fail('name', 'validation.name')
    if (needsDob || values.dob.trim()) {
      const dob = validateDob(dayFirstDob ? swapDayMonth(values.dob) : values.dob)
      if (dob.ok) out.dob = dob.value
      else fail('dob', DOB_MESSAGES[dob.code] ?? 'validation.dob')
    }
    if (needsPhone && country) {
      const phone = validatePhone(values.phone, country, { environment })
      if (phone.ok) out.phone = phone.value
      else
        fail(
          'phone',
          phone.code === 'sandbox_only' ? 'validation.phone.sandboxOnly' : 'validation.phone',
        )
    }
    if (needsAccount) {
      const account = needsIban
        ? validateIban(values.accountNumber, { environment })
        : validateAccountNumber(values.accountNumber, { environment })
      if (account.ok) out.accountNumber = account.value
      else
        fail(
          'accountNumber',
          account.code === 'sandbox_only'
            ? 'validation.accountNumber.sandboxOnly'
            : !needsIban
              ? 'validation.accountNumber'
              : account.code === 'bad_checksum'
                ? 'validation.iban.checksum'
                : 'validation.iban',
        )
    }
    if (needsBvn) {
      const bvn = validateBvn(values.bvn)
      if (bvn.ok) out.bvn = bvn.value
      else fail('bvn', 'validation.bvn')
    }
    const wallet = validateEvmAddress(offRamp ? connected.current : values.walletAddress, {
      field: 'wallet_address',
    })
    if (wallet.ok) out.walletAddress = wallet.value
    else fail('walletAddress', 'validation.wallet')
    if (Object.keys(errors).length > 0) return { values: {}, errors }
    return { values: out as unknown as DetailsForm, errors: {} }
  }

  const form = useForm<DetailsForm>({
    // Checked on submit, then each field as it is typed: its error goes while the user is still
    // in it, not on blur, where the form would shrink and move the button from under the click
    // that caused the blur. Focus goes to the first field in error in the order of the form.
    resolver,
    defaultValues: {
      name: previous?.name ?? props.customer?.name ?? onFile.name ?? '',
      dob: displayDob(previous?.dob ?? props.customer?.dob ?? onFile.dob ?? ''),
      phone: previous?.phone ?? props.customer?.phone ?? onFile.phone ?? '',
      accountNumber: previous?.accountNumber ?? '',
      bvn: previous?.bvn ?? '',
      walletAddress: previous?.walletAddress ?? props.walletAddress ?? '',
    },
  })
  const { register, handleSubmit, setError, setValue, getValues, formState } = form
  // The profile on file may arrive after the form: it fills what is still empty.
  const { name: fileName, dob: fileDob, phone: filePhone } = onFile
  useEffect(() => {
    const late = {
      name: fileName,
      dob: fileDob && displayDob(fileDob),
      phone: filePhone,
    }
    for (const field of ['name', 'dob', 'phone'] as const) {
      const value = late[field]
      if (value && getValues(field) === '') setValue(field, value)
    }
  }, [fileName, fileDob, filePhone, displayDob, getValues, setValue])
  const getWallet = useCallback(() => getValues('walletAddress'), [getValues])
  const [connectedAddress, setConnectedAddress] = useState<string>()
  const onAddress = useCallback((address: string | undefined) => {
    connected.current = address
    setConnectedAddress(address)
  }, [])
  // Buying to any address is allowed (receiving harms nobody), but an address that is not the
  // connected wallet was typed or pasted: say so, since a wrong one loses the tokens.
  const typedWallet = form.watch('walletAddress').trim()
  const typedByHand =
    !offRamp &&
    typedWallet !== '' &&
    typedWallet.toLowerCase() !== (connectedAddress ?? '').toLowerCase()

  // Errors the service pinned on a field (422 `data.field`) show on that field, focused.
  const unmapped = Object.keys(serverErrors).filter((field) => !(field in SERVICE_FIELDS))
  const serverMessage = useRef(t)
  serverMessage.current = (key, values) => t(key, { country: countryLabel, ...values })
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const invalid: string[] = []
    for (const field of Object.keys(serverErrors)) {
      const target = SERVICE_FIELDS[field]
      if (!target) continue
      const message = serverMessage.current(target.message)
      setError(target.field, { type: 'server', message })
      invalid.push(target.field)
    }
    firstInvalid(formRef.current, invalid)?.focus()
  }, [serverErrors, setError])

  const onSubmit = handleSubmit(
    (values) => {
      send({ type: 'SUBMIT_DETAILS', details: values as unknown as CheckoutDetails })
    },
    (invalid) => firstInvalid(formRef.current, Object.keys(invalid))?.focus(),
  )

  const errors = formState.errors
  const phoneField = register('phone', {
    onChange: (event: { target: { value: string } }) => {
      if (!country) return
      const value = event.target.value
      // Format only while typing forward, so deleting a space or bracket is not undone.
      if (value.replace(/\D/g, '').length > 0 && !value.endsWith(' ')) {
        const formatted = formatPhoneAsYouType(value, country)
        if (formatted !== value && formatted.length >= value.length) {
          setValue('phone', formatted)
        }
      }
    },
  })
  const dobField = register('dob')
  const onDobChange = (event: { target: { value: string } }) => {
    event.target.value = formatDobAsYouType(event.target.value, getValues('dob'))
    return dobField.onChange(event)
  }
  return (
    <form ref={formRef} className="rk-form" onSubmit={onSubmit} noValidate>
      {hasWagmi ? (
        <ConnectedWallet
          offRamp={offRamp}
          getValue={getWallet}
          setValue={setValue}
          onAddress={onAddress}
        />
      ) : null}
      {unmapped.length > 0 ? (
        <Alert>
          <p>{t('error.refused')}</p>
        </Alert>
      ) : null}
      <Field label={t('details.name')} error={errors.name?.message}>
        {(ids) => <input {...ids} {...register('name')} className="rk-input" autoComplete="name" />}
      </Field>
      {needsDob ? (
        <Field label={t('details.dob')} hint={t('details.dob.hint')} error={errors.dob?.message}>
          {(ids) => (
            <input
              {...ids}
              {...dobField}
              onChange={onDobChange}
              className="rk-input"
              inputMode="numeric"
              autoComplete="bday"
              placeholder={t('details.dob.hint')}
              maxLength={10}
            />
          )}
        </Field>
      ) : null}
      {needsPhone ? (
        <Field
          label={t('details.phone')}
          hint={t('details.phone.hint', { country: countryLabel })}
          error={errors.phone?.message}
        >
          {(ids) => (
            <input {...ids} {...phoneField} className="rk-input" type="tel" autoComplete="tel" />
          )}
        </Field>
      ) : null}
      {needsAccount ? (
        <Field
          label={t(needsIban ? 'details.iban' : 'details.accountNumber')}
          hint={needsIban ? t('details.iban.hint') : undefined}
          error={errors.accountNumber?.message}
        >
          {(ids) => (
            <input
              {...ids}
              {...register('accountNumber')}
              className={needsIban ? 'rk-input rk-mono' : 'rk-input'}
              inputMode={needsIban ? 'text' : 'numeric'}
              autoCapitalize={needsIban ? 'characters' : undefined}
              autoComplete="off"
              spellCheck={needsIban ? false : undefined}
            />
          )}
        </Field>
      ) : null}
      {needsBvn ? (
        <Field label={t('details.bvn')} hint={t('details.bvn.hint')} error={errors.bvn?.message}>
          {(ids) => (
            <input
              {...ids}
              {...register('bvn')}
              className="rk-input"
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </Field>
      ) : null}
      <Field
        label={t(offRamp ? 'details.wallet.offramp' : 'details.wallet.onramp')}
        hint={
          offRamp
            ? t(hasWagmi ? 'details.wallet.connected' : 'details.wallet.connect')
            : typedByHand
              ? t('details.wallet.typed')
              : undefined
        }
        error={errors.walletAddress?.message}
      >
        {(ids) => (
          <input
            {...ids}
            {...register('walletAddress')}
            className="rk-input rk-mono"
            autoComplete="off"
            spellCheck={false}
            readOnly={offRamp}
          />
        )}
      </Field>
      <button type="submit" className="rk-button" disabled={formState.isSubmitting}>
        {t('details.submit')}
      </button>
    </form>
  )
}
