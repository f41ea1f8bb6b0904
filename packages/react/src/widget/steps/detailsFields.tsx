'use client'
import { type DobOrder, formatPhoneAsYouType } from '@rampkit/core/validation'
import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useRampKit } from '../../kitContext.js'
import { Field } from '../parts.js'
import type { DetailsForm } from './detailsRules.js'
import { formatDobAsYouType } from './dob.js'

// The details form's fields that take more than a name: each registered on the form it is given.

type FieldProps = { form: UseFormReturn<DetailsForm>; error: string | undefined }

/** The date of birth, typed in the shopper's order with its separators added as it is typed. */
export function DobField(props: FieldProps & { order: DobOrder }): ReactNode {
  const { t } = useRampKit()
  const { form } = props
  const dobField = form.register('dob')
  const onDobChange = (event: { target: { value: string } }) => {
    event.target.value = formatDobAsYouType(event.target.value, form.getValues('dob'))
    return dobField.onChange(event)
  }
  const dobHint = t(props.order === 'dmy' ? 'details.dob.hint.dmy' : 'details.dob.hint')
  return (
    <Field label={t('details.dob')} hint={dobHint} error={props.error}>
      {(ids) => (
        <input
          {...ids}
          {...dobField}
          onChange={onDobChange}
          className="rk-input"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={dobHint}
          maxLength={10}
        />
      )}
    </Field>
  )
}

/** The mobile-money number, formatted for its country as it is typed. */
export function PhoneField(
  props: FieldProps & { country: string | null; countryLabel: string },
): ReactNode {
  const { t } = useRampKit()
  const { form, country } = props
  const phoneField = form.register('phone', {
    onChange: (event: { target: { value: string } }) => {
      if (!country) return
      const value = event.target.value
      // Format only while typing forward, so deleting a space or bracket is not undone.
      if (value.replace(/\D/g, '').length > 0 && !value.endsWith(' ')) {
        const formatted = formatPhoneAsYouType(value, country)
        if (formatted !== value && formatted.length >= value.length) {
          form.setValue('phone', formatted)
        }
      }
    },
  })
  return (
    <Field
      label={t('details.phone')}
      hint={t('details.phone.hint', { country: props.countryLabel })}
      error={props.error}
    >
      {(ids) => (
        <input {...ids} {...phoneField} className="rk-input" type="tel" autoComplete="tel" />
      )}
    </Field>
  )
}

/** The bank account number, or the IBAN of a SEPA account. */
export function AccountField(props: FieldProps & { iban: boolean }): ReactNode {
  const { t } = useRampKit()
  const { iban } = props
  return (
    <Field
      label={t(iban ? 'details.iban' : 'details.accountNumber')}
      hint={iban ? t('details.iban.hint') : undefined}
      error={props.error}
    >
      {(ids) => (
        <input
          {...ids}
          {...props.form.register('accountNumber')}
          className={iban ? 'rk-input rk-mono' : 'rk-input'}
          inputMode={iban ? 'text' : 'numeric'}
          autoCapitalize={iban ? 'characters' : undefined}
          autoComplete="off"
          spellCheck={iban ? false : undefined}
        />
      )}
    </Field>
  )
}

/** A Nigerian shopper's BVN. */
export function BvnField(props: FieldProps): ReactNode {
  const { t } = useRampKit()
  return (
    <Field label={t('details.bvn')} hint={t('details.bvn.hint')} error={props.error}>
      {(ids) => (
        <input
          {...ids}
          {...props.form.register('bvn')}
          className="rk-input"
          inputMode="numeric"
          autoComplete="off"
        />
      )}
    </Field>
  )
}

/** The wallet that receives (buying) or pays (selling: the connected one, read-only). */
export function WalletField(
  props: FieldProps & { offRamp: boolean; hint: string | undefined },
): ReactNode {
  const { t } = useRampKit()
  return (
    <Field
      label={t(props.offRamp ? 'details.wallet.offramp' : 'details.wallet.onramp')}
      hint={props.hint}
      error={props.error}
    >
      {(ids) => (
        <input
          {...ids}
          {...props.form.register('walletAddress')}
          className="rk-input rk-mono"
          autoComplete="off"
          spellCheck={false}
          readOnly={props.offRamp}
        />
      )}
    </Field>
  )
}
