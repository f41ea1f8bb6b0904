import type { CheckoutState } from '@rampkit/core/checkout'
import type { KitCustomer, KitCustomerType } from '@rampkit/core/kit'
import { type IdentityCheck, validateCustomerName } from '@rampkit/core/validation'
import type { RampCheckoutProps } from '../context.js'
import type { IdentityMessageKey } from './messages/index.js'

/*
 * Which profile fields the identity step asks for, and which it already knows. Fields are named
 * as the kit's `missing_fields` names them: a profile key, or `address.line1` for a part of an
 * address. What the checkout or the partner already gave is never asked again.
 */

/** How a field is typed in: its input, and the check of core's its value passes. */
export type FieldSpec = {
  input: 'text' | 'email' | 'tel' | 'date' | 'country' | 'select'
  options?: readonly { value: string; label: IdentityMessageKey }[]
  autoComplete?: string
  check?: IdentityCheck
}

const COUNTRY: FieldSpec = { input: 'country', check: 'country', autoComplete: 'country' }

/** The fields the step can ask for, in the order it lays them out. */
export const FIELD_SPECS: Record<string, FieldSpec> = {
  first_name: { input: 'text', autoComplete: 'given-name' },
  last_name: { input: 'text', autoComplete: 'family-name' },
  legal_name: { input: 'text', autoComplete: 'organization' },
  registration_number: { input: 'text', autoComplete: 'off' },
  email: { input: 'email', autoComplete: 'email', check: 'email' },
  // Before the phone: the phone is checked as a number of this country, with its example.
  country_of_residence: COUNTRY,
  phone: { input: 'tel', autoComplete: 'tel', check: 'phone' },
  date_of_birth: { input: 'date', autoComplete: 'bday', check: 'date' },
  gender: {
    input: 'select',
    options: [
      { value: 'f', label: 'identity.gender.f' },
      { value: 'm', label: 'identity.gender.m' },
      { value: 'x', label: 'identity.gender.x' },
    ],
  },
  'address.line1': { input: 'text', autoComplete: 'address-line1' },
  'address.city': { input: 'text', autoComplete: 'address-level2' },
  'address.postal_code': { input: 'text', autoComplete: 'postal-code' },
  'address.country': COUNTRY,
  id_type: {
    input: 'select',
    options: [
      { value: 'passport', label: 'identity.idType.passport' },
      { value: 'national_id', label: 'identity.idType.national_id' },
      { value: 'drivers_license', label: 'identity.idType.drivers_license' },
    ],
  },
  id_number: { input: 'text', autoComplete: 'off' },
  additional_id_number: { input: 'text', autoComplete: 'off', check: 'bvn' },
  website: { input: 'text', autoComplete: 'url' },
  tax_id: { input: 'text', autoComplete: 'off' },
  country_of_incorporation: COUNTRY,
  'registered_address.line_1': { input: 'text', autoComplete: 'address-line1' },
  'registered_address.city': { input: 'text', autoComplete: 'address-level2' },
  'registered_address.country': COUNTRY,
  business_type: { input: 'text' },
  industry: { input: 'text' },
  description: { input: 'text' },
}

/** The label of a field: its own message. */
export function fieldLabel(field: string): IdentityMessageKey {
  return `identity.field.${field}` as IdentityMessageKey
}

/**
 * The country an address follows until the shopper picks its own: the country of residence for
 * a person's address, the country of registration for a business's.
 */
export const ADDRESS_COUNTRY_OF: Record<string, string> = {
  country_of_residence: 'address.country',
  country_of_incorporation: 'registered_address.country',
}

/**
 * The country whose phone numbers the identity step takes: the country of residence picked in
 * the form, else the one on file or given, else the corridor's.
 */
export function phoneCountryOf(
  picked: unknown,
  known: Record<string, string>,
  corridorCountry: string | undefined,
): string | undefined {
  if (typeof picked === 'string' && picked !== '') return picked
  return known.country_of_residence ?? known.country_of_incorporation ?? corridorCountry
}

/** A whole address the kit lists as missing is asked for part by part. */
const ADDRESS_PARTS: Record<string, string[]> = {
  address: ['address.line1', 'address.city', 'address.country'],
  registered_address: [
    'registered_address.line_1',
    'registered_address.city',
    'registered_address.country',
  ],
}

/**
 * The fields and documents the customer still needs, as the kit lists them (for a user without
 * a customer yet, the whole package of the type and country GET /customer was asked for).
 */
export function requiredOf(customer: KitCustomer) {
  const fields = customer.missing_fields.flatMap((field) => ADDRESS_PARTS[field] ?? [field])
  const documents = customer.missing_documents
  // Laid out in the order of FIELD_SPECS (the document type before its number), whatever the
  // kit's order; fields without an input here keep theirs, after.
  const order = Object.keys(FIELD_SPECS)
  const rank = (field: string) => {
    const index = order.indexOf(field)
    return index === -1 ? order.length : index
  }
  return { fields: [...new Set(fields)].sort((a, b) => rank(a) - rank(b)), documents }
}

/** mm/dd/yyyy (the checkout's date of birth) as the vault's yyyy-mm-dd. */
function isoDob(dob: string | undefined): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob?.trim() ?? '')
  return match ? `${match[3]}-${match[1]}-${match[2]}` : undefined
}

/** A nested profile (the partner's `customerProfile`) as field paths. */
function flatten(profile: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(profile)) {
    if (typeof value === 'string' || typeof value === 'number')
      out[`${prefix}${key}`] = String(value)
    else if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${key}.`))
  }
  return out
}

/**
 * What the checkout already knows of the customer, by field path: the details step's answers
 * (name, date of birth, phone, BVN), the corridor's country, the partner's props (`customer`,
 * `customerProfile`) and the profile on file. These are sent, never asked again.
 */
export function knownFields(
  state: Pick<CheckoutState, 'details' | 'corridor'>,
  props: Pick<RampCheckoutProps, 'customer' | 'customerProfile'>,
  customer: KitCustomer,
  type: KitCustomerType,
): Record<string, string> {
  const known: Record<string, string> = {}
  const put = (field: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '' && known[field] === undefined)
      known[field] = value.trim()
  }
  const details = state.details
  const country = state.corridor?.country ?? undefined
  if (type === 'individual') {
    // Split as the service reads it: "Amina Wanjiru Otieno" is Amina Wanjiru, Otieno.
    const name = validateCustomerName(details?.name ?? props.customer?.name)
    if (name.ok) {
      put('first_name', name.value.first)
      put('last_name', name.value.last)
    }
    put('date_of_birth', isoDob(details?.dob ?? props.customer?.dob))
    put('country_of_residence', country)
    put('address.country', country)
    if (details?.bvn) {
      put('additional_id_type', 'bvn')
      put('additional_id_number', details.bvn)
    }
  } else {
    put('country_of_incorporation', country)
    put('registered_address.country', country)
  }
  put('phone', details?.phone ?? props.customer?.phone?.replace(/[\s()-]/g, ''))
  put('email', props.customer?.email)
  for (const [field, value] of Object.entries(flatten(props.customerProfile ?? {})))
    put(field, value)
  for (const [field, value] of Object.entries(flatten(customer.profile))) put(field, value)
  return known
}

/** Field paths and their values as the nested profile the kit takes. */
export function toProfile(values: Record<string, string>): Record<string, unknown> {
  const profile: Record<string, unknown> = {}
  for (const [path, value] of Object.entries(values)) {
    const [head, part] = path.split('.') as [string, string | undefined]
    if (part === undefined) profile[head] = value
    else profile[head] = { ...(profile[head] as object | undefined), [part]: value }
  }
  return profile
}
