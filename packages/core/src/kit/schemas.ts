import { z } from 'zod'
import {
  acceptQuoteRequest,
  businessAddress,
  businessProfile,
  CUSTOMER_TYPES,
  countryCode,
  customerStatus,
  depositAccountStatus,
  individualAddress,
  individualProfile,
  orderTypeName,
  quoteRequest,
  reportedOrderStatus,
  requiredDocument,
} from '../schemas/index.js'
import { strictRequest } from '../schemas/request.js'

/**
 * Body of the kit's POST /quotes: core's quote request in its strict form. The browser sends
 * what the widget's checkout builds (`toQuoteRequest`); any other key, including the service's
 * legacy and partner-only fields (`rail`, `provider`, `customer.idNumber`), is a 422 naming it,
 * so nothing reaches the service that the kit did not check.
 */
export const kitQuoteRequest = strictRequest(quoteRequest)

/** Body of the kit's POST /quotes/:quoteId/accept: `{}` or `{ signed_accept }`, strict. */
export const kitAcceptQuoteRequest = strictRequest(acceptQuoteRequest)

/** How an order was made: a binding partner quote that was accepted, or a direct create. */
export const kitOrderFlow = z.enum(['quote', 'direct'])
/** How an order was made: `quote` (an accepted partner quote) or `direct`. */
export type KitOrderFlow = z.infer<typeof kitOrderFlow>

/**
 * An order as the kit shows it to its owner: one shape for both upstream flows, lower-case
 * status (any word the service reported, known or not: see the order lifecycle), human-unit
 * amounts. `id` is the service's `order_id` once known,
 * otherwise the creation `tx_hash` of a direct order.
 */
export const kitOrder = z.looseObject({
  id: z.string(),
  flow: kitOrderFlow,
  order_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  tx_hash: z.string().nullable(),
  status: reportedOrderStatus,
  order_type: orderTypeName,
  amount_fiat: z.number().nullable(),
  currency: z.string().nullable(),
  amount_crypto: z.number().nullable(),
  token: z.string().nullable(),
  rate: z.number().nullable(),
  wallet_address: z.string().nullable(),
  settlement_transaction_hash: z.string().nullable(),
  /**
   * Why the order failed, in the service's words, when it said: its `failure_reason`, a field no
   * published document names (the service's sandbox sends it on `order.failed` and the backup
   * GET), so absent on most orders and on records kept before the kit stored it. Plain text of
   * at most 280 characters (`orderFailureReason`): show it as text, never as HTML; it may
   * repeat what the shopper typed, so never log it.
   */
  failure_reason: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
})
/** An order as the kit shows it to its owner (see `kitOrder`). */
export type KitOrder = z.infer<typeof kitOrder>

/** `data` of GET /config: what the widget needs to know about the environment. */
export const kitConfig = z.looseObject({
  environment: z.enum(['sandbox', 'production']),
  chain_id: z.number().int().nullable(),
  spender: z.string().nullable(),
  sse: z.boolean(),
  /**
   * Customer-signed accepts are on (the kit's `signedAccepts`): the widget enrolls the
   * connected wallet once and signs each quote's `signing.typed_data` before its accept.
   * Absent from kits that predate it: off.
   */
  signed_accepts: z.boolean().optional(),
  /**
   * How the kit names the customer on a quote: `vault` by the user's verified customer (the
   * widget shows the identity step before the first quote of a user without one), `inline` by
   * the details the quote carries. Absent from kits that predate it: the widget learns it from
   * the first quote refused on `customer_id`.
   */
  customer_mode: z.enum(['vault', 'inline']).optional(),
})
/** What GET /config tells the widget about the environment (see `kitConfig`). */
export type KitConfig = z.infer<typeof kitConfig>

/**
 * Body of POST /wallets/challenge: the wallet to prove and the chain it signs for. Strict, like
 * every browser body the kit parses: another key is a 422 naming it.
 */
