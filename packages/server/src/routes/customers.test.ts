/**
 * The end user's verified customer through the kit, against the real sandbox vault: the keyed
 * ref, the profile and what is still missing, documents checked by their bytes before the
 * service sees them, submit, review by webhook (and by the backup GET when the webhook is
 * missed), the live stream, quotes by `customer_id`, and the user's accounts. Users are named by
 * an `x-user` header through `getEndUser`, so a test knows who owns what.
 */

import { createRampClient } from '@rampkit/core/client'
import {
  KIT_API,
  KIT_ROUTES,
  type KitCustomer,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  type KitHarness,
  kenyanProfile,
  readEvents,
  sandboxForFile,
  seen,
  startKit,
  validQuote,
  waitFor,
} from '../../test/kit.js'

const sandbox = sandboxForFile('customers')

type Envelope<T = unknown> = {
  status: string
  message: string
  data: T
}

/** One signed-in user of the kit: every call carries their `x-user`. */
function userOf(kit: KitHarness, id: string) {
  const headers = (extra: Record<string, string> = {}) => ({ 'x-user': id, ...extra })
  return {
    id,
    get: (path: string) => kit.call(path, { headers: headers() }),
    post: (path: string, body: unknown) =>
      kit.call(path, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json', origin: ALLOWED_ORIGIN }),
        body: JSON.stringify(body),
      }),
    upload: (query: string, bytes: Uint8Array, type: string) =>
      kit.call(`${KIT_ROUTES.customerDocuments}?${query}`, {
        method: 'POST',
        headers: headers({ 'content-type': type, origin: ALLOWED_ORIGIN }),
        body: bytes as BodyInit,
      }),
  }
}
type User = ReturnType<typeof userOf>

async function data<T = KitCustomer>(res: Response): Promise<T> {
  return ((await res.json()) as Envelope<T>).data
}

/** A real file's first bytes and a body. */
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0])

/** An identity number the logs must never hold. */
const ID_NUMBER = 'A99887766'

const profile = (overrides: Record<string, unknown> = {}) =>
  kenyanProfile({ id_number: ID_NUMBER, ...overrides })

/** Saves a full profile and both documents: a package ready to submit. */
async function completePackage(user: User, overrides: Record<string, unknown> = {}) {
  const saved = await user.post(KIT_ROUTES.customer, {
    customer_type: 'individual',
    profile: profile(overrides),
  })
  expect(saved.status).toBe(200)
  expect((await user.upload('category=identity&side=front', JPEG, 'image/jpeg')).status).toBe(201)
  const last = await user.upload('category=address', PDF, 'application/pdf')
  expect(last.status).toBe(201)
  return data(last)
}

/** Moves the sandbox past review and waits until its webhooks have been answered. */
async function review() {
  await sandbox.admin.advance(2_000)
  await sandbox.admin.idle()
}

/** The link's stored status, as the kit keeps it. */
async function storedStatus(kit: KitHarness, user: User) {
  return (await kit.kit.ramp.store.customerLinks!.get(user.id))?.status ?? null
}

const kitOptions = {
  getEndUser: (c: { req: { header(name: string): string | undefined } }) =>
    c.req.header('x-user') ?? null,
} as const

describe('a user with no customer yet', () => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', kitOptions)
  })
  afterAll(() => kit?.close())

  it('reads the whole published package as missing, without creating anything', async () => {
    const user = userOf(kit, 'fresh-reader')
    const res = await user.get(KIT_ROUTES.customer)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const view = await data(res)
    expect(view).toMatchObject({ customer_id: null, status: 'none', customer_type: null })
    expect(view.missing_fields).toEqual(expect.arrayContaining(['first_name', 'id_number']))
    expect(view.missing_documents.map((document) => document.key)).toEqual(['identity', 'address'])
    const nigerian = await data(
      await user.get(`${KIT_ROUTES.customer}?customer_type=individual&country=NG`),
    )
    expect(nigerian.missing_fields).toContain('additional_id_number')
    const business = await data(await user.get(`${KIT_ROUTES.customer}?customer_type=business`))
    expect(business.missing_fields).toContain('legal_name')
    expect(kit.upstreamCount('/api/v1/partner/customers/requirements')).toBeGreaterThan(0)
    expect(kit.upstream.filter((path) => path === '/api/v1/partner/customers')).toEqual([])
  })

  it('cannot upload or submit before saving details (409 customer_not_started)', async () => {
    const user = userOf(kit, 'fresh-writer')
    for (const res of [
      await user.upload('category=identity', PDF, 'application/pdf'),
      await user.post(KIT_ROUTES.submitCustomer, {}),
    ]) {
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({
        status: 'error',
        data: { field: 'customer_type', code: 'customer_not_started' },
      })
    }
  })
})

