import {
  type Customer,
  type CustomerDocumentContentType,
  type CustomerRequirements,
  type CustomerType,
  KIT_CUSTOMER_PROFILE_FIELDS,
  type KitCustomer,
  type KitCustomerProfile,
  type RequiredDocument,
  type SaveCustomerRequest,
} from '@rampkit/core'
import type { RampClient } from '@rampkit/core/client'
import { isCustomerVerified } from '@rampkit/core/kit'
import { cacheKey, type ReadCache } from '../routes/cache.js'
import type { CustomerLink, CustomerLinks } from '../store/customers/types.js'
import { DOCUMENT_EXTENSIONS } from './documents.js'
import type { CustomerRefOf } from './ref.js'

/** How long a first request's claim holds while it creates the user's vault customer. */
const CLAIM_MS = 15_000
/** How long a concurrent first request waits for that creation before creating itself. */
const WAIT_FOR_CLAIM_MS = 3_000

/** Vault statuses after which the status changes only by the partner's or reviewer's hand. */
const SETTLED_STATUSES = new Set(['approved', 'active', 'rejected', 'suspended'])

/** A refusal the kit decides itself (no customer yet, a type that cannot change...). */
export class VaultRefusal extends Error {
  override name = 'VaultRefusal'
  constructor(
    readonly status: 403 | 409 | 422,
    message: string,
    readonly data: { field: string; code?: string },
  ) {
    super(message)
  }
}

export type CustomerVaultOptions = {
  client: RampClient
  links: CustomerLinks
  refOf: CustomerRefOf
  /** Where the published requirements are cached (they change rarely). */
  cache: ReadCache
  now: () => Date
}

export type CustomerVault = ReturnType<typeof createCustomerVault>

type Requested = { customer_type?: CustomerType | undefined; country?: string | undefined }

