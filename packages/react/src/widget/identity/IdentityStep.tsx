'use client'
import { zodResolver } from '@hookform/resolvers/zod'
import { RampApiError } from '@rampkit/core/errors'
import type { KitConfig } from '@rampkit/core/kit'
import {
  isCustomerVerified,
  type KitCustomer,
  type KitCustomerType,
  type SaveCustomerRequest,
} from '@rampkit/core/kit'
import {
  countryOptions,
  type IdentityCheck,
  identityFieldSchema,
  MIN_CUSTOMER_AGE,
  phoneExample,
  type ValidationFailure,
} from '@rampkit/core/validation'
import { type ReactNode, use, useEffect, useMemo, useRef, useState } from 'react'
import { get, type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import {
  useCustomer,
  useSaveCustomer,
  useSubmitCustomer,
  useUploadDocument,
} from '../../hooks/customer.js'
import { useKitConfig } from '../../hooks/reads.js'
import { useRampKit } from '../../kitContext.js'
import { formatMessage } from '../../messages/index.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { Alert, Field, LoadError, Loading } from '../parts.js'
import { SupportText } from '../support.js'
import { type ChosenDocument, DocumentInput } from './document.js'
import {
  ADDRESS_COUNTRY_OF,
  FIELD_SPECS,
  type FieldSpec,
  fieldLabel,
  knownFields,
  phoneCountryOf,
  requiredOf,
  toProfile,
} from './fields.js'
import { customerQueryOf } from './gate.js'
import {
  type IdentityMessageKey,
  identityMessagesFor,
  loadIdentityMessages,
} from './messages/index.js'

type Text = (key: IdentityMessageKey, values?: Record<string, string | number>) => string

/**
 * The identity step's messages in the widget's locale. A language other than English loads on
 * first use (its own chunk); until then the step suspends, under the same fallback as its code.
 */
export function useIdentityText(): Text {
  const { locale } = useRampKit()
  const messages = identityMessagesFor(locale) ?? use(loadIdentityMessages(locale))
  return (key, values) => formatMessage(messages[key], values)
}

/**
 * The identity step (KYC), shown once before the quote to a user whose customer is not verified:
 * the fields the vault still needs that nobody gave yet, the documents (with a preview, checked
 * by size and bytes, uploaded with progress), then submit; then "in review" until the decision
 * arrives live, when the checkout continues by itself, or the service's reason on a rejection.
 */
export default function IdentityStep(): ReactNode {
  const { t } = useRampKit()
  const text = useIdentityText()
  const { checkout, props } = useWidget()
  const customer = useCustomer({ query: customerQueryOf(checkout.state, props) })
  if (customer.isPending) return <Loading />
  if (customer.isError)
    return <LoadError error={customer.error} onRetry={() => void customer.refetch()} />
  const data = customer.data
  if (data.status === 'pending_review') return <InReview text={text} />
  if (data.status === 'rejected' || data.status === 'suspended') {
    return <Refused customer={data} text={text} />
  }
  if (isCustomerVerified(data.status)) return <Loading label={t('widget.loading')} />
  return <IdentityForm customer={data} text={text} />
}

/** "In review": the form that was sent is gone, so focus goes back to the step's heading. */
function InReview(props: { text: Text }): ReactNode {
  const { text } = props
  const status = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (lost)
      status.current?.closest('.rk-root')?.querySelector<HTMLElement>('.rk-heading')?.focus()
  }, [])
  return (
    <div ref={status} className="rk-status rk-identity-review" data-state="review" role="status">
      <p className="rk-status-title">{text('identity.review.title')}</p>
      <p className="rk-hint">{text('identity.review.text')}</p>
    </div>
  )
}

/** A declined or suspended shopper: the service's reason, and the partner's support. */
function Refused(props: { customer: KitCustomer; text: Text }): ReactNode {
  const { t, supportUrl } = useRampKit()
  const { checkout } = useWidget()
  const { text, customer } = props
  const rejected = customer.status === 'rejected'
  return (
    <div className="rk-stack">
      <Alert>
        <p className="rk-status-title">
          {text(rejected ? 'identity.rejected.title' : 'identity.suspended.title')}
        </p>
        {rejected && customer.rejection_reason ? (
          <p data-testid="rejection-reason">
            {text('identity.rejected.reason', { reason: customer.rejection_reason })}
          </p>
        ) : null}
        <p>
          <SupportText
            url={supportUrl}
            message={text(rejected ? 'identity.rejected.text' : 'identity.suspended.text')}
            label={text('identity.support')}
          />
        </p>
      </Alert>
      <button type="button" className="rk-button rk-button-secondary" onClick={checkout.reset}>
        {t('widget.startAgain')}
      </button>
    </div>
  )
}

