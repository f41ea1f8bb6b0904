'use client'
import { RampApiError } from '@rampkit/core/errors'
import {
  isCustomerVerified,
  type KitCustomer,
  type KitCustomerType,
  type SaveCustomerRequest,
} from '@rampkit/core/kit'
import { type FormEvent, type ReactNode, use, useRef, useState } from 'react'
import {
  useCustomer,
  useSaveCustomer,
  useSubmitCustomer,
  useUploadDocument,
} from '../../hooks/customer.js'
import { useRampKit } from '../../kitContext.js'
import { formatMessage } from '../../messages/index.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { Alert, Field, LoadError, Loading } from '../parts.js'
import { type ChosenDocument, DocumentInput } from './document.js'
import {
  checkField,
  FIELD_SPECS,
  type FieldSpec,
  fieldLabel,
  knownFields,
  normalizeField,
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
  if (data.status === 'pending_review') {
    return (
      <div className="rk-status rk-identity-review" data-state="review" role="status">
        <p className="rk-status-title">{text('identity.review.title')}</p>
        <p className="rk-hint">{text('identity.review.text')}</p>
      </div>
    )
  }
  if (data.status === 'rejected' || data.status === 'suspended') {
    return <Refused customer={data} text={text} />
  }
  if (isCustomerVerified(data.status)) return <Loading label={t('widget.loading')} />
  return <IdentityForm customer={data} text={text} />
}

function Refused(props: { customer: KitCustomer; text: Text }): ReactNode {
  const { t } = useRampKit()
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
        <p>{text(rejected ? 'identity.rejected.text' : 'identity.suspended.text')}</p>
      </Alert>
      <button type="button" className="rk-button rk-button-secondary" onClick={checkout.reset}>
        {t('widget.startAgain')}
      </button>
    </div>
  )
}

function IdentityForm(props: { customer: KitCustomer; text: Text }): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout, props: widgetProps } = useWidget()
  const { customer, text } = props
  const type: KitCustomerType = customer.customer_type ?? widgetProps.customerType ?? 'individual'
  const known = knownFields(checkout.state, widgetProps, customer, type)
  const required = requiredOf(customer)
  // Asked: what is still missing and nobody gave; what no input here can take is said, not asked.
  const asked = required.fields.filter((field) => known[field] === undefined && FIELD_SPECS[field])
  const unsupported = required.fields.filter(
    (field) => known[field] === undefined && !FIELD_SPECS[field],
  )
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [documents, setDocuments] = useState<Record<string, ChosenDocument>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const save = useSaveCustomer()
  const upload = useUploadDocument()
  const submit = useSubmitCustomer()

  function focusFirst(invalid: Record<string, string>) {
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (Object.keys(invalid).length > 0) first?.focus()
  }

  function validate(): Record<string, string> {
    const invalid: Record<string, string> = {}
    for (const field of asked) {
      const spec = FIELD_SPECS[field] as FieldSpec
      const value = values[field]?.trim() ?? ''
      if (!value) {
        invalid[field] = t('validation.required')
        continue
      }
      const problem = checkField(spec, value)
      if (problem === 'bvn') invalid[field] = t('validation.bvn')
      else if (problem) invalid[field] = text(problem)
    }
    for (const document of required.documents) {
      if (!documents[document.key])
        invalid[`document.${document.key}`] = text('identity.document.required')
    }
    return invalid
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const invalid = validate()
    setErrors(invalid)
    setFailure(null)
    if (Object.keys(invalid).length > 0) {
      // After the render that shows them.
      setTimeout(() => focusFirst(invalid), 0)
      return
    }
    setBusy(true)
    try {
      const typed: Record<string, string> = {}
      for (const field of asked)
        typed[field] = normalizeField(FIELD_SPECS[field] as FieldSpec, values[field] ?? '')
      const profile = toProfile({ ...known, ...typed })
      await save.mutateAsync({ customer_type: type, profile } as SaveCustomerRequest)
      for (const document of required.documents) {
        const chosen = documents[document.key]
        if (!chosen || chosen.uploaded) continue
        const key = document.key
        const progress = (sent: number) =>
          setDocuments((all) => (all[key] ? { ...all, [key]: { ...all[key], sent } } : all))
        await upload.mutateAsync({ category: key, file: chosen.file, onProgress: progress })
        setDocuments((all) =>
          all[key]
            ? { ...all, [key]: { ...all[key], sent: chosen.file.size, uploaded: true } }
            : all,
        )
      }
      // The answer (pending_review) replaces the form with the review by itself.
      await submit.mutateAsync()
    } catch (error) {
      // A field the kit or the vault refused, named by `data.field` (`profile.email`...).
      const field =
        error instanceof RampApiError && error.field ? error.field.replace(/^profile\./, '') : null
      const spec = field ? FIELD_SPECS[field] : undefined
      if (field && spec && asked.includes(field)) {
        // The service's words are English: the field's own message in the user's language.
        const problem = checkField(spec, '')
        const message =
          problem === 'bvn' ? t('validation.bvn') : problem ? text(problem) : t('error.refused')
        const refused = { [field]: message }
        setErrors(refused)
        setTimeout(() => focusFirst(refused), 0)
      } else {
        setFailure(error)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={form} className="rk-form rk-identity" onSubmit={onSubmit} noValidate>
      <p className="rk-hint">
        {text(type === 'business' ? 'identity.intro.business' : 'identity.intro')}
      </p>
      {asked.map((field) => (
        <IdentityField
          key={field}
          field={field}
          spec={FIELD_SPECS[field] as FieldSpec}
          value={values[field] ?? ''}
          error={errors[field]}
          text={text}
          onChange={(value) => setValues((all) => ({ ...all, [field]: value }))}
        />
      ))}
      {required.documents.length > 0 ? (
        <fieldset className="rk-fieldset">
          <legend className="rk-label">{text('identity.documents')}</legend>
          {required.documents.map((document) => (
            <DocumentInput
              key={document.key}
              label={documentLabel(document, text)}
              chosen={documents[document.key]}
              error={errors[`document.${document.key}`]}
              text={text}
              locale={locale}
              onChosen={(chosen, error) => {
                setDocuments((all) => {
                  const { [document.key]: _dropped, ...rest } = all
                  return chosen ? { ...rest, [document.key]: chosen } : rest
                })
                setErrors((all) => {
                  const { [`document.${document.key}`]: _dropped, ...rest } = all
                  return error ? { ...rest, [`document.${document.key}`]: error } : rest
                })
              }}
            />
          ))}
        </fieldset>
      ) : null}
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
      <button type="submit" className="rk-button" disabled={busy || unsupported.length > 0}>
        {text('identity.submit')}
      </button>
    </form>
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
  value: string
  error: string | undefined
  text: Text
  onChange: (value: string) => void
}): ReactNode {
  const { field, spec, text } = props
  const hint = spec.input === 'country' ? text('identity.country.hint') : undefined
  return (
    <Field label={text(fieldLabel(field))} hint={hint} error={props.error}>
      {(ids) =>
        spec.input === 'select' ? (
          <select
            {...ids}
            name={field}
            className="rk-input"
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          >
            <option value="">{text('identity.choose')}</option>
            {spec.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {text(option.label)}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...ids}
            name={field}
            className="rk-input"
            type={spec.input === 'country' ? 'text' : spec.input}
            autoComplete={spec.autoComplete}
            maxLength={spec.input === 'country' ? 2 : undefined}
            autoCapitalize={spec.input === 'country' ? 'characters' : undefined}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        )
      }
    </Field>
  )
}
