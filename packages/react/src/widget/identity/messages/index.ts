import { localeCatalog } from '../../../messages/index.js'

/**
 * Messages of the identity step. English comes with the step (its own lazy chunk); each other
 * locale is a chunk of its own, loaded with the step only for the page's locale, so neither the
 * checkout's first screen nor a page in one language carries the other languages. Every locale
 * has exactly the English keys (a test checks it); `{name}` placeholders are filled by
 * `formatMessage`.
 */
export const en = {
  'identity.intro':
    'Before your first order the ramp verifies who you are, once. It takes a few minutes.',
  'identity.intro.business':
    'Before its first order the ramp verifies your business, once. It takes a few minutes.',
  'identity.field.first_name': 'First name',
  'identity.field.last_name': 'Last name',
  'identity.field.email': 'Email',
  'identity.field.phone': 'Phone number',
  'identity.field.date_of_birth': 'Date of birth',
  'identity.field.gender': 'Gender',
  'identity.gender.f': 'Female',
  'identity.gender.m': 'Male',
  'identity.gender.x': 'Other',
  'identity.field.country_of_residence': 'Country where you live',
  'identity.field.address.line1': 'Street address',
  'identity.field.address.city': 'City',
  'identity.field.address.postal_code': 'Postal code',
  'identity.field.address.country': 'Country of this address',
  'identity.field.id_type': 'Identity document',
  'identity.idType.passport': 'Passport',
  'identity.idType.national_id': 'National ID card',
  'identity.idType.drivers_license': 'Driving licence',
  'identity.field.id_number': 'Document number',
  'identity.field.additional_id_number': 'BVN (11 digits)',
  'identity.field.legal_name': 'Business name',
  'identity.field.registration_number': 'Registration number',
  'identity.field.website': 'Website',
  'identity.field.tax_id': 'Tax ID (EIN)',
  'identity.field.country_of_incorporation': 'Country of registration',
  'identity.field.registered_address.line_1': 'Registered address',
  'identity.field.registered_address.city': 'City',
  'identity.field.registered_address.country': 'Country of the registered address',
  'identity.field.business_type': 'Type of business',
  'identity.field.industry': 'Industry',
  'identity.field.description': 'What the business does',
  'identity.phone.hint': 'For example {example}',
  'identity.choose': 'Choose…',
  'identity.documents': 'Documents',
  'identity.document.identity': 'Photo ID: passport, ID card or driving licence',
  'identity.document.address': 'Proof of address, at most three months old',
  'identity.document.hint': 'A photo or a scan: JPEG, PNG or PDF, up to 8 MB.',
  'identity.document.tooBig': 'This file is {size}; the limit is 8 MB.',
  'identity.document.badType': 'This file is not a JPEG, PNG or PDF.',
  'identity.document.required': 'Add this document.',
  'identity.document.drop': 'Drop a file here, or choose one',
  'identity.document.camera': 'Take a photo',
  'identity.document.preview': 'Preview of {name}',
  'identity.document.progress': 'Uploading {name}',
  'identity.document.uploaded': 'Uploaded',
  'identity.submit': 'Send for review',
  'identity.unsupported':
    'The ramp also needs {fields}, which this checkout cannot collect. Contact support to finish.',
  'identity.review.title': 'We are checking your details',
  'identity.review.text':
    'This usually takes a minute or two. Keep this page open: your order continues by itself once you are verified.',
  'identity.rejected.title': 'We could not verify your identity',
  'identity.rejected.reason': 'Reason given: {reason}',
  'identity.rejected.text':
    'You cannot buy or sell with this account for now. {support} and quote the reason above.',
  'identity.suspended.title': 'This account is suspended',
  'identity.suspended.text': 'Orders are not available for this account. {support}.',
  'identity.support': 'Contact support',
  'validation.email': 'Enter an email address, like name@example.com.',
  'validation.e164': 'Enter a valid phone number, like {example}.',
  'validation.country': 'Choose a country from the list.',
  'validation.phoneIntl': 'Enter the number with its country code, starting with +.',
  'validation.date': 'Enter a date.',
} as const

/** Every identity message, as a string: what each other language's file fills in. */
export type IdentityMessages = { [key in keyof typeof en]: string }
export type IdentityMessageKey = keyof IdentityMessages

// A language whose chunk fails to load reads as English, as the checkout's own messages do: the
// step waits on the promise (React's `use`), which must settle once and stay the same.
const english = () => en
const identity = localeCatalog<IdentityMessages>(en, {
  fr: () => import('./fr.js').then((module) => module.fr, english),
  sw: () => import('./sw.js').then((module) => module.sw, english),
  pt: () => import('./pt.js').then((module) => module.pt, english),
})

/** The identity messages of a locale if already loaded (English always is), else `undefined`. */
export function identityMessagesFor(locale: string | undefined): IdentityMessages | undefined {
  return identity.get(locale)
}

/**
 * Loads the identity messages of a locale (one chunk per language); the same promise for every
 * caller, so React's `use` can wait on it. A locale outside the list resolves to English.
 *
 * @example
 * const fr = await loadIdentityMessages('fr-CA')
 */
export function loadIdentityMessages(locale: string | undefined): Promise<IdentityMessages> {
  return identity.load(locale)
}
