import type { Customer, CustomerType } from '@rampkit/core'
import { KIT_CUSTOMER_PROFILE_FIELDS } from '@rampkit/core/internal'
import type { KitCustomer, KitCustomerProfile } from '@rampkit/core/kit'
import { type CustomerRequirementsReader, documentsOf } from './requirements.js'

/** What a view is asked for before the user has a customer. */
export type Requested = { customer_type?: CustomerType | undefined; country?: string | undefined }

/** The non-sensitive fields of a profile on file: `KIT_CUSTOMER_PROFILE_FIELDS`, nothing else. */
export function visibleProfile(profile: Record<string, unknown>): KitCustomerProfile {
  const out: Record<string, unknown> = {}
  for (const field of KIT_CUSTOMER_PROFILE_FIELDS) {
    const value = profile[field]
    if (value !== undefined && value !== null) out[field] = value
  }
  return out as KitCustomerProfile
}

/** A profile value that counts as given. */
export function present(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return true
}

function countryOf(customer: Customer): string | null {
  const value = customer.profile.country_of_residence ?? customer.profile.country_of_incorporation
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * The `KitCustomer` views of the vault: of a vault row (never an id number), and of a user with
 * no customer yet.
 */
export function customerViews({ requirementsFor, requirementsOrNull }: CustomerRequirementsReader) {
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

  return { viewOf, noneView }
}
