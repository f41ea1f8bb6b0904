import { z } from 'zod'
import {
  type CUSTOMER_DOCUMENT_CONTENT_TYPES,
  type CustomerDocumentUpload,
  customerDocumentUpload,
  customerId,
  MAX_CUSTOMER_DOCUMENT_BYTES,
  uploadCustomerDocumentRequest,
} from '../../schemas/index.js'
import { serviceRequest } from '../../schemas/request.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters, path } from '../utils.js'

/**
 * What `uploadCustomerDocument` takes: the customer, the document's `category` and content type,
 * and its bytes or base64.
 */
export type UploadCustomerDocumentParameters = {
  /** Public customer id, `pcus_` prefix. */
  customer_id: string
  /** A `required_documents[].key` of the requirements: `identity`, `address`... */
  category: string
  /** `image/jpeg`, `image/png` or `application/pdf`. */
  content_type: (typeof CUSTOMER_DOCUMENT_CONTENT_TYPES)[number]
  /** Shown to you only; not stored by the vault in its keys. At most 128 characters. */
  file_name?: string | undefined
} & (
  | {
      /** The file's bytes (at most 8 MiB); core encodes them as base64. */
      content: Uint8Array
      content_base64?: undefined
    }
  | {
      /** The file already as standard base64 (at most 8 MiB decoded). */
      content_base64: string
      content?: undefined
    }
)
/**
 * What `uploadCustomerDocument` resolves to: the document's metadata (`pdoc_…`) and the case after
 * it.
 */
export type UploadCustomerDocumentReturnType = CustomerDocumentUpload
/**
 * What `uploadCustomerDocument` can throw: a `RampApiError` for an error answer of
 * `POST /partner/customers/{customer_id}/documents`, or another `RequestErrorType` (network,
 * timeout, bad parameters).
 */
export type UploadCustomerDocumentErrorType = RequestErrorType

const parametersSchema = serviceRequest({
  customer_id: customerId,
  ...uploadCustomerDocumentRequest.shape,
  content_base64: uploadCustomerDocumentRequest.shape.content_base64.optional(),
  content: z
    .instanceof(Uint8Array, { error: 'content must be the file bytes (a Uint8Array)' })
    .refine((bytes) => bytes.byteLength > 0, { error: 'content must not be empty' })
    .refine((bytes) => bytes.byteLength <= MAX_CUSTOMER_DOCUMENT_BYTES, {
      error: 'content is larger than the vault takes (8 MiB)',
    })
    .optional(),
}).refine((value) => (value.content === undefined) !== (value.content_base64 === undefined), {
  error: 'Give exactly one of content (bytes) or content_base64',
  path: ['content_base64'],
})

/** Standard base64 of bytes, in slices so a large file does not overflow the call stack. */
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let at = 0; at < bytes.byteLength; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  }
  return btoa(binary)
}

/**
 * Uploads one KYC document (`POST /partner/customers/{customer_id}/documents`) as JSON with
 * base64 content, the vault's only upload form, and returns its metadata (`pdoc_…`) with the
 * case after it (`missing` shrinks). Give the bytes as `content` or the base64 as
 * `content_base64`. The content is never put in an error message nor a hook. Each upload
 * stores a new document, so a failed attempt is retried only when it never left.
 *
 * @example
 * const { document, customer } = await uploadCustomerDocument(client, {
 *   customer_id: 'pcus_a1b2c3',
 *   category: 'identity',
 *   content_type: 'application/pdf',
 *   file_name: 'passport.pdf',
 *   content: new Uint8Array(await file.arrayBuffer()),
 * })
 */
export async function uploadCustomerDocument(
  client: Client,
  parameters: UploadCustomerDocumentParameters,
  options: RequestOptions = {},
): Promise<UploadCustomerDocumentReturnType> {
  const { customer_id, content, content_base64, ...rest } = parseParameters(
    parametersSchema,
    parameters,
  )
  const body = {
    ...rest,
    content_base64: content === undefined ? content_base64 : toBase64(content),
  }
  const { data } = await client.request({
    operation: 'uploadCustomerDocument',
    method: 'POST',
    scope: 'partner',
    path: path('customers', customer_id, 'documents'),
    body: { json: body },
    auth: 'apiKey',
    retry: 'beforeSend',
    schema: customerDocumentUpload,
    signal: options.signal,
  })
  return data
}
