/**
 * Test support for the customer vault: a complete individual package, a small PDF, and the
 * steps that take a customer from create to submitted through any way of calling the sandbox
 * (`app.request()`, fetch). Not part of the package's API.
 */

/** A complete individual profile (every required field, resident in Kenya). */
export const PERSON = {
  first_name: 'Amina',
  last_name: 'Odhiambo',
  email: 'amina@example.com',
  date_of_birth: '1990-04-12',
  country_of_residence: 'KE',
  phone: '+254712345678',
  gender: 'f',
  id_number: 'A7654321',
  id_type: 'passport',
  address: { line1: '4 Kenyatta Avenue', city: 'Nairobi', country: 'KE' },
} as const

/** A tiny PDF, base64. */
export const PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
).toString('base64')

/** One request, as each test harness makes it; the body's `data` is read loosely. */
export type VaultCall = (
  path: string,
  init?: { method?: string; body?: unknown; key?: string | null },
) => Promise<{
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  body: any
}>

const BASE = '/api/v1/partner/customers'

/** Uploads the identity and address documents of an individual. */
export async function uploadDocuments(call: VaultCall, id: string, key?: string) {
  for (const category of ['identity', 'address']) {
    const { status } = await call(`${BASE}/${id}/documents`, {
      method: 'POST',
      key,
      body: { category, content_type: 'application/pdf', content_base64: PDF_BASE64 },
    })
    if (status !== 201) throw new Error(`document ${category}: HTTP ${status}`)
  }
}

/**
 * Creates an individual with a complete package (profile fields overridable), uploads both
 * documents and submits it: the case is `pending_review` and `customer.submitted` is sent.
 * Returns its id.
 */
export async function submittedCustomer(
  call: VaultCall,
  ref: string,
  options: { profile?: Record<string, unknown>; key?: string } = {},
): Promise<string> {
  const created = await call(BASE, {
    method: 'POST',
    key: options.key,
    body: {
      partner_customer_ref: ref,
      type: 'individual',
      profile: { ...PERSON, ...options.profile },
    },
  })
  if (created.status !== 201) throw new Error(`create: HTTP ${created.status}`)
  const id = created.body.data.id as string
  await uploadDocuments(call, id, options.key)
  const submitted = await call(`${BASE}/${id}/submit`, { method: 'POST', key: options.key })
  if (submitted.status !== 200) throw new Error(`submit: HTTP ${submitted.status}`)
  return id
}

/** Opens an account rail of a ready customer and returns the account as answered. */
export async function openAccount(
  call: VaultCall,
  id: string,
  body: Record<string, unknown>,
  key?: string,
) {
  const opened = await call(`${BASE}/${id}/accounts`, { method: 'POST', key, body })
  if (opened.status !== 201 && opened.status !== 200) {
    throw new Error(`open account: HTTP ${opened.status} ${JSON.stringify(opened.body)}`)
  }
  return opened.body.data as { id: number; asset_type: string; currency: string }
}
