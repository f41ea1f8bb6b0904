import type { RampClient } from '@rampkit/core/client'
import type {
  CustomerDocumentContentType,
  KitCustomer,
  SaveCustomerRequest,
} from '@rampkit/core/kit'
import { isCustomerVerified } from '@rampkit/core/kit'
import type { ReadCache } from '../http/cache.js'
import type { CustomerLinks } from '../store/customers/types.js'
import { DOCUMENT_EXTENSIONS } from './documents.js'
import { vaultLinks } from './links.js'
import type { CustomerRefOf } from './ref.js'
import { VaultRefusal } from './refusal.js'
import { customerRequirements } from './requirements.js'
import { customerViews, present, type Requested } from './view.js'

/** Vault statuses after which the status changes only by the partner's or reviewer's hand. */
const SETTLED_STATUSES = new Set(['approved', 'active', 'rejected', 'suspended'])

export { VaultRefusal } from './refusal.js'
export { visibleProfile } from './view.js'

export type CustomerVaultOptions = {
  client: RampClient
  links: CustomerLinks
  refOf: CustomerRefOf
  /** Where the published requirements are cached (they change rarely). */
  cache: ReadCache
  now: () => Date
}

export type CustomerVault = ReturnType<typeof createCustomerVault>

/**
 * The end user's vault customer as the kit's browser routes see it: found through the user's
 * link, created on first need under the user's keyed `partner_customer_ref` (one customer per
 * user, also when first requests race on several instances), and shown as a `KitCustomer`
 * (never an id number). Every read of the service reconciles the link's stored status. Its
 * parts: the cached requirements (`requirements.ts`), the views (`view.ts`) and the links
 * (`links.ts`).
 */
export function createCustomerVault(options: CustomerVaultOptions) {
  const { client, links, refOf, cache } = options
  const requirements = customerRequirements(client, cache)
  const { requirementsFor } = requirements
  const { viewOf, noneView } = customerViews(requirements)
  const { reconcile, ensure, linked } = vaultLinks(options)

  return {
    refOf,

    /** GET /customer: the user's customer, read from the service and reconciled. */
    async view(owner: string, requested: Requested = {}): Promise<KitCustomer> {
      const link = await links.get(owner)
      if (!link?.customerId) return noneView(requested)
      const customer = await client.getCustomer({ customer_id: link.customerId })
      await reconcile(link, customer)
      return viewOf(customer)
    },

    /** POST /customer: creates the customer on the first save, else merges the profile. */
    async save(owner: string, body: SaveCustomerRequest): Promise<KitCustomer> {
      const current = await links.get(owner)
      if (current?.customerId && current.customerType !== body.customer_type) {
        throw new VaultRefusal(
          422,
          `Your details are saved as ${current.customerType === 'business' ? 'a business' : 'an individual'}; the type cannot change.`,
          { field: 'customer_type' },
        )
      }
      const profile = body.profile as Record<string, unknown>
      const { link, created } = await ensure(owner, body.customer_type, body.profile)
      // A create applied the profile only if it made the customer; one that found it did not.
      const applied =
        created !== null &&
        Object.keys(profile).every((key) =>
          present((created.profile as Record<string, unknown>)[key]),
        )
      let customer = created
      if (!applied && Object.keys(profile).length > 0) {
        customer = await client.updateCustomer({
          customer_id: link.customerId!,
          profile: body.profile,
        } as Parameters<RampClient['updateCustomer']>[0])
      }
      customer ??= await client.getCustomer({ customer_id: link.customerId! })
      await reconcile(link, customer)
      return viewOf(customer)
    },

    /** POST /customer/documents: one document of a required category, checked by the route. */
    async upload(
      owner: string,
      document: {
        category: string
        side?: string | undefined
        contentType: CustomerDocumentContentType
        bytes: Uint8Array
      },
    ): Promise<KitCustomer> {
      const link = await linked(owner)
      const requirements = await requirementsFor(link.customerType, null)
      if (!requirements.required_documents.some((required) => required.key === document.category)) {
        throw new VaultRefusal(
          422,
          `category must be one of the required documents: ${requirements.required_documents.map((required) => required.key).join(', ')}`,
          { field: 'category' },
        )
      }
      const name = document.side ? `${document.category}-${document.side}` : document.category
      const uploaded = await client.uploadCustomerDocument({
        customer_id: link.customerId,
        category: document.category,
        content_type: document.contentType,
        file_name: `${name}.${DOCUMENT_EXTENSIONS[document.contentType]}`,
        content: document.bytes,
      })
      await reconcile(link, uploaded.customer)
      return viewOf(uploaded.customer)
    },

    /** POST /customer/submit: the package goes to review. */
    async submit(owner: string): Promise<KitCustomer> {
      const link = await linked(owner)
      const customer = await client.submitCustomer({ customer_id: link.customerId })
      await reconcile(link, customer)
      return viewOf(customer)
    },

    /**
     * The owner's customer id when it may quote (`approved`, `active`), for a quote in vault mode. A stored
     * status that is not settled yet is read from the service first (a missed webhook).
     */
    async approvedId(owner: string): Promise<string | null> {
      let link = await links.get(owner)
      if (!link?.customerId) return null
      if (!SETTLED_STATUSES.has(link.status)) {
        const customer = await client.getCustomer({ customer_id: link.customerId })
        await reconcile(link, customer)
        link = { ...link, status: customer.status }
      }
      return isCustomerVerified(link.status) ? link.customerId : null
    },

    /** The owner's customer id for the account routes, or the refusal to answer. */
    async accountHolder(owner: string): Promise<string> {
      const id = await this.approvedId(owner)
      if (id) return id
      throw new VaultRefusal(
        409,
        'Verify your identity first: accounts need an approved customer.',
        { field: 'customer_id', code: 'customer_not_verified' },
      )
    },
  }
}