describe('saving the profile', () => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', kitOptions)
  })
  afterAll(() => kit?.close())

  it('creates one vault customer under a keyed ref, shows no id number, and merges later saves', async () => {
    const user = userOf(kit, 'user-saves-42')
    const first = await user.post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: { first_name: 'Amina', last_name: 'Otieno', id_number: ID_NUMBER },
    })
    expect(first.status).toBe(200)
    const view = await data(first)
    expect(view).toMatchObject({
      customer_type: 'individual',
      status: 'incomplete',
      profile: { first_name: 'Amina', last_name: 'Otieno' },
      rejection_reason: null,
    })
    expect(view.customer_id).toMatch(/^pcus_/)
    expect(JSON.stringify(view)).not.toContain(ID_NUMBER)
    expect(view.missing_fields).not.toContain('first_name')
    expect(view.missing_fields).not.toContain('id_number')
    expect(view.missing_fields).toEqual(expect.arrayContaining(['email', 'address']))

    // The vault knows the user by a keyed hash, never by their id.
    const vault = createRampClient({ apiKey: sandbox.apiKeys[0]!, baseUrl: sandbox.url })
    const stored = await vault.getCustomer({ customer_id: view.customer_id! })
    expect(stored.partner_customer_ref).toMatch(/^rk_[0-9a-f]{64}$/)
    expect(stored.partner_customer_ref).not.toContain('user-saves-42')

    const second = await data(
      await user.post(KIT_ROUTES.customer, {
        customer_type: 'individual',
        profile: { email: 'amina@example.com', address: { line1: '1 Moi Avenue' } },
      }),
    )
    expect(second.customer_id).toBe(view.customer_id)
    expect(second.profile).toMatchObject({ first_name: 'Amina', email: 'amina@example.com' })
    expect(second.missing_fields).toEqual(
      expect.arrayContaining(['address.city', 'address.country']),
    )
    expect(second.missing_fields).not.toContain('email')
    expect(kit.upstream.filter((path) => path === '/api/v1/partner/customers')).toHaveLength(1)
  })

  it('refuses an invalid body on its field (422), before the service', async () => {
    const user = userOf(kit, 'user-invalid')
    const before = kit.upstream.length
    for (const [body, field] of [
      [{ customer_type: 'individual', profile: { email: 'not-an-email' } }, 'profile.email'],
      [{ customer_type: 'individual', profile: { nickname: 'Ami' } }, 'profile.nickname'],
      [
        { customer_type: 'individual', profile: { address: { line1: 'x', unit: 4 } } },
        'profile.address.unit',
      ],
      [{ customer_type: 'business', profile: { first_name: 'Ami' } }, 'profile.first_name'],
      // "United States" typed as UN, and GE kept for "Germany" is Georgia: only ISO countries.
      [
        { customer_type: 'individual', profile: { country_of_residence: 'UN' } },
        'profile.country_of_residence',
      ],
      [
        { customer_type: 'individual', profile: { address: { line1: 'x', country: 'EU' } } },
        'profile.address.country',
      ],
      [{ customer_type: 'person', profile: {} }, 'customer_type'],
      [{ customer_type: 'individual', profile: {}, extra: 1 }, 'extra'],
      [
        {
          customer_type: 'individual',
          profile: {
            country_of_residence: 'NG',
            additional_id_type: 'bvn',
            additional_id_number: '12',
          },
        },
        'profile.additional_id_number',
      ],
    ] as const) {
      const res = await user.post(KIT_ROUTES.customer, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(await res.json()).toMatchObject({ status: 'error', data: { field } })
    }
    expect(kit.upstream.length).toBe(before)
  })

  it('keeps the type the customer was created with', async () => {
    const user = userOf(kit, 'user-type')
    await user.post(KIT_ROUTES.customer, { customer_type: 'individual', profile: {} })
    const res = await user.post(KIT_ROUTES.customer, {
      customer_type: 'business',
      profile: { legal_name: 'Acme Ltd' },
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ data: { field: 'customer_type' } })
  })
})

