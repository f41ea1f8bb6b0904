import { customerDocumentQuery } from '@rampkit/core/internal'
import {
  DOCUMENT_MAGIC_BYTES,
  DOCUMENT_TOO_LARGE,
  type DocumentRefusal,
  declaredDocumentType,
  documentRefusal,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '@rampkit/core/kit'
import { parseQuery } from '../../http/body.js'
import { fail, ok } from '../../http/envelope.js'
import { BodyTooLargeError, readLimited } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

/** POST /customer/documents: one file as its raw bytes, checked for size (the vault's 8 MiB, its own limit rather than the kit's body limit), declared type and magic number before it reaches the service */
export const customerDocuments = defineRoute({
  route: 'customerDocuments',
  guards: ['origin', 'session'],
  needs: CUSTOMER_NEEDS,
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const refuse = (refusal: DocumentRefusal) =>
      fail(c, refusal.status, refusal.message, { field: refusal.field })
    const declaredLength = c.req.header('content-length')
    if (declaredLength !== undefined && Number(declaredLength) > MAX_CUSTOMER_DOCUMENT_BYTES) {
      return refuse(DOCUMENT_TOO_LARGE)
    }
    // Read (up to the limit) before any other refusal: a connection left with an unread body
    // would be closed under the browser's next request.
    let bytes: Uint8Array
    try {
      bytes = c.req.raw.body
        ? await readLimited(c.req.raw.body, MAX_CUSTOMER_DOCUMENT_BYTES)
        : new Uint8Array()
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(DOCUMENT_TOO_LARGE)
      throw error
    }
    const declared = declaredDocumentType(c.req.header('content-type'))
    const refusal = documentRefusal({
      size: bytes.byteLength,
      contentType: declared,
      head: bytes.subarray(0, DOCUMENT_MAGIC_BYTES),
    })
    // A missing type is refused before the query, the bytes' own faults after it.
    if (!declared) return refuse(refusal!)
    const query = parseQuery(c, customerDocumentQuery)
    if (!query.ok) return query.response
    if (refusal) return refuse(refusal)
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      const customer = await vault.vault.upload(owner, {
        category: query.data.category,
        side: query.data.side,
        contentType: declared,
        bytes,
      })
      return ok(c, customer, 'Document uploaded', 201)
    } catch (error) {
      return vaultError(c, kit, error, 'uploadCustomerDocument')
    }
  },
})
