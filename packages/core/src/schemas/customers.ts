import { z } from 'zod'
import {
  CUSTOMER_DOCUMENT_CONTENT_TYPES,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '../documents/limits.js'
import { countryCode, openEnum, personCountry } from './common.js'
import { serviceRequest } from './request.js'

/*
 * The customer vault (KYC): `/partner/customers/…`. Shapes from the service's OpenAPI document
 * (`PartnerCustomer*` schemas and their examples) and the customers guides; the interface
 * description shows only the webhook body (2.11). Requests type every published field and pass
 * a key they do not list on to the vault unchanged (`serviceRequest`; the server kit parses a
 * browser's profile with their strict form); answers are loose (unknown fields pass through,
 * fields the published examples leave out are optional, statuses are open).
 */

/** Customer types of the vault. */
export const CUSTOMER_TYPES = ['individual', 'business'] as const
/** A customer's type, `individual` or `business`; anything else is refused. */
export const customerType = z.enum(CUSTOMER_TYPES, {
  error: 'type must be individual or business',
})
/** A customer's type, `individual` or `business`. */
export type CustomerType = z.infer<typeof customerType>

/**
 * Customer statuses as published: `incomplete` (package being collected), `pending_review`
 * (submitted), `approved` (may quote with `customer_id`), `active` (listed beside `approved` by
 * the banking gate), `rejected` (review declined), `suspended` (revoked by the partner).
 */
export const CUSTOMER_STATUSES = [
  'incomplete',
  'pending_review',
  'approved',
  'active',
  'rejected',
  'suspended',
] as const
/** A customer status: one of `CUSTOMER_STATUSES`, or a newer value kept as it is. */
export const customerStatus = openEnum(CUSTOMER_STATUSES)
/**
 * A customer status: one of `CUSTOMER_STATUSES`, or a newer value kept as it is. The type of what
 * `customerStatus` parses to.
 */
export type CustomerStatus = z.infer<typeof customerStatus>
/** One of the published customer statuses (what a list filter sends). */
export type KnownCustomerStatus = (typeof CUSTOMER_STATUSES)[number]

/**
 * Deposit-account product statuses (`products.deposit_account.status`): the OpenAPI's `none`,
 * `provisioning`, `ready`, `failed`, `unavailable`, and `pending`, which the interface
 * description and the banking-gate errors use. Only `ready` opens the account routes.
 */
export const DEPOSIT_ACCOUNT_STATUSES = [
  'none',
  'pending',
  'provisioning',
  'ready',
  'failed',
  'unavailable',
] as const
/**
 * A deposit account's status: one of `DEPOSIT_ACCOUNT_STATUSES`, or a newer value kept as it is.
 */
export const depositAccountStatus = openEnum(DEPOSIT_ACCOUNT_STATUSES)
/** A deposit account's status, the banking gate of a case (`ready` when it can be used). */
export type DepositAccountStatus = z.infer<typeof depositAccountStatus>

// The vault's document limits live in a module without zod, so that the widget's entry
// (`@rampkit/core/kit`) can check a file before uploading it.
export {
  CUSTOMER_DOCUMENT_CONTENT_TYPES,
  type CustomerDocumentContentType,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '../documents/limits.js'

// ------------------------------------------------------------------------------------------
// Requests

const text = (max: number) => z.string().trim().min(1).max(max)
const amount = z
  .number({ error: 'Must be a number' })
  .nonnegative({ error: 'Must be 0 or more' })
  .max(1e15, { error: 'Amount is too large' })

/**
 * A Nigerian BVN (`additional_id_type: 'bvn'`, as the requirements' conditional fields and the
 * customers guide name it) is 11 digits.
 */
const bvnRule = z.superRefine<{ additional_id_type?: unknown; additional_id_number?: unknown }>(
  (profile, ctx) => {
    const type = profile.additional_id_type
    const number = profile.additional_id_number
    if (typeof type !== 'string' || type.trim().toLowerCase() !== 'bvn') return
    if (typeof number === 'string' && !/^\d{11}$/.test(number)) {
      ctx.addIssue({
        code: 'custom',
        message: 'A BVN has 11 digits',
        path: ['additional_id_number'],
      })
    }
  },
)

/** An ISO calendar date, `YYYY-MM-DD` (the vault's date of birth; quotes use mm/dd/yyyy). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'Must be a date YYYY-MM-DD' })

/** An individual's address: `line1`, `city`, `country` are required before submit. */
export const individualAddress = serviceRequest({
  line1: text(200).optional(),
  line2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  country: personCountry.optional(),
  postal_code: text(32).optional(),
})

/** A business address (published with `line_1`, unlike the individual's `line1`). */
export const businessAddress = serviceRequest({
  line_1: text(200).optional(),
  line_2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  country: personCountry.optional(),
  postal_code: text(32).optional(),
})

/** One officer of a business (director, owner...). */
export const businessOfficer = serviceRequest({
  role: text(64),
  first_name: text(100),
  last_name: text(100),
  email: z.email().max(254).optional(),
  phone: text(32).optional(),
  date_of_birth: isoDate.optional(),
  ownership_percentage: z.number().min(0).max(100).optional(),
})

/**
 * An individual's profile, as `GET /partner/customers/requirements?type=individual` lists it.
 * Every field is optional here: the vault takes a partial package at create and on PATCH and
 * reports what is still needed in `missing[]`. Nigeria adds `additional_id_type: 'bvn'` and the
 * 11-digit BVN. A key not listed goes to the vault as it is.
 */
export const individualProfile = serviceRequest({
  first_name: text(100).optional(),
  middle_name: text(100).optional(),
  last_name: text(100).optional(),
  email: z.email({ error: 'Must be an email address' }).max(254).optional(),
  date_of_birth: isoDate.optional(),
  country_of_residence: personCountry.optional(),
  phone: text(32).optional(),
  gender: text(16).optional(),
  address: individualAddress.optional(),
  /** Government ID number. Identity data: never logged by core. */
  id_number: text(64).optional(),
  /** `passport`, `national_id`, `drivers_license`... */
  id_type: text(32).optional(),
  /** Nigeria: `bvn`. */
  additional_id_type: text(32).optional(),
  /** Nigeria: the 11-digit BVN. */
  additional_id_number: text(32).optional(),
  liveness_check_id: text(128).optional(),
  proof_of_address_type: text(64).optional(),
}).check(bvnRule)
/**
 * An individual's profile, as `GET /partner/customers/requirements?type=individual` lists it. The
 * type of what `individualProfile` accepts.
 */
export type IndividualProfile = z.input<typeof individualProfile>

/**
 * A business profile, as `GET /partner/customers/requirements?type=business` lists it; US
 * incorporations also need `tax_id` (EIN). Optional like the individual's.
 */
export const businessProfile = serviceRequest({
  legal_name: text(200).optional(),
  email: z.email({ error: 'Must be an email address' }).max(254).optional(),
  phone: text(32).optional(),
  website: text(256).optional(),
  business_type: text(64).optional(),
  country_of_incorporation: personCountry.optional(),
  tax_id: text(64).optional(),
  registration_number: text(64).optional(),
  industry: text(100).optional(),
  description: text(1000).optional(),
  registered_address: businessAddress.optional(),
  operating_address: businessAddress.optional(),
  incorporation_meta: z.record(z.string(), z.unknown()).optional(),
  monthly_payments_count: z.number().int().nonnegative().optional(),
  monthly_transaction_value: amount.optional(),
  max_transfer_amount: amount.optional(),
  annual_turnover: amount.optional(),
  customer_types: z.array(text(32)).max(20).optional(),
  funding_source: text(64).optional(),
  sales_channel: text(64).optional(),
  officers: z.array(businessOfficer).max(50).optional(),
  liveness_check_id: text(128).optional(),
})
/**
 * A business profile, as `GET /partner/customers/requirements?type=business` lists it; US
 * incorporations also need `tax_id` (EIN). The type of what `businessProfile` accepts.
 */
export type BusinessProfile = z.input<typeof businessProfile>

/** The partner's stable reference of a customer: unique per API key, 1 to 128 characters. */
export const partnerCustomerRef = z
  .string()
  .min(1, { error: 'partner_customer_ref must not be empty' })
  .max(128, { error: 'partner_customer_ref is at most 128 characters' })

/**
 * Body of `POST /partner/customers`: a vault case in `incomplete`. Idempotent on
 * `partner_customer_ref`: the same reference again answers the existing case (its profile is not
 * changed; PATCH does that). The profile's shape follows `type`.
 */
export const createCustomerRequest = z.discriminatedUnion(
  'type',
  [
    serviceRequest({
      partner_customer_ref: partnerCustomerRef,
      type: z.literal('individual'),
      profile: individualProfile.optional(),
    }),
    serviceRequest({
      partner_customer_ref: partnerCustomerRef,
      type: z.literal('business'),
      profile: businessProfile.optional(),
    }),
  ],
  { error: 'type must be individual or business' },
)
/**
 * Body of `POST /partner/customers`: a vault case in `incomplete`. The type of what
 * `createCustomerRequest` accepts.
 */
export type CreateCustomerRequest = z.input<typeof createCustomerRequest>

/**
 * Body of `PATCH /partner/customers/{customer_id}`: profile fields merged into the case while
 * it is `incomplete` (or to correct a failed deposit-account KYC, which returns it to
 * `incomplete`). The type is not sent, so the fields of both profiles are accepted.
 */
export const updateCustomerRequest = serviceRequest({
  profile: serviceRequest({ ...individualProfile.shape, ...businessProfile.shape }).check(bvnRule),
})
/**
 * Body of `PATCH /partner/customers/{customer_id}`: profile fields merged into the case while it is
 * `incomplete` (or to correct a failed deposit-account KYC, which returns it to `incomplete`). The
 * type of what `updateCustomerRequest` accepts.
 */
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequest>

/** Query of `GET /partner/customers/requirements`: `type` (default individual), `country`. */
export const customerRequirementsQuery = z.strictObject({
  type: customerType.optional(),
  country: countryCode.optional(),
})
/**
 * Query of `GET /partner/customers/requirements`. The type of what `customerRequirementsQuery`
 * accepts.
 */
export type CustomerRequirementsQuery = z.input<typeof customerRequirementsQuery>

/**
 * Query of `GET /partner/customers`: a `status` filter and `limit` (1 to 100, default 50), or a
 * `partner_customer_ref` that resolves to zero or one full case (`limit` is then ignored).
 */
export const listCustomersQuery = z.strictObject({
  status: z.enum(CUSTOMER_STATUSES, { error: 'status must be a customer status' }).optional(),
  partner_customer_ref: partnerCustomerRef.optional(),
  limit: z
    .number({ error: 'limit must be an integer' })
    .int({ error: 'limit must be an integer' })
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .optional(),
})
/**
 * Query of `GET /partner/customers`: a `status` filter and `limit` (1 to 100, default 50), or a
 * `partner_customer_ref` that resolves to zero or one full case (`limit` is then ignored). The type
 * of what `listCustomersQuery` accepts.
 */
export type ListCustomersQuery = z.input<typeof listCustomersQuery>

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Bytes a standard base64 text decodes to (its padding and length checked by `BASE64`). */
function base64DecodedLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0
  return (value.length / 4) * 3 - padding
}

/**
 * Body of `POST /partner/customers/{customer_id}/documents`: one file as JSON with base64
 * content (the OpenAPI's only form; there is no multipart upload). `category` is a key of the
 * requirements' `required_documents` (`identity`, `address`...). The content is checked here for
 * being base64 of at most 8 MiB and is never put in an error message.
 */
export const uploadCustomerDocumentRequest = serviceRequest({
  category: z
    .string()
    .min(1, { error: 'category must not be empty' })
    .max(64, { error: 'category is at most 64 characters' }),
  content_base64: z
    .string()
    .min(1, { error: 'content_base64 must not be empty' })
    .max(MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH, {
      error: 'content_base64 is larger than the vault takes (8 MiB decoded)',
    })
    .refine((value) => value.length % 4 === 0 && BASE64.test(value), {
      error: 'content_base64 must be standard base64 (A-Z a-z 0-9 + /, padded with =)',
    })
    .refine((value) => base64DecodedLength(value) <= MAX_CUSTOMER_DOCUMENT_BYTES, {
      error: 'content_base64 is larger than the vault takes (8 MiB decoded)',
    }),
  content_type: z.enum(CUSTOMER_DOCUMENT_CONTENT_TYPES, {
    error: 'content_type must be image/jpeg, image/png or application/pdf',
  }),
  file_name: z
    .string()
    .min(1)
    .max(128, { error: 'file_name is at most 128 characters' })
    .optional(),
})
/**
 * Body of `POST /partner/customers/{customer_id}/documents`: one file as JSON with base64 content
 * (the OpenAPI's only form; there is no multipart upload). The type of what
 * `uploadCustomerDocumentRequest` accepts.
 */
export type UploadCustomerDocumentRequest = z.input<typeof uploadCustomerDocumentRequest>

/** Body of `POST /partner/customers/{customer_id}/revoke`: an optional audit-only `reason`. */
export const revokeCustomerRequest = serviceRequest({
  reason: z.string().max(512, { error: 'reason is at most 512 characters' }).optional(),
})
/**
 * Body of `POST /partner/customers/{customer_id}/revoke`: an optional audit-only `reason`. The type
 * of what `revokeCustomerRequest` accepts.
 */
export type RevokeCustomerRequest = z.input<typeof revokeCustomerRequest>

// ------------------------------------------------------------------------------------------
// Answers

/** An uploaded document's metadata (`pdoc_…`); the vault never returns the bytes. */
export const customerDocument = z.looseObject({
  id: z.string(),
  category: z.string(),
  content_type: z.string(),
  created_at: z.string(),
})
/**
 * An uploaded document's metadata (`pdoc_…`); the vault never returns the bytes. The type of what
 * `customerDocument` parses to.
 */
export type CustomerDocument = z.infer<typeof customerDocument>

/**
 * The profile as the vault returns it: whatever was collected (identity data included, so keep
 * it out of logs). Typed for the common fields; every field is optional and others pass.
 */
export const customerProfile = z.looseObject({
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  legal_name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  country_of_residence: z.string().nullable().optional(),
  country_of_incorporation: z.string().nullable().optional(),
})
/**
 * The profile as the vault returns it: whatever was collected (identity data included, so keep it
 * out of logs). The type of what `customerProfile` parses to.
 */
export type CustomerProfile = z.infer<typeof customerProfile>

/** The products of a case; `deposit_account.status` is the banking gate. */
export const customerProducts = z.looseObject({
  deposit_account: z.looseObject({ status: depositAccountStatus }).optional(),
})
/**
 * The products of a case; `deposit_account.status` is the banking gate. The type of what
 * `customerProducts` parses to.
 */
export type CustomerProducts = z.infer<typeof customerProducts>

/**
 * One vault case (`PartnerCustomerVaultRow`): the answer of create, GET, PATCH, submit and
 * deposit-account retry. `id` is the public customer id (`pcus_…`) that quotes take as
 * `customer_id`; `missing` lists what submit still needs while `incomplete`; `review_note` is a
 * partner-safe summary when `rejected`.
 */
export const customer = z.looseObject({
  id: z.string(),
  partner_customer_ref: z.string(),
  type: openEnum(CUSTOMER_TYPES),
  status: customerStatus,
  profile: customerProfile,
  documents: z.array(customerDocument),
  products: customerProducts,
  missing: z.array(z.string()).optional(),
  review_note: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
})
/**
 * One vault case (`PartnerCustomerVaultRow`): the answer of create, GET, PATCH, submit and
 * deposit-account retry. The type of what `customer` parses to.
 */
export type Customer = z.infer<typeof customer>

/**
 * A row of `GET /partner/customers`. A `partner_customer_ref` lookup returns full cases; a plain
 * listing returns what the OpenAPI calls summary rows, so only the ids, type and status are
 * required here and the rest is read when present.
 */
export const customerListItem = customer.partial().required({
  id: true,
  partner_customer_ref: true,
  type: true,
  status: true,
})
/** A row of `GET /partner/customers`. The type of what `customerListItem` parses to. */
export type CustomerListItem = z.infer<typeof customerListItem>

/** The `data` of `GET /partner/customers`. */
export const customerList = z.looseObject({ customers: z.array(customerListItem) })
/** The `data` of `GET /partner/customers`. The type of what `customerList` parses to. */
export type CustomerList = z.infer<typeof customerList>

/** The `data` of a document upload: the document's metadata and the case after it. */
export const customerDocumentUpload = z.looseObject({
  document: customerDocument,
  customer,
})
/**
 * The `data` of a document upload: the document's metadata and the case after it. The type of what
 * `customerDocumentUpload` parses to.
 */
export type CustomerDocumentUpload = z.infer<typeof customerDocumentUpload>

/**
 * The `data` of `POST /partner/customers/{customer_id}/revoke`: not the whole case, only its ids,
 * its status (`suspended`, or `rejected` when it was already) and `updated_at`.
 */
export const revokedCustomer = z.looseObject({
  id: z.string(),
  status: customerStatus,
  partner_customer_ref: z.string(),
  updated_at: z.string(),
})
/**
 * The `data` of `POST /partner/customers/{customer_id}/revoke`: not the whole case, only its ids,
 * its status (`suspended`, or `rejected` when it was already) and `updated_at`. The type of what
 * `revokedCustomer` parses to.
 */
export type RevokedCustomer = z.infer<typeof revokedCustomer>

/** A document the requirements ask for: its `key` is the upload's `category`. */
export const requiredDocument = z.looseObject({
  key: z.string(),
  description: z.string().optional(),
})
/**
 * A document the requirements ask for: its `key` is the upload's `category`. The type of what
 * `requiredDocument` parses to.
 */
export type RequiredDocument = z.infer<typeof requiredDocument>

/** A field required only under a condition (`country_of_residence == NG`...). */
export const conditionalField = z.looseObject({
  field: z.string(),
  when: z.string().optional(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  example: z.unknown().optional(),
})
/**
 * A field required only under a condition (`country_of_residence == NG`...). The type of what
 * `conditionalField` parses to.
 */
export type ConditionalField = z.infer<typeof conditionalField>

/**
 * The `data` of `GET /partner/customers/requirements`: the full package of a customer type.
 * `required_fields` name profile keys; `required_documents[].key` are upload categories.
 */
export const customerRequirements = z.looseObject({
  type: openEnum(CUSTOMER_TYPES),
  required_fields: z.array(z.string()),
  required_documents: z.array(requiredDocument),
  optional_fields: z.array(z.string()),
  conditional_fields: z.array(conditionalField),
  products: z.record(z.string(), z.unknown()),
  notes: z.string(),
})
/**
 * The `data` of `GET /partner/customers/requirements`: the full package of a customer type. The
 * type of what `customerRequirements` parses to.
 */
export type CustomerRequirements = z.infer<typeof customerRequirements>

/**
 * A customer as `customer.*` webhooks carry it (interface description 2.11): `customer_id`
 * (`pcus_…`), the partner's reference, type, status, environment, review times and the
 * deposit-account product; `customer.deposit_account.updated` adds `can_open_deposit_account`.
 * Not the vault row: the id is `customer_id`, and there is no profile.
 */
export const webhookCustomer = z.looseObject({
  customer_id: z.string().min(1),
  partner_customer_ref: z.string().optional(),
  type: z.string().optional(),
  status: customerStatus,
  environment: z.string().optional(),
  submitted_at: z.string().nullable().optional(),
  reviewed_at: z.string().nullable().optional(),
  products: customerProducts.optional(),
  can_open_deposit_account: z.boolean().optional(),
})
/**
 * A customer as `customer.*` webhooks carry it (interface description 2.11). The type of what
 * `webhookCustomer` parses to.
 */
export type WebhookCustomer = z.infer<typeof webhookCustomer>