describe('uploading a document', () => {
  let kit: KitHarness
  let user: User
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', kitOptions)
    user = userOf(kit, 'user-uploads')
    await user.post(KIT_ROUTES.customer, { customer_type: 'individual', profile: profile() })
  })
  afterAll(() => kit?.close())

  it('takes each published type as its raw bytes and lists it on file', async () => {
    const pdf = await user.upload('category=address', PDF, 'application/pdf')
    expect(pdf.status).toBe(201)
    const png = await user.upload('category=identity&side=back', PNG, 'image/png; charset=binary')
    expect(png.status).toBe(201)
    const view = await data(png)
    expect(view.documents.map((document) => [document.category, document.content_type])).toEqual([
      ['address', 'application/pdf'],
      ['identity', 'image/png'],
    ])
    expect(view.missing_documents).toEqual([])
    expect(view.missing_fields).toEqual([])
  })

  it('refuses bytes that are not what their Content-Type says, or no published type, before the service', async () => {
    const before = kit.upstream.length
    for (const [bytes, type, message] of [
      [PDF, 'image/png', /is a application\/pdf, not the image\/png/],
      [PNG, 'image/jpeg', /is a image\/png, not the image\/jpeg/],
      [new TextEncoder().encode('GIF89a....'), 'image/jpeg', /not a image\/jpeg/],
      [PDF.subarray(0, 4), 'application/pdf', /not a application\/pdf/],
      [PDF, 'image/gif', /JPEG, PNG or PDF/],
      [PDF, 'application/json', /JPEG, PNG or PDF/],
    ] as const) {
      const res = await user.upload('category=identity', bytes, type)
      expect(res.status, type).toBe(422)
      const answer = (await res.json()) as Envelope
      expect(answer).toMatchObject({ status: 'error', data: { field: 'content_type' } })
      expect(answer.message).toMatch(message)
    }
    const empty = await user.upload('category=identity', new Uint8Array(), 'image/png')
    expect(await empty.json()).toMatchObject({ data: { field: 'file' } })
    expect(kit.upstream.length).toBe(before)
  })

  it('refuses a query it does not know, and a category the requirements do not list', async () => {
    const before = kit.upstream.length
    for (const [query, field] of [
      ['side=front', 'category'],
      ['category=identity&side=middle', 'side'],
      ['category=../identity', 'category'],
    ] as const) {
      const res = await user.upload(query, PDF, 'application/pdf')
      expect(res.status, query).toBe(422)
      expect(await res.json()).toMatchObject({ data: { field } })
    }
    expect(kit.upstream.length).toBe(before)
    const uploads = kit.upstreamCount('/api/v1/partner/customers/pcus_')
    const unknown = await user.upload('category=selfie', PDF, 'application/pdf')
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({ data: { field: 'category' } })
    expect(kit.upstreamCount('/api/v1/partner/customers/pcus_')).toBe(uploads)
  })

  it('refuses a document over the published 8 MiB with a 413, before reading it all', async () => {
    const before = kit.upstream.length
    const big = new Uint8Array(MAX_CUSTOMER_DOCUMENT_BYTES + 1)
    big.set(PDF)
    const res = await user.upload('category=identity', big, 'application/pdf')
    expect(res.status).toBe(413)
    const answer = (await res.json()) as Envelope
    expect(answer).toMatchObject({ status: 'error', data: { field: 'file' } })
    expect(answer.message).toBe('The document is larger than 8 MiB. Send a smaller photo or scan.')
    expect(kit.upstream.length).toBe(before)
    // Exactly the limit is taken.
    const limit = new Uint8Array(MAX_CUSTOMER_DOCUMENT_BYTES)
    limit.set(PDF)
    const uploads = kit.upstreamCount('/api/v1/partner/customers/pcus_')
    expect((await user.upload('category=identity', limit, 'application/pdf')).status).toBe(201)
    expect(kit.upstreamCount('/api/v1/partner/customers/pcus_')).toBe(uploads + 1)
  })

  it('logs a failed upload or save by its operation, never its bytes or id number', async () => {
    const from = seen.logs.length
    const path = '/api/v1/partner/customers/pcus_'
    sandbox.admin.forceFault({ status: 502, path, method: 'POST', count: 1 })
    const upload = await user.upload('category=identity', PDF, 'application/pdf')
    expect(upload.status).toBe(502)
    // A PATCH is retried (3 attempts): each of them fails.
    sandbox.admin.forceFault({ status: 502, path, method: 'PATCH', count: 3 })
    const save = await user.post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: { id_number: ID_NUMBER },
    })
    expect(save.status).toBe(502)
    const lines = seen.logs.slice(from).join('\n')
    expect(lines).toContain('uploadCustomerDocument')
    expect(lines).toContain('saveCustomer')
    expect(lines).not.toContain(ID_NUMBER)
    expect(lines).not.toContain('%PDF')
    expect(lines).not.toContain(btoa(String.fromCharCode(...PDF)).slice(0, 16))
  })
})

