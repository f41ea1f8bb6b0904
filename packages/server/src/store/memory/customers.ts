import type { CustomerLink, CustomerLinks } from '../customers/types.js'

const copy = (link: CustomerLink): CustomerLink => ({ ...link })

/**
 * Customer links in this process's memory: what `memoryStore` carries. Lost on restart, and not
 * shared between instances.
 *
 * @example
 * const links = memoryCustomerLinks()
 */
export function memoryCustomerLinks(): CustomerLinks {
  const byOwner = new Map<string, CustomerLink>()
  const ownerOfCustomer = new Map<string, string>()
  const ownerOfRef = new Map<string, string>()
  const found = (owner: string | undefined) => {
    const link = owner === undefined ? undefined : byOwner.get(owner)
    return link ? copy(link) : null
  }

  return {
    engine: 'memory',
    async get(owner) {
      return found(owner)
    },
    async findByCustomerId(customerId) {
      return found(ownerOfCustomer.get(customerId))
    },
    async findByRef(ref) {
      return found(ownerOfRef.get(ref))
    },
    async claim({ owner, ref, customerType, now, leaseMs }) {
      const until = new Date(now.getTime() + leaseMs)
      const current = byOwner.get(owner)
      if (!current) {
        const link: CustomerLink = {
          owner,
          ref,
          customerType,
          customerId: null,
          status: 'pending',
          depositAccountStatus: null,
          claimedUntil: until,
          createdAt: now,
          updatedAt: now,
        }
        byOwner.set(owner, link)
        ownerOfRef.set(ref, owner)
        return { link: copy(link), claimed: true }
      }
      const expired = current.claimedUntil === null || current.claimedUntil <= now
      if (current.customerId !== null || !expired) return { link: copy(current), claimed: false }
      current.claimedUntil = until
      current.updatedAt = now
      return { link: copy(current), claimed: true }
    },
    async attach({ owner, customerId, status, depositAccountStatus, now }) {
      const link = byOwner.get(owner)
      if (!link) return null
      if (link.customerId !== null && link.customerId !== customerId) return copy(link)
      const holder = ownerOfCustomer.get(customerId)
      if (holder !== undefined && holder !== owner) return copy(link)
      link.customerId = customerId
      link.status = status
      link.depositAccountStatus = depositAccountStatus
      link.claimedUntil = null
      link.updatedAt = now
      ownerOfCustomer.set(customerId, owner)
      return copy(link)
    },
    async setStatus({ customerId, status, depositAccountStatus, now }) {
      const owner = ownerOfCustomer.get(customerId)
      const link = owner === undefined ? undefined : byOwner.get(owner)
      if (!link) return null
      link.status = status
      if (depositAccountStatus !== undefined) link.depositAccountStatus = depositAccountStatus
      link.updatedAt = now
      return copy(link)
    },
  }
}