/** A failure of core's identity rules in the shopper's language. */
function identityMessage(
  failure: ValidationFailure,
  check: IdentityCheck | undefined,
  words: { t: ReturnType<typeof useRampKit>['t']; text: Text; country: string | undefined },
): string {
  const { t, text } = words
  if (failure.code === 'required') return t('validation.required')
  if (failure.code === 'sandbox_only') return t('validation.phone.sandboxOnly')
  if (check === 'email') return text('validation.email')
  if (check === 'bvn') return t('validation.bvn')
  if (check === 'country') return text('validation.country')
  if (check === 'phone') {
    // The example of the country the number is checked for; none where it has no plan.
    const example = words.country ? phoneExample(words.country) : undefined
    return example ? text('validation.e164', { example }) : text('validation.phoneIntl')
  }
  if (check === 'date') {
    if (failure.code === 'too_young') return t('validation.dob.age', { age: MIN_CUSTOMER_AGE })
    if (failure.code === 'too_old') return t('validation.dob.old')
    if (failure.code === 'future_date') return t('validation.dob.future')
    return text('validation.date')
  }
  return t('error.refused')
}

/** The form's schema: each asked field's rule (core's), nested as the profile the kit takes. */
function identitySchema(
  asked: string[],
  options: { country: string | undefined; environment: KitConfig['environment'] | undefined },
  message: (failure: ValidationFailure, check: IdentityCheck | undefined) => string,
) {
  const shape: Record<string, Record<string, z.ZodMiniType> | z.ZodMiniType> = {}
  for (const field of asked) {
    const check = (FIELD_SPECS[field] as FieldSpec).check
    const rule = identityFieldSchema(field, check, {
      ...options,
      message: (failure) => message(failure, check),
    })
    const [head, part] = field.split('.') as [string, string | undefined]
    if (part === undefined) shape[head] = rule
    else shape[head] = { ...(shape[head] as Record<string, z.ZodMiniType>), [part]: rule }
  }
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [
        key,
        value instanceof z.ZodMiniType ? value : z.object(value),
      ]),
    ),
  )
}

/** The documents the vault asks for: the files chosen, their errors, and their upload. */
function useIdentityDocuments(wanted: ReturnType<typeof requiredOf>['documents'], text: Text) {
  const [documents, setDocuments] = useState<Record<string, ChosenDocument>>({})
  const [documentErrors, setDocumentErrors] = useState<Record<string, string>>({})
  const upload = useUploadDocument()

  /** A missing document is said at submit, unless its file was already refused (that error stays). */
  function missingDocuments(): Record<string, string> {
    const missing: Record<string, string> = {}
    for (const document of wanted) {
      if (!documents[document.key] && !documentErrors[document.key])
        missing[document.key] = text('identity.document.required')
    }
    return missing
  }

  /** Uploads each chosen file not uploaded yet, one after the other, with its progress. */
  async function uploadChosen(): Promise<void> {
    for (const document of wanted) {
      const chosen = documents[document.key]
      if (!chosen || chosen.uploaded) continue
      const key = document.key
      const progress = (sent: number) =>
        setDocuments((all) => (all[key] ? { ...all, [key]: { ...all[key], sent } } : all))
      await upload.mutateAsync({ category: key, file: chosen.file, onProgress: progress })
      setDocuments((all) =>
        all[key] ? { ...all, [key]: { ...all[key], sent: chosen.file.size, uploaded: true } } : all,
      )
    }
  }

  /** A file chosen (or cleared) for `key`, with the error its check found, if any. */
  function choose(key: string, chosen: ChosenDocument | undefined, error: string | undefined) {
    setDocuments((all) => {
      const { [key]: _dropped, ...rest } = all
      return chosen ? { ...rest, [key]: chosen } : rest
    })
    setDocumentErrors((all) => {
      const { [key]: _dropped, ...rest } = all
      return error ? { ...rest, [key]: error } : rest
    })
  }

  return { documents, documentErrors, setDocumentErrors, missingDocuments, uploadChosen, choose }
}