/** The non-sensitive fields of a profile on file: `KIT_CUSTOMER_PROFILE_FIELDS`, nothing else. */
export function visibleProfile(profile: Record<string, unknown>): KitCustomerProfile {
  const out: Record<string, unknown> = {}
  for (const field of KIT_CUSTOMER_PROFILE_FIELDS) {
    const value = profile[field]
    if (value !== undefined && value !== null) out[field] = value
  }
  return out as KitCustomerProfile
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** The required documents named by keys, described as the requirements describe them. */
function documentsOf(keys: readonly string[], requirements: CustomerRequirements | null) {
  return keys.map(
    (key): RequiredDocument =>
      requirements?.required_documents.find((document) => document.key === key) ?? { key },
  )
}

/**
 * The end user's vault customer as the kit's browser routes see it: found through the user's
 * link, created on first need under the user's keyed `partner_customer_ref` (one customer per
 * user, also when first requests race on several instances), and shown as a `KitCustomer`
 * (never an id number). Every read of the service reconciles the link's stored status.
 */
export function createCustomerVault(options: CustomerVaultOptions) {
  const { client, links, refOf, cache } = options

  const requirementsFor = (type: CustomerType, country: string | null) =>
    cache.get(cacheKey('customerRequirements', { type, country: country ?? undefined }), () =>
      client.getCustomerRequirements({ type, ...(country ? { country } : {}) }),
    )

  /** Requirements for a view; a failed read leaves the documents undescribed, never the view. */
  async function requirementsOrNull(type: CustomerType, country: string | null) {
    try {
      return await requirementsFor(type, country)
    } catch {
      return null
    }
  }

  function countryOf(customer: Customer): string | null {
    const value = customer.profile.country_of_residence ?? customer.profile.country_of_incorporation
    return typeof value === 'string' && value !== '' ? value : null
  }

  /** The `KitCustomer` of a vault row (its `missing[]`, else computed from the requirements). */
  async function viewOf(customer: Customer): Promise<KitCustomer> {
    const type: CustomerType = customer.type === 'business' ? 'business' : 'individual'
    const requirements = await requirementsOrNull(type, countryOf(customer))
    let fields: string[] = []
    let documents: string[] = []
    if (customer.status === 'incomplete') {
      if (customer.missing) {
        for (const entry of customer.missing) {
          if (entry.startsWith('profile.')) fields.push(entry.slice('profile.'.length))
          else if (entry.startsWith('document.')) documents.push(entry.slice('document.'.length))
        }
      } else if (requirements) {
        const profile = customer.profile as Record<string, unknown>
        fields = requirements.required_fields.filter((field) => !present(profile[field]))
        const uploaded = new Set(customer.documents.map((document) => document.category))
        documents = requirements.required_documents
          .map((document) => document.key)
          .filter((key) => !uploaded.has(key))
      }
    }
    return {
      customer_id: customer.id,
      customer_type: type,
      status: customer.status,
      missing_fields: fields,
      missing_documents: documentsOf(documents, requirements),
      documents: customer.documents.map(({ id, category, content_type, created_at }) => ({
        id,
        category,
        content_type,
        created_at,
      })),
      rejection_reason:
        customer.status === 'rejected'
          ? (customer.review_note ?? 'The review was declined.')
          : null,
      deposit_account_status: customer.products.deposit_account?.status ?? null,
      profile: visibleProfile(customer.profile as Record<string, unknown>),
    }
  }

  /** The view before the user has a customer: the whole package still to collect. */
  async function noneView(requested: Requested): Promise<KitCustomer> {
    const type = requested.customer_type ?? 'individual'
    const requirements = await requirementsFor(type, requested.country ?? null)
    return {
      customer_id: null,
      customer_type: null,
      status: 'none',
      missing_fields: [...requirements.required_fields],
      missing_documents: documentsOf(
        requirements.required_documents.map((document) => document.key),
        requirements,
      ),
      documents: [],
      rejection_reason: null,
      deposit_account_status: null,
      profile: {},
    }
  }

  /** Stores what the service said of a linked customer when it differs from the link. */
  async function reconcile(link: CustomerLink | null, customer: Customer) {
    const deposit = customer.products.deposit_account?.status ?? null
    if (link && link.status === customer.status && link.depositAccountStatus === deposit) return
    await links.setStatus({
      customerId: customer.id,
      status: customer.status,
      depositAccountStatus: deposit,
      now: options.now(),
    })
  }

  /**
   * Creates the vault customer of `ref`, or finds it: the service's create is idempotent on the
   * ref (201 with the existing row), so a second create for one user answers the same customer.
   */
  function createOrFind(
    ref: string,
    type: CustomerType,
    profile: SaveCustomerRequest['profile'] | undefined,
  ): Promise<Customer> {
    return client.createCustomer({
      partner_customer_ref: ref,
      type,
      ...(profile && Object.keys(profile).length > 0 ? { profile } : {}),
    } as Parameters<RampClient['createCustomer']>[0])
  }

  /**
   * The owner's vault customer id, creating the customer on first need. The first request
   * claims the link in the store and creates; a request that finds the link claimed waits for
   * that creation a little, then creates too (the vault answers the same customer for the same
   * ref, and the link keeps the first id attached). `created` carries the vault's answer when
   * this call made (or found) the customer itself.
   */
  async function ensure(
    owner: string,
    type: CustomerType,
    profile?: SaveCustomerRequest['profile'],
  ): Promise<{ link: CustomerLink; created: Customer | null }> {
    const ref = await refOf(owner)
    const deadline = Date.now() + WAIT_FOR_CLAIM_MS
    for (let round = 0; ; round++) {
      const { link, claimed } = await links.claim({
        owner,
        ref,
        customerType: type,
        now: options.now(),
        leaseMs: CLAIM_MS,
      })
      if (link.customerId !== null) return { link, created: null }
      if (claimed || Date.now() >= deadline) {
        const customer = await createOrFind(ref, type, profile)
        const attached = await links.attach({
          owner,
          customerId: customer.id,
          status: customer.status,
          depositAccountStatus: customer.products.deposit_account?.status ?? null,
          now: options.now(),
        })
        if (!attached?.customerId) throw new Error('The customer link was lost while creating')
        return { link: attached, created: attached.customerId === customer.id ? customer : null }
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 20 * (round + 1))))
    }
  }

  /** The owner's link to a created customer, or the refusal of a write that needs one. */
  async function linked(owner: string): Promise<CustomerLink & { customerId: string }> {
    const link = await links.get(owner)
    if (!link?.customerId) {
      throw new VaultRefusal(409, 'Save your details first: there is no customer to add this to.', {
        field: 'customer_type',
        code: 'customer_not_started',
      })
    }
    return { ...link, customerId: link.customerId }
  }

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
