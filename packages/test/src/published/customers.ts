/**
 * The customer vault's answers, shaped as the service's published examples shape them (its
 * OpenAPI document's `PartnerCustomer*` examples, the customers guides, the error guide), with
 * rampkit's own values. Test-only: contract tests replay them from a local HTTP server, so core
 * is pinned to the published field names and nesting, not to a guess.
 */

export const CUSTOMER_ID = 'pcus_7f3a9c2e41d8'
export const PARTNER_REF = 'shop-user-0042'

/** A minimal PDF of our own (`%PDF-1.4` ... `%%EOF`), as bytes and as base64. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
)
export const PDF_BASE64 =
  'JVBERi0xLjQKMSAwIG9iaiA8PC9UeXBlIC9DYXRhbG9nPj4gZW5kb2JqCnRyYWlsZXIgPDwvUm9vdCAxIDAgUj4+CiUlRU9GCg=='

/** `GET /partner/customers/requirements?type=individual`. */
export const individualRequirements = {
  type: 'individual',
  required_fields: [
    'first_name',
    'last_name',
    'email',
    'date_of_birth',
    'country_of_residence',
    'gender',
    'phone',
    'address',
    'id_number',
    'id_type',
  ],
  required_documents: [
    { key: 'identity', description: 'A government photo ID' },
    { key: 'address', description: 'A recent proof of address' },
  ],
  optional_fields: [
    'middle_name',
    'liveness_check_id',
    'proof_of_address_type',
    'additional_id_number',
    'additional_id_type',
  ],
  conditional_fields: [
    {
      field: 'additional_id_type',
      when: 'country_of_residence == NG',
      required: true,
      description: 'BVN for Nigerian residents',
      example: 'bvn',
    },
    {
      field: 'additional_id_number',
      when: 'country_of_residence == NG',
      required: true,
      description: 'The 11-digit BVN',
      example: '22334455667',
    },
  ],
  products: { deposit_account: { notes: 'Accounts open only once deposit_account is ready.' } },
  notes: 'Send the whole package before submit.',
}

/** `GET /partner/customers/requirements?type=business&country=US`. */
export const businessRequirementsUs = {
  type: 'business',
  required_fields: [
    'legal_name',
    'email',
    'phone',
    'website',
    'business_type',
    'country_of_incorporation',
    'registered_address',
    'industry',
    'registration_number',
    'description',
    'incorporation_meta',
    'monthly_payments_count',
    'monthly_transaction_value',
    'max_transfer_amount',
    'annual_turnover',
    'customer_types',
    'funding_source',
    'officers',
    'tax_id',
  ],
  required_documents: [
    { key: 'certificate_of_incorporation', description: 'Registration certificate' },
    { key: 'memorandum_of_association', description: 'Articles of association' },
    { key: 'proof_of_address', description: 'Business proof of address' },
    { key: 'identity', description: 'An officer photo ID' },
    { key: 'address', description: 'An officer proof of address' },
  ],
  optional_fields: ['liveness_check_id', 'sales_channel', 'operating_address'],
  conditional_fields: [
    {
      field: 'tax_id',
      when: 'country_of_incorporation == US',
      required: true,
      description: 'EIN, 9 digits',
      example: '987654321',
    },
  ],
  products: { deposit_account: { notes: 'Open accounts once approved and ready.' } },
  notes: 'US businesses include tax_id.',
}

/** A create body of an individual, every field the requirements list. */
export const individualProfileBody = {
  first_name: 'Wanjiku',
  last_name: 'Mwangi',
  email: 'wanjiku@example.com',
  date_of_birth: '1992-03-08',
  country_of_residence: 'KE',
  phone: '+254712345678',
  gender: 'f',
  id_number: 'K9087654',
  id_type: 'national_id',
  address: { line1: '12 Moi Avenue', city: 'Nairobi', country: 'KE', postal_code: '00100' },
}

/**
 * A Nigerian resident's create body: the individual's fields plus the requirements' conditional
 * `additional_id_type: 'bvn'` and the 11-digit BVN.
 */
export const nigerianProfileBody = {
  first_name: 'Chinedu',
  last_name: 'Okafor',
  email: 'chinedu@example.com',
  date_of_birth: '1988-11-02',
  country_of_residence: 'NG',
  phone: '+2348031234567',
  gender: 'm',
  id_number: 'A07712345',
  id_type: 'passport',
  additional_id_type: 'bvn',
  additional_id_number: '22187654321',
  address: { line1: '5 Marina Road', city: 'Lagos', country: 'NG' },
}

/** A create body of a US business (officers, money figures as numbers, `line_1` addresses). */
export const businessProfileBody = {
  legal_name: 'Kilima Trading LLC',
  email: 'ops@kilima.example',
  phone: '+14155550123',
  website: 'https://kilima.example',
  business_type: 'llc',
  country_of_incorporation: 'US',
  tax_id: '987654321',
  registration_number: 'DE-778812',
  industry: 'retail',
  description: 'Imports and sells coffee equipment',
  registered_address: {
    line_1: '40 Harbor Road',
    city: 'Wilmington',
    state: 'DE',
    country: 'US',
    postal_code: '19801',
  },
  incorporation_meta: { year: 2019 },
  monthly_payments_count: 40,
  monthly_transaction_value: 120000,
  max_transfer_amount: 25000,
  annual_turnover: 1400000,
  customer_types: ['b2c'],
  funding_source: 'revenue',
  officers: [
    { role: 'director', first_name: 'Baraka', last_name: 'Oduya', email: 'b@kilima.example' },
  ],
}