function IdentityForm(props: { customer: KitCustomer; text: Text }): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props: widgetProps } = useWidget()
  const config = useKitConfig()
  const { customer, text } = props
  const type: KitCustomerType = customer.customer_type ?? widgetProps.customerType ?? 'individual'
  const known = knownFields(checkout.state, widgetProps, customer, type)
  const required = requiredOf(customer)
  const corridorCountry = checkout.state.corridor?.country ?? undefined
  // Asked: what is still missing and nobody gave; what no input here can take is said, not asked.
  const asked = required.fields.filter((field) => known[field] === undefined && FIELD_SPECS[field])
  const unsupported = required.fields.filter(
    (field) => known[field] === undefined && !FIELD_SPECS[field],
  )
  const docs = useIdentityDocuments(required.documents, text)
  const { documentErrors, setDocumentErrors, missingDocuments } = docs
  const [failure, setFailure] = useState<unknown>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const save = useSaveCustomer()
  const submit = useSubmitCustomer()
  const messageFor =
    (country: string | undefined) =>
    (failure: ValidationFailure, check: IdentityCheck | undefined) =>
      identityMessage(failure, check, { t, text, country })
  const resolver: Resolver<Record<string, unknown>> = async (values, context, options) => {
    const environment =
      config.data?.environment ?? (await config.refetch()).data?.environment ?? undefined
    // A phone is one of the country of residence the shopper picked (or the one known).
    const country = phoneCountryOf(values.country_of_residence, known, corridorCountry)
    const schema = identitySchema(asked, { country, environment }, messageFor(country))
    return zodResolver(schema)(values, context, options as never) as ReturnType<
      Resolver<Record<string, unknown>>
    >
  }
  // Checked when a field is left, then at each keystroke: an error goes as soon as it is fixed.
  // What was typed here before (Back, Forward, a reload) is the checkout's draft: it fills the form.
  const form = useForm<Record<string, unknown>>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    resolver,
    defaultValues: draftValues(checkout.view.drafts.identity, asked),
  })
  const { formState, setError } = form
  const phoneCountry = phoneCountryOf(form.watch('country_of_residence'), known, corridorCountry)
  const message = messageFor(phoneCountry)
  const countries = useMemo(() => countryOptions(locale), [locale])
  /** An address's country follows the country of residence until the shopper picks its own. */
  function picked(field: string, value: string) {
    const follower = ADDRESS_COUNTRY_OF[field]
    if (follower && asked.includes(follower) && !get(formState.dirtyFields, follower))
      form.setValue(follower, value)
    // A phone typed before the country is checked again for the country now picked.
    if (field === 'country_of_residence' && get(formState.touchedFields, 'phone'))
      void form.trigger('phone')
  }

  function focusFirst() {
    // After the render that shows the errors.
    setTimeout(
      () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      0,
    )
  }

  const onSubmit = form.handleSubmit(
    async (profileValues) => {
      const missing = missingDocuments()
      if (Object.keys(missing).length > 0 || Object.keys(documentErrors).length > 0) {
        setDocumentErrors((all) => ({ ...all, ...missing }))
        focusFirst()
        return
      }
      setFailure(null)
      try {
        const typed: Record<string, string> = {}
        for (const field of asked) typed[field] = String(get(profileValues, field) ?? '')
        const profile = toProfile({ ...known, ...typed })
        await save.mutateAsync({ customer_type: type, profile } as SaveCustomerRequest)
        await docs.uploadChosen()
        // The answer (pending_review) replaces the form with the review; the checkout's gate
        // takes it at once, and asks for the quote as soon as the customer is verified.
        checkout.submitIdentity(await submit.mutateAsync())
      } catch (error) {
        const refused = refusalOf(error, asked)
        if (refused) {
          // The service's words are English: the field's own message in the user's language.
          const check = (FIELD_SPECS[refused.field] as FieldSpec).check
          setError(refused.field, { type: 'server', message: message(refused, check) })
          focusFirst()
        } else {
          setFailure(error)
        }
      }
    },
    () => {
      setDocumentErrors((all) => ({ ...all, ...missingDocuments() }))
      focusFirst()
    },
  )

  return (
    <form
      ref={formRef}
      className="rk-form rk-identity"
      onSubmit={onSubmit}
      // Each keystroke (after the field's own handler took it) is the checkout's draft; the
      // checkout keeps plain text only, never a document.
      onChange={() => checkout.setDraft('identity', typedValues(form.getValues(), asked))}
      noValidate
    >
      <p className="rk-hint">
        {text(type === 'business' ? 'identity.intro.business' : 'identity.intro')}
      </p>
      {asked.map((field) => (
        <IdentityField
          key={field}
          field={field}
          spec={FIELD_SPECS[field] as FieldSpec}
          registered={form.register(field, {
            onChange: (event: { target: { value: string } }) => picked(field, event.target.value),
          })}
          error={(get(formState.errors, field) as { message?: string } | undefined)?.message}
          text={text}
          countries={countries}
          phoneExample={phoneCountry ? phoneExample(phoneCountry) : undefined}
        />
      ))}
      <DocumentsFieldset documents={required.documents} docs={docs} text={text} locale={locale} />
      {unsupported.length > 0 ? (
        <Alert tone="info">
          <p>{text('identity.unsupported', { fields: unsupported.join(', ') })}</p>
        </Alert>
      ) : null}
      {failure ? (
        <Alert>
          <p>{errorText(t, failure)}</p>
        </Alert>
      ) : null}
      <button
        type="submit"
        className="rk-button"
        disabled={formState.isSubmitting || unsupported.length > 0}
      >
        {text('identity.submit')}
      </button>
    </form>
  )
}

