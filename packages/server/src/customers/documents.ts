import type { CustomerDocumentContentType } from '@rampkit/core/kit'

/** The file extension the vault's `file_name` gets for a type. */
export const DOCUMENT_EXTENSIONS: Record<CustomerDocumentContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
}
