// No import here: the widget's entry (`@rampkit/core/kit`) re-exports these, and it carries
// no zod. The customer schemas (`schemas/customers.ts`) read them too, so they sit below both.

/** Document MIME types the vault accepts on upload. */
export const CUSTOMER_DOCUMENT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
] as const
/** A document type the vault accepts: JPEG, PNG or PDF. */
export type CustomerDocumentContentType = (typeof CUSTOMER_DOCUMENT_CONTENT_TYPES)[number]

/** Largest decoded document the vault takes ("max ~8 MiB decoded"). */
export const MAX_CUSTOMER_DOCUMENT_BYTES = 8 * 1024 * 1024
/** Longest `content_base64` the vault takes (characters). */
export const MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH = 12_000_000

/** The first bytes of each document type the vault takes. */
const MAGIC: Record<CustomerDocumentContentType, readonly number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  // `%PDF-`
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
}

/** How many leading bytes `documentTypeOf` reads. */
export const DOCUMENT_MAGIC_BYTES = 8

/**
 * The document type a file is by its first bytes (its magic number), whatever its name or
 * declared type says: a JPEG, PNG or PDF, or null for anything else. The widget checks a file
 * with it before uploading; the kit checks the bytes it received before the vault.
 *
 * @example
 * documentTypeOf(new TextEncoder().encode('%PDF-1.7')) // 'application/pdf'
 */
export function documentTypeOf(bytes: Uint8Array): CustomerDocumentContentType | null {
  for (const type of CUSTOMER_DOCUMENT_CONTENT_TYPES) {
    const magic = MAGIC[type]
    if (bytes.byteLength >= magic.length && magic.every((byte, at) => bytes[at] === byte)) {
      return type
    }
  }
  return null
}

/** Why a document upload is refused: the status the kit answers, the field, and the message. */
export type DocumentRefusal = {
  status: 413 | 422
  field: 'file' | 'content_type'
  message: string
}

/** The document type a `Content-Type` names (parameters and case ignored), or null. */
export function declaredDocumentType(
  contentType: string | null | undefined,
): CustomerDocumentContentType | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return (CUSTOMER_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)
    ? (type as CustomerDocumentContentType)
    : null
}

const MIB = MAX_CUSTOMER_DOCUMENT_BYTES / (1024 * 1024)

/** The refusal of a document larger than the vault takes (413 on `file`). */
export const DOCUMENT_TOO_LARGE: DocumentRefusal = {
  status: 413,
  field: 'file',
  message: `The document is larger than ${MIB} MiB. Send a smaller photo or scan.`,
}

/**
 * What is wrong with a document before it goes to the vault, or null: too large, sent without a
 * JPEG, PNG or PDF `Content-Type`, empty, or its first bytes not the type it was sent as. The kit
 * answers these; the kit client (`uploadCustomerDocument`) refuses them before sending, with the
 * same error the kit would give.
 *
 * @example
 * documentRefusal({ size: 0, contentType: 'image/png', head: new Uint8Array() })
 * // { status: 422, field: 'file', message: 'The document is empty.' }
 */
export function documentRefusal(document: {
  size: number
  contentType: string | null | undefined
  /** At least the first `DOCUMENT_MAGIC_BYTES` bytes (all of them when fewer). */
  head: Uint8Array
}): DocumentRefusal | null {
  if (document.size > MAX_CUSTOMER_DOCUMENT_BYTES) return DOCUMENT_TOO_LARGE
  const declared = declaredDocumentType(document.contentType)
  if (!declared) {
    return {
      status: 422,
      field: 'content_type',
      message: 'Send the document as a JPEG, PNG or PDF, with its Content-Type.',
    }
  }
  if (document.size === 0) return { status: 422, field: 'file', message: 'The document is empty.' }
  const actual = documentTypeOf(document.head)
  if (actual === declared) return null
  return {
    status: 422,
    field: 'content_type',
    message: actual
      ? `The file is a ${actual}, not the ${declared} it was sent as.`
      : `The file is not a ${declared}: send a JPEG, PNG or PDF.`,
  }
}
