'use client'
import { type CheckoutDetails, detailsFields } from '@rampkit/core/checkout'
import { customerQueryOptions } from '@rampkit/core/kit/query'
import { formatPhone, phoneOfCountry } from '@rampkit/core/validation'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useRampKit } from '../../kitContext.js'
import { useWidget } from '../context.js'
import { customerQueryOf } from '../identity/gate.js'
import { Alert, Field } from '../parts.js'
import { AccountField, BvnField, DobField, PhoneField, WalletField } from './detailsFields.js'
import {
  type DetailsForm,
  firstInvalid,
  regionName,
  useDetailsResolver,
  useServiceErrors,
} from './detailsRules.js'
import { swapDayMonth } from './dob.js'
import { ConnectedWallet } from './wallet.js'

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
    ...(phoneOfCountry(profile.phone, checkout.state.corridor?.country ?? undefined)
      ? { phone: profile.phone }
      : {}),
  }
}

/**
 * The form's first values: what was typed here and not sent (the checkout's draft, kept through
 * Back, Forward and a reload, its date as it was shown) first, as it is newer than the details
 * sent before; then each of `sources` in turn (the details sent, the partner's, the profile on
 * file), whose dates are the service's mm/dd/yyyy, shown by `displayDob`.
 */
function detailsDefaults(
  draft: Readonly<Record<string, unknown>> | undefined,
  sources: readonly (Partial<Record<keyof DetailsForm, string | undefined>> | undefined)[],
  displayDob: (dob: string) => string,
): DetailsForm {
  const fields = ['name', 'dob', 'phone', 'accountNumber', 'bvn', 'walletAddress'] as const
  const values = {} as DetailsForm
  for (const field of fields) {
    const typed = draft?.[field]
    const given = sources.map((source) => source?.[field]).find((value) => value !== undefined)
    values[field] =
      typeof typed === 'string' ? typed : field === 'dob' ? displayDob(given ?? '') : (given ?? '')
  }
  return values
}

export default function DetailsStep(): ReactNode {
  const { t, locale, hasWagmi } = useRampKit()
  const onFile = useOnFile()
  const { checkout, props } = useWidget()
  const { state } = checkout
  // Which fields this corridor and rail need: core's rules, the same a partner's own UI reads.
  const needs = detailsFields(state, locale)
  const { country, dobOrder: order } = needs
  const offRamp = state.direction === 'OffRamp'
  const serverErrors = state.fieldErrors
  const connected = useRef<string | undefined>(undefined)
  const countryLabel = country ? regionName(country, locale) : ''

  const previous = state.details
  // Dates of birth are kept and sent as the service's mm/dd/yyyy, shown in the shopper's order.
  const displayDob = useCallback(
    (dob: string) => (order === 'dmy' ? swapDayMonth(dob) : dob),
    [order],
  )
  const resolver = useDetailsResolver({
    country,
    countryLabel,
    order,
    needs,
    bank: state.provider?.name,
    connected: offRamp ? connected : undefined,
  })

  const form = useForm<DetailsForm>({
    // A field is checked when the shopper leaves it, then again at each keystroke: an error goes
    // as soon as the value is right, not at the next submit. Focus goes to the first field in
    // error in the order of the form.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    resolver,
    defaultValues: detailsDefaults(
      checkout.view.drafts.details,
      [previous, props.customer, onFile, { walletAddress: props.walletAddress }],
      displayDob,
    ),
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
      if (value && getValues(field) === '') setValue(field, value, { shouldDirty: false })
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
  const formRef = useRef<HTMLFormElement>(null)
  const unmapped = useServiceErrors(serverErrors, setError, formRef, countryLabel)

  const onSubmit = handleSubmit(
    (values) => {
      // The resolver's output: the values parsed by core's rules. The phone's grouped form is
      // worked out here, where its metadata is loaded, for the confirm and status screens.
      const details = values as unknown as CheckoutDetails
      checkout.submitDetails(
        details.phone ? { ...details, phoneDisplay: formatPhone(details.phone) } : details,
      )
    },
    (invalid) => firstInvalid(formRef.current, Object.keys(invalid))?.focus(),
  )

  const errors = formState.errors
  return (
    <form
      ref={formRef}
      className="rk-form"
      onSubmit={onSubmit}
      // Each keystroke (after the field's own handler took it) is the checkout's draft.
      onChange={() => checkout.setDraft('details', getValues())}
      noValidate
    >
      <ConnectedWallet
        offRamp={offRamp}
        getValue={getWallet}
        setValue={setValue}
        onAddress={onAddress}
      />
      {unmapped.length > 0 ? (
        <Alert>
          <p>{t('error.refused')}</p>
        </Alert>
      ) : null}
      <Field label={t('details.name')} error={errors.name?.message}>
        {(ids) => <input {...ids} {...register('name')} className="rk-input" autoComplete="name" />}
      </Field>
      {needs.dob ? <DobField form={form} order={order} error={errors.dob?.message} /> : null}
      {needs.phone ? (
        <PhoneField
          form={form}
          country={country}
          countryLabel={countryLabel}
          error={errors.phone?.message}
        />
      ) : null}
      {needs.account ? (
        <AccountField form={form} iban={needs.iban} error={errors.accountNumber?.message} />
      ) : null}
      {needs.bvn ? <BvnField form={form} error={errors.bvn?.message} /> : null}
      <WalletField
        form={form}
        offRamp={offRamp}
        hint={
          offRamp
            ? t(hasWagmi ? 'details.wallet.connected' : 'details.wallet.connect')
            : typedByHand
              ? t('details.wallet.typed')
              : undefined
        }
        error={errors.walletAddress?.message}
      />
      <button type="submit" className="rk-button" disabled={formState.isSubmitting}>
        {t('details.submit')}
      </button>
    </form>
  )
}
