'use client'
import { type ReactNode, useId } from 'react'
import { useRampKit } from '../kitContext.js'
import { errorText } from './errors.js'
import { shortHash } from './format.js'

/** An error announced to screen readers as soon as it appears. */
export function Alert(props: { children: ReactNode; tone?: 'danger' | 'info' }): ReactNode {
  return (
    <div className="rk-alert" role="alert" data-tone={props.tone ?? 'danger'}>
      {props.children}
    </div>
  )
}

/** A loading line, announced politely. */
export function Loading(props: { label?: string }): ReactNode {
  const { t } = useRampKit()
  return (
    <p className="rk-loading" role="status" aria-live="polite">
      {props.label ?? t('widget.loading')}
    </p>
  )
}

/** A query failed: its message and a retry. */
export function LoadError(props: { error: Error | null; onRetry: () => void }): ReactNode {
  const { t } = useRampKit()
  return (
    <Alert>
      <p>{t('widget.loadError')}</p>
      <p className="rk-hint">{errorText(t, props.error)}</p>
      <button type="button" className="rk-button rk-button-secondary" onClick={props.onRetry}>
        {t('widget.tryAgain')}
      </button>
    </Alert>
  )
}

/** A labelled text input with its hint and error wired by aria-describedby / aria-invalid. */
export function Field(props: {
  label: string
  hint?: string | undefined
  error?: string | undefined
  children: (ids: {
    id: string
    'aria-describedby': string | undefined
    'aria-invalid': boolean
  }) => ReactNode
}): ReactNode {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy =
    [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ') ||
    undefined
  return (
    <div className="rk-field" data-state={props.error ? 'invalid' : 'valid'}>
      <label htmlFor={id} className="rk-label">
        {props.label}
      </label>
      {props.children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': Boolean(props.error),
      })}
      {props.hint ? (
        <p id={hintId} className="rk-hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="rk-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** A label / value row of a summary. */
export function Row(props: {
  label: string
  children: ReactNode
  /** `copy`: a value to copy, under its label on the full width, its button beside the label. */
  layout?: 'copy'
}): ReactNode {
  return (
    <div className="rk-row" data-layout={props.layout}>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  )
}

/** A transaction or order hash, shortened, with the full value for copy and assistive tech. */
export function Hash(props: { value: string }): ReactNode {
  return (
    <code className="rk-hash" title={props.value} data-hash={props.value}>
      <span aria-hidden="true">{shortHash(props.value)}</span>
      <span className="rk-visually-hidden">{props.value}</span>
    </code>
  )
}