describe('closing the kit', () => {
  it('ends an open customer stream', async () => {
    const harness = await startKit(sandbox, 'http', { ...kitOptions, heartbeatMs: 60_000 })
    try {
      const user = userOf(harness, 'user-closing')
      await completePackage(user)
      const stream = await harness.call(KIT_API.customerEvents.path, {
        headers: { 'x-user': user.id },
      })
      expect(stream.status).toBe(200)
      expect((await readEvents(stream.clone(), (all) => all.length >= 1))[0]?.event).toBe(
        'customer',
      )
      await harness.kit.ramp.close()
      // The reader reaches the stream's end (else this times out).
      await readEvents(stream, () => false, 3000)
    } finally {
      await harness.close()
    }
  })
})

describe('submit, review and the live stream', () => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'http', { ...kitOptions, heartbeatMs: 60_000 })
  })
  afterAll(() => kit?.close())

  it('streams the review: pending_review, then approved by the webhook', async () => {
    const user = userOf(kit, 'user-reviewed')
    const ready = await completePackage(user)
    expect(ready.missing_fields).toEqual([])
    const stream = await kit.call(KIT_API.customerEvents.path, { headers: { 'x-user': user.id } })
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-type')).toBe('text/event-stream')
      const statuses = async (until: string) =>
        (
          await readEvents(stream, (all) =>
            all.some((event) => event.event === 'customer' && event.data.includes(`"${until}"`)),
          )
        )
          .filter((event) => event.event === 'customer')
          .map((event) => (JSON.parse(event.data) as KitCustomer).status)
      expect(await statuses('incomplete')).toEqual(['incomplete'])
      const submitted = await user.post(KIT_ROUTES.submitCustomer, {})
      expect(submitted.status).toBe(200)
      expect(await data(submitted)).toMatchObject({ status: 'pending_review' })
      await sandbox.admin.idle()
      await review()
      const live = await statuses('approved')
      expect(live.at(-1)).toBe('approved')
      expect(live.slice(0, -1).every((status) => status === 'pending_review')).toBe(true)
      expect(await storedStatus(kit, user)).toBe('approved')
    } finally {
      await stream.body?.cancel()
    }
  })

  it('shows a rejection with the review’s reason', async () => {
    const user = userOf(kit, 'user-rejected')
    await completePackage(user, { last_name: 'Rejected' })
    await user.post(KIT_ROUTES.submitCustomer, {})
    await review()
    await waitFor(async () => (await storedStatus(kit, user)) === 'rejected')
    const view = await data(await user.get(KIT_ROUTES.customer))
    expect(view.status).toBe('rejected')
    expect(view.rejection_reason).toMatch(/could not be verified/)
  })

  it('refuses a submit of an incomplete package on its first missing field', async () => {
    const user = userOf(kit, 'user-incomplete')
    await user.post(KIT_ROUTES.customer, {
      customer_type: 'individual',
      profile: { first_name: 'A' },
    })
    const res = await user.post(KIT_ROUTES.submitCustomer, {})
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ data: { field: 'profile.last_name' } })
    const extra = await user.post(KIT_ROUTES.submitCustomer, { now: true })
    expect(await extra.json()).toMatchObject({ data: { field: 'now' } })
  })
})

describe('a missed webhook', () => {
  let kit: KitHarness
  beforeAll(async () => {
    // The sandbox's webhooks go nowhere: only the backup GET can learn of the review.
    kit = await startKit(sandbox, 'app.request', { ...kitOptions, pointWebhooks: false })
    sandbox.admin.setWebhook(sandbox.apiKeys[0]!, { url: null })
  })
  afterAll(() => kit?.close())

  it('is caught up by GET /customer, which stores what the service says', async () => {
    const user = userOf(kit, 'user-missed')
    await completePackage(user)
    await user.post(KIT_ROUTES.submitCustomer, {})
    expect(await storedStatus(kit, user)).toBe('pending_review')
    await review()
    expect(await storedStatus(kit, user)).toBe('pending_review')
    const view = await data(await user.get(KIT_ROUTES.customer))
    expect(view.status).toBe('approved')
    expect(await storedStatus(kit, user)).toBe('approved')
  })
})