/** The asked fields' values as one flat draft (`address.city` a key of its own). */
function typedValues(values: Record<string, unknown>, asked: readonly string[]) {
  const typed: Record<string, string> = {}
  for (const field of asked) {
    const value = get(values, field)
    if (typeof value === 'string' && value !== '') typed[field] = value
  }
  return typed
}

/** A draft back into the form's nested values, for the fields asked now. */
function draftValues(
  draft: Readonly<Record<string, unknown>> | undefined,
  asked: readonly string[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of asked) {
    const value = draft?.[field]
    if (typeof value !== 'string') continue
    const [head, part] = field.split('.') as [string, string | undefined]
    if (part === undefined) values[head] = value
    else values[head] = { ...(values[head] as Record<string, unknown> | undefined), [part]: value }
  }
  return values
}

/** A refusal of the kit or the vault naming a field the form asks (`data.field`: `profile.email`). */
function refusalOf(error: unknown, asked: readonly string[]) {
  const field =
    error instanceof RampApiError && error.field ? error.field.replace(/^profile\./, '') : null
  if (!field || !asked.includes(field)) return null
  return { ok: false as const, field, code: 'invalid_format' as const, message: '' }
}

/** The documents the identity step asks for, one input each. */
function DocumentsFieldset(props: {
  documents: ReturnType<typeof requiredOf>['documents']
  docs: ReturnType<typeof useIdentityDocuments>
  text: Text
  locale: string
}): ReactNode {
  const { documents, docs, text, locale } = props
  if (documents.length === 0) return null
  return (
    <fieldset className="rk-fieldset">
      <legend className="rk-label">{text('identity.documents')}</legend>
      {documents.map((document) => (
        <DocumentInput
          key={document.key}
          label={documentLabel(document, text)}
          chosen={docs.documents[document.key]}
          error={docs.documentErrors[document.key]}
          text={text}
          locale={locale}
          onChosen={(chosen, error) => docs.choose(document.key, chosen, error)}
        />
      ))}
    </fieldset>
  )
}

function documentLabel(document: { key: string; description?: string | undefined }, text: Text) {
  if (document.key === 'identity') return text('identity.document.identity')
  if (document.key === 'address') return text('identity.document.address')
  return document.description ?? document.key
}

function IdentityField(props: {
  field: string
  spec: FieldSpec
  registered: UseFormRegisterReturn
  error: string | undefined
  text: Text
  /** The countries to pick from, named in the shopper's language. */
  countries: readonly { code: string; name: string }[]
  /** A phone of the country of residence, as its people write it. */
  phoneExample: string | undefined
}): ReactNode {
  const { field, spec, text, registered } = props
  const hint =
    spec.input === 'tel' && props.phoneExample
      ? text('identity.phone.hint', { example: props.phoneExample })
      : undefined
  return (
    <Field label={text(fieldLabel(field))} hint={hint} error={props.error}>
      {(ids) =>
        spec.input === 'select' ? (
          <select {...ids} {...registered} className="rk-input" defaultValue="">
            <option value="">{text('identity.choose')}</option>
            {spec.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {text(option.label)}
              </option>
            ))}
          </select>
        ) : spec.input === 'country' ? (
          // Picked by name, never typed: a free code kept "Germany" as GE (Georgia).
          <select
            {...ids}
            {...registered}
            className="rk-input"
            defaultValue=""
            autoComplete={spec.autoComplete}
          >
            <option value="">{text('identity.choose')}</option>
            {props.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...ids}
            {...registered}
            className="rk-input"
            type={spec.input}
            autoComplete={spec.autoComplete}
          />
        )
      }
    </Field>
  )
}
