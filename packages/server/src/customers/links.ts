import type { Customer, CustomerType } from '@rampkit/core'
import type { RampClient } from '@rampkit/core/client'
import type { SaveCustomerRequest } from '@rampkit/core/kit'
import type { CustomerLink, CustomerLinks } from '../store/customers/types.js'
import type { CustomerRefOf } from './ref.js'
import { VaultRefusal } from './refusal.js'

/** How long a first request's claim holds while it creates the user's vault customer. */
const CLAIM_MS = 15_000
/** How long a concurrent first request waits for that creation before creating itself. */
const WAIT_FOR_CLAIM_MS = 3_000

/**
 * Each user's link to their one vault customer: created on first need under the user's keyed
 * ref (also when first requests race on several instances), and its stored status kept in step
 * with what the service says.
 */
export function vaultLinks(options: {
  client: RampClient
  links: CustomerLinks
  refOf: CustomerRefOf
  now: () => Date
}) {
  const { client, links, refOf } = options

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

  return { reconcile, ensure, linked }
}
