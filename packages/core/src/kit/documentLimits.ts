// No import here: the widget's entry (`@rampkit/core/kit`) re-exports these, and it carries
// no zod.

/** Document MIME types the vault accepts on upload. */
export const CUSTOMER_DOCUMENT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
] as const
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
