import type { CustomerType } from '@rampkit/core'

/** The two kinds of vault customer: a person (KYC) or a business (KYB); core's `CustomerType`. */
export type LinkedCustomerType = CustomerType

/**
 * One end user's link to their customer in the service's vault. The kit keeps it so each user
 * has exactly one vault customer, made on first need, and so a quote can name that customer by
 * `customer_id` without asking the service who the user is.
 */
export type CustomerLink = {
  /** The end user, as `getEndUser` (or the anonymous session) names them. */
  owner: string
  /**
   * The `partner_customer_ref` the vault knows the user by: a keyed hash of `owner`, never the
   * owner itself. The same owner always gives the same ref, so the vault's idempotency on it
   * makes one customer even when two instances create at once.
   */
  ref: string
  customerType: CustomerType
  /** The vault's `pcus_…` id; null while the customer is being created. */
  customerId: string | null
  /** `pending` until the customer exists, then the vault's status as last learned. */
  status: string
  /** The deposit-account product's status as last learned (the banking gate), or null. */
  depositAccountStatus: string | null
  /** While `customerId` is null: until when the instance that claimed the link creates it. */
  claimedUntil: Date | null
  createdAt: Date
  updatedAt: Date
}

/**
 * What `CustomerLinks.claim` takes: the user, their ref and customer type, and how long the
 * claim holds.
 */
export type ClaimCustomerLinkParameters = {
  owner: string
  ref: string
  customerType: CustomerType
  now: Date
  /** How long the claim holds before another request may create the customer instead. */
  leaseMs: number
}

/**
 * `claimed`: this caller inserted the pending link, or took over one whose claim ran out, and
 * should create the vault customer now. Otherwise `link` is what is stored: linked already
 * (`customerId` set), or being created by another request.
 */
export type ClaimCustomerLinkResult = { link: CustomerLink; claimed: boolean }

/** What `CustomerLinks.attach` takes: the owner's new vault customer and its statuses. */
export type AttachCustomerParameters = {
  owner: string
  customerId: string
  status: string
  depositAccountStatus: string | null
  now: Date
}

/** What `CustomerLinks.setStatus` takes: a vault customer's status as last learned. */
export type SetCustomerStatusParameters = {
  customerId: string
  status: string
  /** The deposit-account status; `undefined` keeps the stored one. */
  depositAccountStatus?: string | null
  now: Date
}

/**
 * Where the kit keeps end users' links to their vault customers, one interface over the store
 * engines (memory, Postgres, PGlite, Redis). Each method is atomic on its own, so instances
 * sharing one engine agree on who creates a user's customer.
 *
 * @example
 * const { link, claimed } = await links.claim({ owner, ref, customerType: 'individual', now, leaseMs: 10_000 })
 * if (claimed) await links.attach({ owner, customerId: created.id, status: created.status, depositAccountStatus: null, now })
 */
export interface CustomerLinks {
  /** Engine name, for logs. */
  readonly engine: string
  /** The owner's link, or null when the user has none yet. */
  get(owner: string): Promise<CustomerLink | null>
  /** The link of a vault customer (webhooks name the customer, not the user). */
  findByCustomerId(customerId: string): Promise<CustomerLink | null>
  /** The link of a `partner_customer_ref` (older account webhooks carry only that). */
  findByRef(ref: string): Promise<CustomerLink | null>
  /**
   * Inserts a pending link if the owner has none (insert-if-absent), or takes over a pending
   * link whose claim has run out; otherwise changes nothing. See `ClaimCustomerLinkResult`.
   */
  claim(parameters: ClaimCustomerLinkParameters): Promise<ClaimCustomerLinkResult>
  /**
   * Records the vault customer of the owner's link and its status, ending the claim. The first
   * customer attached stays: attaching another id changes nothing and answers the stored link.
   * Null when the owner has no link.
   */
  attach(parameters: AttachCustomerParameters): Promise<CustomerLink | null>
  /** Sets a linked customer's status (from a webhook or a read); null when no link has it. */
  setStatus(parameters: SetCustomerStatusParameters): Promise<CustomerLink | null>
}
