/**
 * The KYC packages of the sandbox's customer vault, by customer type: the field and document
 * keys the service publishes for `GET /partner/customers/requirements`, described in the
 * sandbox's own words. `missing[]` and submit are computed from these.
 */

export type CustomerTypeName = 'individual' | 'business'

export type ConditionalRequirement = {
  field: string
  /** The profile field and value that make it required. */
  when: { field: string; equals: string }
  description: string
  example: string
}

export type Requirements = {
  required_fields: readonly string[]
  required_documents: readonly { key: string; description: string }[]
  optional_fields: readonly string[]
  conditional_fields: readonly ConditionalRequirement[]
  /** Sub-fields an address must have, by address field. */
  address_fields: Readonly<Record<string, readonly string[]>>
  notes: string
  deposit_account_notes: string
}

export const REQUIREMENTS: Record<CustomerTypeName, Requirements> = {
  individual: {
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
      { key: 'identity', description: 'Photo ID issued by a government' },
      { key: 'address', description: 'Proof of address, at most three months old' },
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
        when: { field: 'country_of_residence', equals: 'NG' },
        description: 'Residents of Nigeria: the type of their bank verification number, bvn',
        example: 'bvn',
      },
      {
        field: 'additional_id_number',
        when: { field: 'country_of_residence', equals: 'NG' },
        description: 'Residents of Nigeria: their 11-digit bank verification number',
        example: '12345678901',
      },
    ],
    address_fields: { address: ['line1', 'city', 'country'] },
    notes:
      'Sandbox vault: submit needs every required field and document. The address needs line1, city and country.',
    deposit_account_notes:
      'Once approved the deposit-account product is provisioned; at ready, open accounts yourself (none open on their own).',
  },
  business: {
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
    ],
    required_documents: [
      { key: 'certificate_of_incorporation', description: 'Certificate of registration' },
      { key: 'memorandum_of_association', description: 'Memorandum or articles' },
      { key: 'proof_of_address', description: 'The business address, at most three months old' },
      { key: 'identity', description: 'Photo ID of an officer' },
      { key: 'address', description: 'Proof of address of an officer' },
    ],
    optional_fields: ['liveness_check_id', 'sales_channel', 'operating_address'],
    conditional_fields: [
      {
        field: 'tax_id',
        when: { field: 'country_of_incorporation', equals: 'US' },
        description: 'Businesses incorporated in the US: their 9-digit EIN',
        example: '123456789',
      },
    ],
    address_fields: { registered_address: ['line_1', 'city', 'country'] },
    notes:
      'Sandbox vault: submit needs every required field, at least one officer and every document; US businesses add tax_id.',
    deposit_account_notes:
      'Once approved the deposit-account product is provisioned; at ready, open accounts yourself (none open on their own).',
  },
}
