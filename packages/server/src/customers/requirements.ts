import type { CustomerRequirements, CustomerType, RequiredDocument } from '@rampkit/core'
import type { RampClient } from '@rampkit/core/client'
import { cacheKey, type ReadCache } from '../http/cache.js'

/**
 * The vault's published requirements by customer type and country, through the read cache
 * (they change rarely).
 */
export function customerRequirements(client: RampClient, cache: ReadCache) {
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

  return { requirementsFor, requirementsOrNull }
}

export type CustomerRequirementsReader = ReturnType<typeof customerRequirements>

/** The required documents named by keys, described as the requirements describe them. */
export function documentsOf(keys: readonly string[], requirements: CustomerRequirements | null) {
  return keys.map(
    (key): RequiredDocument =>
      requirements?.required_documents.find((document) => document.key === key) ?? { key },
  )
}
