// A document upload to the kit: its own module, so a page loads it with the identity step
// (a lazy chunk of the widget) and not with the customer's query options, which the checkout
// reads from its first screen.
import type { MutationOptions } from '@tanstack/query-core'
import { DOCUMENT_MAGIC_BYTES, documentRefusal, documentTypeOf } from '../../documents/limits.js'
import { errorFromResponse, NetworkError } from '../../errors/index.js'
import type { KitClient } from '../client.js'
import type { CustomerDocumentQuery, KitCustomer } from '../schemas.js'

/** Variables of `uploadDocumentMutationOptions`. */
export type UploadDocumentVariables = CustomerDocumentQuery & {
  /** The file as chosen (a `File` from an input): its bytes are sent with its own type. */
  file: Blob
  /** Bytes sent so far and in all, as the upload goes (XMLHttpRequest's upload events). */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
}

/**
 * Sends one document to POST /customer/documents: the raw bytes with the file's
 * `Content-Type`. In a browser it goes by `XMLHttpRequest`, whose upload events report progress;
 * without one (a server, a test runner) by `fetch`, with progress at the start and the end only.
 * Resolves to the customer after the upload; a refusal rejects with `RampApiError` (its `field`
 * names `file`, `category`...). A file the kit would refuse (larger than 8 MiB, empty, not a
 * JPEG, PNG or PDF by its first bytes) is refused before sending, with the same error; a file
 * without a type is sent as the type its first bytes show.
 *
 * @example
 * await uploadCustomerDocument(client, { category: 'identity', file, onProgress: (sent, total) => {} })
 */
export async function uploadCustomerDocument(
  client: KitClient,
  variables: UploadDocumentVariables,
): Promise<KitCustomer> {
  const { file, onProgress, signal, ...query } = variables
  const url = client.url('customerDocuments', undefined, query)
  const head = new Uint8Array(await file.slice(0, DOCUMENT_MAGIC_BYTES).arrayBuffer())
  // A file without a type (no extension) goes as the type its first bytes show.
  const contentType = file.type || documentTypeOf(head) || 'application/octet-stream'
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...client.headers,
    'content-type': contentType,
  }
  // What the kit would refuse is refused here, with the kit's own answer, before any byte goes.
  const refusal = documentRefusal({ size: file.size, contentType, head })
  if (refusal) {
    throw errorFromResponse(
      { status: refusal.status, headers: { get: () => null } },
      { status: 'error', message: refusal.message, data: { field: refusal.field } },
    )
  }
  const total = file.size
  onProgress?.(0, total)
  const answer =
    typeof XMLHttpRequest === 'undefined'
      ? await sendByFetch(url, headers, file, signal)
      : await sendByXhr(url, headers, file, signal, (sent) => onProgress?.(sent, total))
  if (answer.status >= 200 && answer.status < 300) {
    try {
      const body = JSON.parse(answer.text) as { status?: unknown; data?: unknown }
      if (body.status === 'success') {
        onProgress?.(total, total)
        return body.data as KitCustomer
      }
    } catch {
      // not the envelope: an error like any other
    }
  }
  throw errorFromResponse(
    { status: answer.status, headers: { get: (name) => answer.header(name) } },
    answer.text,
  )
}

type RawAnswer = { status: number; text: string; header: (name: string) => string | null }

function unreachable(cause?: unknown): NetworkError {
  return new NetworkError('Could not reach the ramp. Check your connection and try again.', {
    beforeSend: false,
    cause,
  })
}

async function sendByFetch(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  signal: AbortSignal | undefined,
): Promise<RawAnswer> {
  // The bytes, not the Blob object: a Blob of another realm (a DOM shim) is not a body fetch knows.
  const bytes = new Uint8Array(await file.arrayBuffer())
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: bytes,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw unreachable(cause)
  }
  return {
    status: response.status,
    text: await response.text(),
    header: (name) => response.headers.get(name),
  }
}

function sendByXhr(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  signal: AbortSignal | undefined,
  onSent: (sent: number) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent(event.loaded)
    }
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        header: (name) => xhr.getResponseHeader(name),
      })
    xhr.onerror = () => reject(unreachable())
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

/**
 * Mutation options of a document upload (`uploadCustomerDocument`). Never retried: the user
 * chooses again.
 *
 * @example
 * useMutation(uploadDocumentMutationOptions(client)).mutateAsync({ category: 'identity', file })
 */
export function uploadDocumentMutationOptions(
  client: KitClient,
): MutationOptions<KitCustomer, Error, UploadDocumentVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'upload-document'],
    mutationFn: (variables) => uploadCustomerDocument(client, variables),
    retry: false,
  }
}