/** A fetch that keeps each quote body the kit sends upstream. */
function recordQuotes(bodies: unknown[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname.endsWith('/partner/orders/quote') && typeof init?.body === 'string') {
      bodies.push(JSON.parse(init.body))
    }
    return fetch(input, init)
  }
}

describe('quotes in vault mode', () => {
  let kit: KitHarness
  const bodies: unknown[] = []
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', {
      ...kitOptions,
      pointWebhooks: false,
      customerMode: 'vault',
      fetch: recordQuotes(bodies),
    })
  })
  afterAll(() => kit?.close())

  it('says so in GET /config, so the widget asks for identity before the first quote', async () => {
    const res = await kit.call(KIT_ROUTES.config)
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ customer_mode: 'vault' })
  })

  it('refuses a user without an approved customer (403 customer_not_verified), before the service', async () => {
    const user = userOf(kit, 'user-unverified')
    const res = await user.post(KIT_ROUTES.quotes, validQuote())
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      status: 'error',
      data: { field: 'customer_id', code: 'customer_not_verified' },
    })
    await user.post(KIT_ROUTES.customer, { customer_type: 'individual', profile: {} })
    const incomplete = await user.post(KIT_ROUTES.quotes, validQuote())
    expect(incomplete.status).toBe(403)
    expect(bodies).toEqual([])
  })

  it("quotes an approved user by their customer_id, dropping an inline customer, and still refuses the browser's", async () => {
    const user = userOf(kit, 'user-verified')
    const ready = await completePackage(user)
    await user.post(KIT_ROUTES.submitCustomer, {})
    await review()
    const res = await user.post(KIT_ROUTES.quotes, validQuote())
    expect(res.status).toBe(201)
    expect(bodies.at(-1)).toMatchObject({ customer_id: ready.customer_id })
    expect(bodies.at(-1)).not.toHaveProperty('customer')
    const { customer: _inline, ...noCustomer } = validQuote()
    expect((await user.post(KIT_ROUTES.quotes, noCustomer)).status).toBe(201)
    for (const [body, field] of [
      [validQuote({ customer_id: ready.customer_id }), 'customer_id'],
      [validQuote({ customer: { name: 'Amina Otieno', uid: 'someone' } }), 'customer.uid'],
    ] as const) {
      const refused = await user.post(KIT_ROUTES.quotes, body)
      expect(refused.status).toBe(422)
      expect(await refused.json()).toMatchObject({ data: { field } })
    }
  })
})

describe('quotes in inline mode (a test key’s default)', () => {
  let kit: KitHarness
  const bodies: { customer?: { uid?: string } }[] = []
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request', {
      ...kitOptions,
      pointWebhooks: false,
      fetch: recordQuotes(bodies),
    })
  })
  afterAll(() => kit?.close())

  it('names the inline customer by the user’s keyed ref, the same on every quote', async () => {
    const user = userOf(kit, 'inline-user-7')
    expect((await user.post(KIT_ROUTES.quotes, validQuote())).status).toBe(201)
    expect((await user.post(KIT_ROUTES.quotes, validQuote())).status).toBe(201)
    const other = userOf(kit, 'inline-user-8')
    expect((await other.post(KIT_ROUTES.quotes, validQuote())).status).toBe(201)
    const uids = bodies.map((body) => body.customer?.uid)
    expect(uids[0]).toMatch(/^rk_[0-9a-f]{64}$/)
    expect(uids[1]).toBe(uids[0])
    expect(uids[2]).not.toBe(uids[0])
    expect(uids.join()).not.toContain('inline-user')
  })
})

