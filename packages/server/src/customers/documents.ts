import { CUSTOMER_DOCUMENT_CONTENT_TYPES, type CustomerDocumentContentType } from '@rampkit/core'

/** The document type a `Content-Type` header names (parameters and case ignored), or null. */
export function declaredDocumentType(
  header: string | undefined,
): CustomerDocumentContentType | null {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase()
  return (CUSTOMER_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)
    ? (type as CustomerDocumentContentType)
    : null
}

/** The file extension the vault's `file_name` gets for a type. */
export const DOCUMENT_EXTENSIONS: Record<CustomerDocumentContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
}