export const walletChallengeRequest = z.strictObject({
  address: z.string().max(64),
  chain_id: z
    .number({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .int({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .positive({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .max(Number.MAX_SAFE_INTEGER),
})
/** Body of POST /wallets/challenge: the wallet's `address` and `chain_id`. */
export type WalletChallengeRequest = z.infer<typeof walletChallengeRequest>

/**
 * Body of POST /wallets/proofs: the challenge's message exactly as signed, and the wallet's hex
 * signature (longer than 65 bytes for smart-contract wallets, ERC-6492 included). Strict.
 */
export const walletProofRequest = z.strictObject({
  message: z
    .string({ error: 'Send the message of POST /wallets/challenge, as signed' })
    .min(1, { error: 'Send the message of POST /wallets/challenge, as signed' })
    .max(2000, { error: 'Send the message of POST /wallets/challenge, as signed' }),
  signature: z
    .string({ error: 'signature must be the wallet’s hex signature (0x…)' })
    .regex(/^0x[0-9a-fA-F]{2,8192}$/, {
      error: 'signature must be the wallet’s hex signature (0x…)',
    }),
})
/** Body of POST /wallets/proofs: the challenge's `message` as signed and the `signature`. */
export type WalletProofRequest = z.infer<typeof walletProofRequest>

/**
 * `data` of POST /wallets/challenge: a Sign-In with Ethereum (EIP-4361) message the kit issued
 * for this session, with a single-use nonce. The wallet signs `message` exactly as given
 * (`personal_sign`), and the signature goes to POST /wallets/proofs.
 */
export const walletChallenge = z.looseObject({
  address: z.string(),
  chain_id: z.number().int(),
  message: z.string(),
  expires_at: z.string(),
})
/** The Sign-In with Ethereum message the wallet signs, from POST /wallets/challenge. */
export type WalletChallenge = z.infer<typeof walletChallenge>

/**
 * `data` of POST /wallets/proofs and GET /wallets/proofs/:address: whether this session has
 * proven it controls `address` on `chain_id` (a proof counts on the chain it was signed on
 * only), and until when. Only a proven wallet may be sold from.
 */
export const walletProof = z.looseObject({
  address: z.string(),
  proven: z.boolean(),
  expires_at: z.string().nullable(),
  chain_id: z.number().int().nullable().optional(),
})
/** Whether this session has proven it controls a wallet, on which chain and until when. */
export type WalletProof = z.infer<typeof walletProof>

// ------------------------------------------------------------------------------------------
// The end user's verified customer (KYC) and accounts

/** Customer types a user may verify as: a person, or a business (KYB). */
export const kitCustomerType = z.enum(CUSTOMER_TYPES, {
  error: 'customer_type must be individual or business',
})
/** `individual` or `business`: what a user verifies as. */
export type KitCustomerType = z.infer<typeof kitCustomerType>

/**
 * `profile` of a `KitCustomer`: the profile fields the kit shows back to their owner, for the
 * widget to prefill: names, contact, date of birth, country, address, and a business's public
 * particulars. Never a government id number, BVN, tax id or liveness id: those are sent, and
 * never read back.
 */
export const kitCustomerProfile = z.looseObject({
  first_name: z.string().optional(),
  middle_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  date_of_birth: z.string().optional(),
  gender: z.string().optional(),
  country_of_residence: z.string().optional(),
  address: z.looseObject(individualAddress.shape).partial().optional(),
  id_type: z.string().optional(),
  legal_name: z.string().optional(),
  website: z.string().optional(),
  business_type: z.string().optional(),
  country_of_incorporation: z.string().optional(),
  registration_number: z.string().optional(),
  industry: z.string().optional(),
  description: z.string().optional(),
  registered_address: z.looseObject(businessAddress.shape).partial().optional(),
  operating_address: z.looseObject(businessAddress.shape).partial().optional(),
})
/** The non-sensitive profile fields on file, read back for prefilling; never an id number. */
export type KitCustomerProfile = z.infer<typeof kitCustomerProfile>

/** The fields of `kitCustomerProfile`, which the kit copies from a profile on file. */
export const KIT_CUSTOMER_PROFILE_FIELDS = Object.keys(
  kitCustomerProfile.shape,
) as readonly (keyof typeof kitCustomerProfile.shape)[]

/** A document on file, as its owner sees it: what it is, never its bytes. */
export const kitCustomerDocument = z.looseObject({
  id: z.string(),
  category: z.string(),
  content_type: z.string(),
  created_at: z.string(),
})
/** A document on file: its id, category, content type and upload time, never its bytes. */
export type KitCustomerDocument = z.infer<typeof kitCustomerDocument>

/** `status` of a `KitCustomer`: `none` before the user has a vault customer, else the vault's. */
export const kitCustomerStatus = z.union([z.literal('none'), customerStatus])
/** `none` before the user has a vault customer, then the vault's status (`approved`...). */
export type KitCustomerStatus = z.infer<typeof kitCustomerStatus>

/**
 * The end user's verified customer as the kit shows it to its owner (GET /customer, every
 * customer write, and each `customer` event of GET /customer/events):
 * - `customer_id`: the vault's `pcus_…` id, null before the first save;
 * - `status`: `none` (no customer yet), then the vault's (`incomplete`, `pending_review`,
 *   `approved`, `rejected`, `suspended`...). Only `approved` quotes by `customer_id`;
 * - `missing_fields`: the published required profile fields not yet on file, in the vault's
 *   notation without its `profile.` prefix (`first_name`, `address.line1`, `id_number`);
 * - `missing_documents`: the required documents not yet uploaded (`key` is the upload's
 *   `category`);
 * - `documents`: what is on file (metadata only);
 * - `rejection_reason`: the vault's partner-safe review note when `rejected`, else null;
 * - `deposit_account_status`: the banking gate (`ready` opens the account routes), null
 *   before the first save;
 * - `profile`: the non-sensitive fields on file, for prefilling (see `kitCustomerProfile`).
 */
export const kitCustomer = z.looseObject({
  customer_id: z.string().nullable(),
  customer_type: kitCustomerType.nullable(),
  status: kitCustomerStatus,
  missing_fields: z.array(z.string()),
  missing_documents: z.array(requiredDocument),
  documents: z.array(kitCustomerDocument),
  rejection_reason: z.string().nullable(),
  deposit_account_status: depositAccountStatus.nullable(),
  profile: kitCustomerProfile,
})
/** The end user's verified customer as the kit shows it (see `kitCustomer` for each field). */
export type KitCustomer = z.infer<typeof kitCustomer>

/**
 * Body of POST /customer: the profile fields to save, by customer type (the strict form of
 * core's individual and business profile schemas: another key is a 422 naming it). The first save creates
 * the user's vault customer; later saves merge into it while it is `incomplete`. The type of
 * an existing customer does not change.
 */
export const saveCustomerRequest = z.discriminatedUnion(
  'customer_type',
  [
    z.strictObject({
      customer_type: z.literal('individual'),
      profile: strictRequest(individualProfile),
    }),
    z.strictObject({
      customer_type: z.literal('business'),
      profile: strictRequest(businessProfile),
    }),
  ],
  { error: 'customer_type must be individual or business' },
)
/** Body of POST /customer: the customer type and the profile fields to save. */
export type SaveCustomerRequest = z.input<typeof saveCustomerRequest>

/**
 * Query of GET /customer: before the user has a customer (`status: 'none'`), which package the
 * answer's `missing_fields` and `missing_documents` list: `customer_type` (default individual)
 * and the `country` of residence or incorporation (a Nigerian resident also needs a BVN).
 * Ignored once the customer exists: its own type and country decide.
 */
export const kitCustomerQuery = z.object({
  customer_type: kitCustomerType.optional(),
  country: countryCode.optional(),
})
/** Query of GET /customer: which requirements to list before the user has a customer. */
export type KitCustomerQuery = z.input<typeof kitCustomerQuery>

/** Body of POST /customer/submit: nothing, or `{}` (strict: any key is a 422 naming it). */
export const submitCustomerRequest = z.strictObject({})

/** The sides of a two-sided identity document (an ID card, a driving licence). */
export const KIT_DOCUMENT_SIDES = ['front', 'back'] as const

/**
 * Query of POST /customer/documents, whose body is the file's raw bytes with its
 * `Content-Type` (`image/jpeg`, `image/png` or `application/pdf`, checked against the bytes):
 * `category` is a key of the requirements' documents (`identity`, `address`...), `side` names
 * the side of a two-sided document.
 */
export const customerDocumentQuery = z.strictObject({
  category: z
    .string({ error: 'category must name a required document (identity, address...)' })
    .regex(/^[a-z][a-z0-9_]{0,63}$/, {
      error: 'category must name a required document (identity, address...)',
    }),
  side: z.enum(KIT_DOCUMENT_SIDES, { error: 'side must be front or back' }).optional(),
})
/** Query of POST /customer/documents: the document's `category` and, if two-sided, its `side`. */
export type CustomerDocumentQuery = z.input<typeof customerDocumentQuery>

/**
 * The `data` of an `account` event of GET /customer/events: which `account.*` webhook arrived
 * (`account.credited`, `account.send.completed`...) and the account it is about, so the
 * browser refetches the accounts.
 */
export const kitAccountEvent = z.looseObject({
  event: z.string(),
  account_id: z.string().nullable(),
})
/** An `account` event of GET /customer/events: which webhook arrived, for which account. */
export type KitAccountEvent = z.infer<typeof kitAccountEvent>
