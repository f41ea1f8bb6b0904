import { type CustomerTypeName, REQUIREMENTS } from '../seed/requirements.js'
import type { Customer } from '../state/store.js'

/*
 * The KYC package rules of the sandbox's vault: which fields a profile needs (conditions
 * included) and what submit is still missing.
 */

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** The fields required of this profile: the type's, plus those its conditions switch on. */
export function requiredFields(type: CustomerTypeName, profile: Record<string, unknown>) {
  const requirements = REQUIREMENTS[type]
  const conditional = requirements.conditional_fields
    .filter((entry) => String(profile[entry.when.field] ?? '').toUpperCase() === entry.when.equals)
    .map((entry) => entry.field)
  return [...requirements.required_fields, ...conditional]
}

/**
 * What submit still needs, in the service's notation: `profile.<field>` (an address's missing
 * parts as `profile.address.line1`...) and then `document.<category>`.
 */
export function missingOf(customer: Pick<Customer, 'type' | 'profile' | 'documents'>): string[] {
  const requirements = REQUIREMENTS[customer.type]
  const missing: string[] = []
  for (const field of requiredFields(customer.type, customer.profile)) {
    const value = customer.profile[field]
    const parts = requirements.address_fields[field]
    if (!present(value)) {
      missing.push(`profile.${field}`)
    } else if (parts && typeof value === 'object') {
      for (const part of parts) {
        if (!present((value as Record<string, unknown>)[part])) {
          missing.push(`profile.${field}.${part}`)
        }
      }
    }
  }
  const uploaded = new Set(customer.documents.map((document) => document.category))
  for (const { key } of requirements.required_documents) {
    if (!uploaded.has(key)) missing.push(`document.${key}`)
  }
  return missing
}

/**
 * The `data` of `GET /partner/customers/requirements`: the type's package, with the fields a
 * given country switches on listed among `required_fields` (a US business's `tax_id`, a Nigerian
 * resident's BVN), every conditional field described in `conditional_fields`.
 */
export function requirementsView(type: CustomerTypeName, country: string | null) {
  const requirements = REQUIREMENTS[type]
  const switchedOn = requirements.conditional_fields
    .filter((entry) => country !== null && entry.when.equals === country)
    .map((entry) => entry.field)
  return {
    type,
    required_fields: [...requirements.required_fields, ...switchedOn],
    required_documents: requirements.required_documents.map((document) => ({ ...document })),
    optional_fields: requirements.optional_fields.filter((field) => !switchedOn.includes(field)),
    conditional_fields: requirements.conditional_fields.map((entry) => ({
      field: entry.field,
      when: `${entry.when.field} == ${entry.when.equals}`,
      required: true,
      description: entry.description,
      example: entry.example,
    })),
    products: { deposit_account: { notes: requirements.deposit_account_notes } },
    notes: requirements.notes,
  }
}