describe('the user’s accounts', () => {
  let kit: KitHarness
  let alice: User
  let bob: User
  let aliceAccount: number
  beforeAll(async () => {
    kit = await startKit(sandbox, 'http', { ...kitOptions, heartbeatMs: 60_000 })
    alice = userOf(kit, 'alice-accounts')
    bob = userOf(kit, 'bob-accounts')
    for (const user of [alice, bob]) {
      await completePackage(user)
      await user.post(KIT_ROUTES.submitCustomer, {})
    }
    await review()
    // The deposit-account product provisions after approval.
    await sandbox.admin.advance(2_000)
    await sandbox.admin.idle()
    await waitFor(
      async () =>
        (await kit.kit.ramp.store.customerLinks!.get(bob.id))?.depositAccountStatus === 'ready',
    )
  })
  afterAll(() => kit?.close())

  it('answers a user without an approved customer 409 customer_not_verified', async () => {
    const carol = userOf(kit, 'carol-accounts')
    for (const res of [
      await carol.get(KIT_ROUTES.accounts),
      await carol.post(KIT_ROUTES.accounts, { asset_type: 'fiat', currency: 'EUR' }),
      await carol.get('/accounts/1/deposit-instructions'),
    ]) {
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({
        data: { field: 'customer_id', code: 'customer_not_verified' },
      })
    }
  })

  it('opens, lists and describes the user’s own accounts, live on the stream', async () => {
    const stream = await kit.call(KIT_API.customerEvents.path, { headers: { 'x-user': alice.id } })
    try {
      await checkAccounts(stream)
    } finally {
      await stream.body?.cancel()
    }
  })

  async function checkAccounts(stream: Response) {
    const opened = await alice.post(KIT_ROUTES.accounts, { asset_type: 'fiat', currency: 'eur' })
    expect(opened.status).toBe(201)
    const account = await data<{ id: number; currency: string; status: string }>(opened)
    expect(account).toMatchObject({ currency: 'EUR', status: 'pending' })
    aliceAccount = account.id
    const invalid = await alice.post(KIT_ROUTES.accounts, {
      asset_type: 'stablecoin',
      currency: 'USDC',
    })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toMatchObject({ data: { field: 'network' } })

    await sandbox.admin.advance(1_000)
    await sandbox.admin.idle()
    const list = await data<{ id: number; status: string }[]>(await alice.get(KIT_ROUTES.accounts))
    expect(list).toEqual([expect.objectContaining({ id: aliceAccount, status: 'active' })])
    const instructions = await alice.get(`/accounts/${aliceAccount}/deposit-instructions`)
    expect(instructions.status).toBe(200)
    expect(await data(instructions)).toMatchObject({ account_id: aliceAccount, currency: 'EUR' })
    const banks = await alice.get(`/accounts/${aliceAccount}/payout-banks`)
    expect(banks.status).toBe(200)
    expect(await data(banks)).toMatchObject({ account_id: aliceAccount, currency: 'EUR' })

    sandbox.admin.creditAccount(sandbox.apiKeys[0]!, aliceAccount, { amount: '25.00' })
    await sandbox.admin.idle()
    const events = await readEvents(stream, (all) =>
      all.some((event) => event.event === 'account' && event.data.includes('account.credited')),
    )
    const credited = events.find((event) => event.data.includes('account.credited'))!
    expect(JSON.parse(credited.data)).toEqual({
      event: 'account.credited',
      account_id: String(aliceAccount),
    })
  }

  it('never shows one user’s account or customer to another', async () => {
    expect(aliceAccount).toBeGreaterThan(0)
    for (const path of [
      `/accounts/${aliceAccount}/deposit-instructions`,
      `/accounts/${aliceAccount}/payout-banks`,
      '/accounts/not-a-number/payout-banks',
    ]) {
      const res = await bob.get(path)
      expect(res.status, path).toBe(404)
      expect(JSON.stringify(await res.json())).not.toContain('EUR')
    }
    expect(await data(await bob.get(KIT_ROUTES.accounts))).toEqual([])
    const bobView = await data(await bob.get(KIT_ROUTES.customer))
    const aliceView = await data(await alice.get(KIT_ROUTES.customer))
    expect(bobView.customer_id).not.toBe(aliceView.customer_id)
  })
})

describe('identity data', () => {
  it('never reaches a log line nor an answer: no id number, no document bytes', () => {
    const logs = seen.logs.join('\n')
    expect(logs).not.toContain(ID_NUMBER)
    expect(logs).not.toContain('%PDF')
    expect(logs).not.toContain(btoa(String.fromCharCode(...PDF)).slice(0, 16))
    expect(seen.bodies.join('\n')).not.toContain(ID_NUMBER)
  })
})