const identityDocument = {
  id: 'pdoc_1c2d3e4f5a6b',
  category: 'identity',
  content_type: 'application/pdf',
  created_at: '2026-09-03T09:14:00+00:00',
}
const addressDocument = {
  id: 'pdoc_6b5a4f3e2d1c',
  category: 'address',
  content_type: 'image/png',
  created_at: '2026-09-03T09:15:00+00:00',
}

const profileWithoutId = {
  first_name: 'Wanjiku',
  last_name: 'Mwangi',
  email: 'wanjiku@example.com',
  date_of_birth: '1992-03-08',
  country_of_residence: 'KE',
  phone: '+254712345678',
  gender: 'f',
  address: { line1: '12 Moi Avenue', city: 'Nairobi', country: 'KE', postal_code: '00100' },
}

/** The create answer (201): `incomplete`, no documents, what submit still needs. */
export const incompleteCustomer = {
  id: CUSTOMER_ID,
  partner_customer_ref: PARTNER_REF,
  type: 'individual',
  status: 'incomplete',
  profile: profileWithoutId,
  documents: [],
  products: { deposit_account: { status: 'none' } },
  missing: ['profile.id_number', 'profile.id_type', 'document.identity', 'document.address'],
  created_at: '2026-09-03T09:10:00+00:00',
  updated_at: '2026-09-03T09:10:00+00:00',
  submitted_at: null,
}

/** The upload answer (201): the document's metadata and the case after it. */
export const documentUpload = {
  document: identityDocument,
  customer: {
    ...incompleteCustomer,
    documents: [identityDocument],
    missing: ['profile.id_number', 'profile.id_type', 'document.address'],
  },
}

const fullProfile = { ...profileWithoutId, id_type: 'national_id', id_number: 'K9087654' }

/** The submit answer: `pending_review`, `submitted_at` set, no `missing`. */
export const pendingReviewCustomer = {
  id: CUSTOMER_ID,
  partner_customer_ref: PARTNER_REF,
  type: 'individual',
  status: 'pending_review',
  profile: fullProfile,
  documents: [identityDocument, addressDocument],
  products: { deposit_account: { status: 'none' } },
  created_at: '2026-09-03T09:10:00+00:00',
  updated_at: '2026-09-03T09:16:00+00:00',
  submitted_at: '2026-09-03T09:16:00+00:00',
}

/** The GET answer once approved, the deposit-account product `ready`. */
export const approvedCustomer = {
  ...pendingReviewCustomer,
  status: 'approved',
  products: { deposit_account: { status: 'ready' } },
  updated_at: '2026-09-03T09:20:00+00:00',
}

/** The deposit-account retry answer: approved, product `provisioning` again. */
export const provisioningCustomer = {
  ...approvedCustomer,
  products: { deposit_account: { status: 'provisioning' } },
}

/** The list answer (a `partner_customer_ref` lookup: one full row). */
export const customerList = { customers: [approvedCustomer] }

/** The revoke answer: ids, `suspended`, `updated_at` (the reason is never echoed). */
export const revokedCustomer = {
  id: CUSTOMER_ID,
  status: 'suspended',
  partner_customer_ref: PARTNER_REF,
  updated_at: '2026-09-30T07:45:00+00:00',
}

/** Submit of an incomplete package: 422 with `data.code` and `data.missing`. */
export const packageIncomplete = {
  status: 'error',
  message: 'Customer package is incomplete',
  data: { code: 'package_incomplete', missing: ['profile.id_number', 'document.identity'] },
}

/** An unknown customer type on requirements: 400 naming `type` and the allowed values. */
export const invalidCustomerType = {
  status: 'error',
  message: 'Invalid customer type',
  data: { field: 'type', allowed: ['business', 'individual'] },
}

/** Revoke during a concurrent change: 409 with the current status. */
export const revokeConflict = {
  status: 'error',
  message: 'Customer cannot be revoked',
  data: { status: 'approved' },
}

/** Deposit-account retry when provisioning did not fail: 409. */
export const retryNotFailed = {
  status: 'error',
  message: 'Deposit account provisioning is not in a failed state',
  data: { deposit_account_status: 'ready' },
}

/** An id of another key, or none: 404 with `data: null`. */
export const customerNotFound = { status: 'error', message: 'Customer not found', data: null }

/** The client calls `submitCustomer` makes (core's `RampClient` has them). */
type VaultClient = {
  createCustomer(body: {
    partner_customer_ref: string
    type: 'individual'
    profile: typeof individualProfileBody
  }): Promise<{ id: string }>
  uploadCustomerDocument(body: {
    customer_id: string
    category: string
    content_type: 'application/pdf'
    content_base64: string
  }): Promise<unknown>
  submitCustomer(body: { customer_id: string }): Promise<unknown>
}

/**
 * A customer through the vault with core's client: the published example's complete profile
 * (fields overridable), both documents, submit (`customer.submitted`). Review follows on the
 * sandbox clock. Returns its id.
 */
export async function submitCustomer(
  client: VaultClient,
  ref: string,
  profile: Record<string, string> = {},
): Promise<string> {
  const created = await client.createCustomer({
    partner_customer_ref: ref,
    type: 'individual',
    profile: { ...individualProfileBody, ...profile },
  })
  for (const category of ['identity', 'address']) {
    await client.uploadCustomerDocument({
      customer_id: created.id,
      category,
      content_type: 'application/pdf' as const,
      content_base64: PDF_BASE64,
    })
  }
  await client.submitCustomer({ customer_id: created.id })
  return created.id
}
