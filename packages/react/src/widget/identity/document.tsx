'use client'
import {
  CUSTOMER_DOCUMENT_CONTENT_TYPES,
  type CustomerDocumentContentType,
  DOCUMENT_MAGIC_BYTES,
  documentTypeOf,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '@rampkit/core/kit'
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { IdentityMessageKey } from './messages/index.js'

/** A document the user chose: the file (retyped by its bytes), its preview, and the upload. */
export type ChosenDocument = {
  file: Blob
  name: string
  preview: string | null
  /** Bytes sent of `file.size` while uploading; null before. */
  sent: number | null
  uploaded: boolean
}

async function head(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length)
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer())
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(part)
  })
}

/**
 * The type of a document by its first bytes, whatever its name or declared type says: a JPEG,
 * PNG or PDF, or null for anything else (the vault takes nothing else).
 *
 * @example
 * await sniffDocumentType(new Blob(['%PDF-1.7'])) // 'application/pdf'
 */
export async function sniffDocumentType(file: Blob): Promise<CustomerDocumentContentType | null> {
  return documentTypeOf(await head(file, DOCUMENT_MAGIC_BYTES))
}

/**
 * Checks a chosen file before anything is sent: at most 8 MiB, and a JPEG, PNG or PDF by its
 * bytes. Answers the file typed by its bytes, or the message key of what is wrong.
 */
export async function checkDocument(
  file: Blob,
): Promise<{ ok: true; file: Blob } | { ok: false; error: IdentityMessageKey }> {
  if (file.size > MAX_CUSTOMER_DOCUMENT_BYTES)
    return { ok: false, error: 'identity.document.tooBig' }
  const type = await sniffDocumentType(file)
  if (!type) return { ok: false, error: 'identity.document.badType' }
  return { ok: true, file: file.type === type ? file : new Blob([file], { type }) }
}

/** Whether the device takes photos with a touch screen: then a button opens the camera. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false)
  useEffect(() => {
    setCoarse(typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches)
  }, [])
  return coarse
}

function megabytes(bytes: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`
}

/**
 * One required document: a drop zone over a file input (drag a file onto it, or click to choose
 * one), a "Take a photo" button on a phone (an input with `capture`, the back camera), the chosen
 * file's preview, its check (size and type by its bytes, said at once) and its upload progress.
 */
export function DocumentInput(props: {
  label: string
  chosen: ChosenDocument | undefined
  error: string | undefined
  text: (key: IdentityMessageKey, values?: Record<string, string | number>) => string
  locale: string
  onChosen: (document: ChosenDocument | undefined, error?: string) => void
}): ReactNode {
  const { chosen, text } = props
  const id = useId()
  const coarse = useCoarsePointer()
  const camera = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const preview = chosen?.preview
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  async function choose(file: File | undefined) {
    if (!file) return
    const checked = await checkDocument(file)
    if (!checked.ok) {
      props.onChosen(undefined, text(checked.error, { size: megabytes(file.size, props.locale) }))
      return
    }
    const image = checked.file.type.startsWith('image/')
    const url =
      image && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(checked.file) : null
    props.onChosen({
      file: checked.file,
      name: file.name,
      preview: url,
      sent: null,
      uploaded: false,
    })
  }

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setOver(false)
    void choose(event.dataTransfer.files[0])
  }

  const describedBy = [`${id}-hint`, props.error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="rk-field rk-document" data-state={props.error ? 'invalid' : 'valid'}>
      <label htmlFor={id} className="rk-label">
        {props.label}
      </label>
      {/* The input lies over the zone: a click anywhere on it opens the picker. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the input inside is the control */}
      <div
        className="rk-drop"
        data-over={over}
        data-testid="document-drop"
        onDragEnter={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          type="file"
          className="rk-drop-input"
          accept={CUSTOMER_DOCUMENT_CONTENT_TYPES.join(',')}
          aria-describedby={describedBy}
          aria-invalid={Boolean(props.error)}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <span className="rk-drop-text" aria-hidden="true">
          {text('identity.document.drop')}
        </span>
      </div>
      {coarse ? (
        <>
          <button
            type="button"
            className="rk-button rk-button-secondary"
            onClick={() => camera.current?.click()}
          >
            {text('identity.document.camera')}
          </button>
          <input
            ref={camera}
            type="file"
            className="rk-visually-hidden"
            accept="image/jpeg,image/png"
            capture="environment"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </>
      ) : null}
      <p id={`${id}-hint`} className="rk-hint">
        {text('identity.document.hint')}
      </p>
      {chosen ? (
        <div className="rk-document-chosen">
          {chosen.preview ? (
            <img
              className="rk-document-preview"
              src={chosen.preview}
              alt={text('identity.document.preview', { name: chosen.name })}
            />
          ) : (
            <span className="rk-document-name">{chosen.name}</span>
          )}
          {chosen.uploaded ? (
            <span className="rk-document-done">{text('identity.document.uploaded')}</span>
          ) : chosen.sent !== null ? (
            <progress
              className="rk-document-progress"
              value={chosen.sent}
              max={chosen.file.size || 1}
              aria-label={text('identity.document.progress', { name: chosen.name })}
            />
          ) : null}
        </div>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="rk-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
