import { Hono } from 'hono'
import { revokeCustomerRequest, uploadCustomerDocumentRequest } from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { REQUIREMENTS } from '../../seed/requirements.js'
import type { SandboxContext } from '../../service/context.js'
import {
  assertEditable,
  retryProvisioning,
  revokeCustomer,
  submitCustomer,
} from '../../service/customers.js'
import { customerView, documentView } from '../../service/views.js'
import { type CustomerDocument, publicId } from '../../state/store.js'
import { customerOf, decodedLength, MAX_DOCUMENT_BODY_BYTES, parse } from './shared.js'

/** A case's documents, submit, revoke and deposit-account retry. */
export function lifecycleRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/:customer_id/documents', async (c) => {
    const user = c.get('user')
    const customer = customerOf(ctx, c)
    const body = await readJsonBody(c, { maxBytes: MAX_DOCUMENT_BODY_BYTES })
    const request = parse(uploadCustomerDocumentRequest, body)
    const categories = REQUIREMENTS[customer.type].required_documents.map(({ key }) => key)
    if (!categories.includes(request.category)) {
      throw new ApiError(
        422,
        `category must be a document key of the ${customer.type} requirements`,
        { field: 'category', allowed: categories },
      )
    }
    assertEditable(ctx, user, customer)
    // Only metadata is kept: the bytes of an identity document never stay in the sandbox.
    const document: CustomerDocument = {
      id: publicId('pdoc_'),
      category: request.category,
      contentType: request.content_type,
      bytes: decodedLength(request.content_base64),
      createdAt: ctx.clock.now(),
    }
    customer.documents.push(document)
    customer.updatedAt = document.createdAt
    return ok(
      c,
      'Document uploaded',
      { document: documentView(document), customer: customerView(customer) },
      201,
    )
  })

  app.post('/:customer_id/submit', async (c) => {
    const user = c.get('user')
    const customer = customerOf(ctx, c)
    await readJsonBody(c, { optional: true })
    submitCustomer(ctx, user, customer)
    return ok(c, 'Customer submitted', customerView(customer))
  })

  app.post('/:customer_id/revoke', async (c) => {
    const user = c.get('user')
    const customer = customerOf(ctx, c)
    // The reason is audit-only: checked, never stored nor echoed.
    parse(revokeCustomerRequest, await readJsonBody(c, { optional: true }))
    const moved = revokeCustomer(ctx, user, customer)
    return ok(c, moved ? 'Customer revoked' : `Customer already ${customer.status}`, {
      id: customer.id,
      status: customer.status,
      partner_customer_ref: customer.partnerCustomerRef,
      updated_at: customerView(customer).updated_at,
    })
  })

  app.post('/:customer_id/deposit-account/retry', (c) => {
    const customer = customerOf(ctx, c)
    retryProvisioning(ctx, c.get('user'), customer)
    return ok(c, 'Deposit account provisioning retried', customerView(customer))
  })

  return app
}
