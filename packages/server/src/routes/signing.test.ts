import type { Quote, SigningKey, SigningKeyChallenge, SigningKeys } from '@rampkit/core'
import { createRampClient } from '@rampkit/core/client'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  type KitHarness,
  proveWallet,
  sandboxForFile,
  startKit,
  submitCustomer,
  validQuote,
  validSale,
} from '../../test/kit.js'

/**
 * Signed accepts through the kit (`signedAccepts`) against the real sandbox with signed accepts
 * on: enrollment of the user's wallet for their linked vault customer, and accepts that carry
 * the wallet's signature of the quote's typed data. Wallets are real viem accounts.
 */
const sandbox = sandboxForFile('signing', { signedAccepts: true })

type Body<T> = { status: string; message: string; data: T }
type SignArgs = Parameters<PrivateKeyAccount['signTypedData']>[0]

let kit: KitHarness

beforeAll(async () => {
  kit = await startKit(sandbox, 'app.request', {
    signedAccepts: true,
    // The partner's sign-in: the user is who this header names.
    getEndUser: (c) => c.req.header('x-user') ?? null,
  })
})
afterAll(() => kit?.close())

/** A signed-in user's browser: the partner's sign-in header on every request. */
function userBrowser(user: string): Browser {
  const inner = browser(kit)
  return {
    ...inner,
    get: (path, init = {}) =>
      inner.get(path, { ...init, headers: { ...(init.headers ?? {}), 'x-user': user } }),
    post: (path, body, headers = {}) => inner.post(path, body, { ...headers, 'x-user': user }),
  }
}

/**
 * An approved vault customer for `user`, linked in the kit's store the way the kit links one
 * (claim, create, attach). Returns its id.
 */
async function linkApprovedCustomer(user: string): Promise<string> {
  const customerId = await submitCustomer(kit.kit.ramp.client, `signing-${user}`)
  await sandbox.admin.advance(4_000)
  const links = kit.kit.ramp.store.customerLinks!
  const now = new Date()
  await links.claim({
    owner: user,
    ref: `ref-${user}`,
    customerType: 'individual',
    now,
    leaseMs: 10_000,
  })
  await links.attach({
    owner: user,
    customerId,
    status: 'approved',
    depositAccountStatus: null,
    now,
  })
  return customerId
}

/** Enrolls `wallet` for the user through the kit: challenge, sign as returned, complete. */
async function enroll(user: Browser, wallet: PrivateKeyAccount) {
  const started = await user.post(KIT_ROUTES.signingKeyChallenge, { address: wallet.address })
  expect(started.status).toBe(201)
  const challenge = (await user.json<Body<SigningKeyChallenge>>(started)).data
  const signature = await wallet.signTypedData(challenge.typed_data as unknown as SignArgs)
  const done = await user.post(KIT_ROUTES.completeSigningKey, {
    key_id: challenge.key_id,
    signature,
  })
  return { challenge, res: done }
}

describe('signed accepts in the kit', () => {
  it('tells the widget in GET /config', async () => {
    const res = await kit.call(KIT_ROUTES.config)
    expect((await res.json()).data).toMatchObject({ signed_accepts: true })
  })

  it('enrolls the user’s wallet for their customer, and lists only their keys', async () => {
    const amina = userBrowser('amina')
    const wallet = privateKeyToAccount(generatePrivateKey())
    // No verified customer yet: nothing to enroll for.
    const early = await amina.post(KIT_ROUTES.signingKeyChallenge, { address: wallet.address })
    expect(early.status).toBe(409)
    expect((await amina.json(early)).data).toMatchObject({
      field: 'customer_id',
      code: 'customer_required',
    })
    expect(
      (await amina.json<Body<SigningKeys>>(await amina.get(KIT_ROUTES.signingKeys))).data,
    ).toEqual({ keys: [] })

    await linkApprovedCustomer('amina')
    const bad = await amina.post(KIT_ROUTES.signingKeyChallenge, { address: 'GABC' })
    expect(bad.status).toBe(422)
    expect((await amina.json(bad)).data).toEqual({ field: 'address' })

    const { challenge, res } = await enroll(amina, wallet)
    expect(challenge.typed_data.primaryType).toBe('RegisterSigningKey')
    expect(res.status).toBe(200)
    const key = (await amina.json<Body<SigningKey>>(res)).data
    expect(key).toMatchObject({ key_id: challenge.key_id, status: 'active', next_nonce: 1 })
    const listed = (await amina.json<Body<SigningKeys>>(await amina.get(KIT_ROUTES.signingKeys)))
      .data
    expect(listed.keys.map((k) => [k.key_id, k.status])).toEqual([[key.key_id, 'active']])

    // Another user sees none of it and cannot complete Amina's challenge.
    const mallory = userBrowser('mallory')
    expect(
      (await mallory.json<Body<SigningKeys>>(await mallory.get(KIT_ROUTES.signingKeys))).data,
    ).toEqual({ keys: [] })
    const second = await amina.post(KIT_ROUTES.signingKeyChallenge, { address: wallet.address })
    const pending = (await amina.json<Body<SigningKeyChallenge>>(second)).data
    const stolen = await mallory.post(KIT_ROUTES.completeSigningKey, {
      key_id: pending.key_id,
      signature: await wallet.signTypedData(pending.typed_data as unknown as SignArgs),
    })
    expect(stolen.status).toBe(422)
    expect((await mallory.json(stolen)).data).toMatchObject({ field: 'key_id' })
  })

  it('passes the service’s refusal of another wallet’s signature on its field', async () => {
    const bob = userBrowser('bob')
    await linkApprovedCustomer('bob')
    const wallet = privateKeyToAccount(generatePrivateKey())
    const started = await bob.post(KIT_ROUTES.signingKeyChallenge, { address: wallet.address })
    const challenge = (await bob.json<Body<SigningKeyChallenge>>(started)).data
    const stranger = privateKeyToAccount(generatePrivateKey())
    const res = await bob.post(KIT_ROUTES.completeSigningKey, {
      key_id: challenge.key_id,
      signature: await stranger.signTypedData(challenge.typed_data as unknown as SignArgs),
    })
    expect(res.status).toBe(422)
    expect((await bob.json(res)).data).toMatchObject({ field: 'signature' })
  })
})

describe('signed accepts of quotes through the kit', () => {
  const accepts = () => kit.upstream.filter((path) => path.endsWith('/accept')).length

  it('quotes the linked customer, passes the typed data unchanged, and accepts only signed', async () => {
    const carol = userBrowser('carol')
    const sale = validSale(privateKeyToAccount(generatePrivateKey()).address)
    // Without a verified customer there is nothing to quote by.
    const early = await carol.post(KIT_ROUTES.quotes, sale)
    expect(early.status).toBe(403)
    expect((await carol.json(early)).data).toMatchObject({ code: 'customer_not_verified' })

    const customerId = await linkApprovedCustomer('carol')
    const privateKey = generatePrivateKey()
    const wallet = privateKeyToAccount(privateKey)
    expect((await enroll(carol, wallet)).res.status).toBe(200)
    // Selling also needs the wallet check of the refund address, as without signed accepts.
    expect((await proveWallet(carol, privateKey)).status).toBe(201)
    const res = await carol.post(KIT_ROUTES.quotes, validSale(wallet.address))
    expect(res.status).toBe(201)
    const quote = (await carol.json<Body<Quote>>(res)).data
    expect(quote.signing).toMatchObject({ signer_address: wallet.address, next_nonce: 1 })
    expect(quote.signing!.typed_data).toMatchObject({
      primaryType: 'AcceptPartnerOrder',
      message: { quoteId: quote.quote_id, customerId, signer: wallet.address },
    })
    const acceptPath = KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id)

    // No signature: refused by the kit, before the service.
    const before = accepts()
    const unsigned = await carol.post(acceptPath, {})
    expect(unsigned.status).toBe(422)
    expect((await carol.json(unsigned)).data).toEqual({ field: 'signed_accept.signature' })
    expect(accepts()).toBe(before)

    // Another wallet's signature: refused by the service, on the same field.
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = await carol.post(acceptPath, {
      signed_accept: {
        signature: await stranger.signTypedData(quote.signing!.typed_data as unknown as SignArgs),
      },
    })
    expect(forged.status).toBe(422)
    expect((await carol.json(forged)).data).toMatchObject({ field: 'signed_accept.signature' })

    // The enrolled wallet's signature of the typed data exactly as answered: accepted.
    const signature = await wallet.signTypedData(quote.signing!.typed_data as unknown as SignArgs)
    const accepted = await carol.post(acceptPath, { signed_accept: { signature } })
    expect(accepted.status).toBe(200)
    const order = (await carol.json<Body<KitOrder>>(accepted)).data
    expect(order).toMatchObject({ quote_id: quote.quote_id, status: 'processing' })
    const ramp = createRampClient({ apiKey: sandbox.apiKeys[0]!, baseUrl: sandbox.url })
    expect((await ramp.getPartnerOrder({ order_id: order.order_id! })).status).toBe('processing')
  })

  it('refuses a signer this user did not enroll or prove here, and a quote with no signer', async () => {
    const dave = userBrowser('dave')
    const customerId = await linkApprovedCustomer('dave')
    // No key yet: the quote has no signing block, so there is nothing to accept with.
    const bare = await dave.post(KIT_ROUTES.quotes, validQuote())
    const unsignable = (await dave.json<Body<Quote>>(bare)).data
    expect(unsignable.signing).toBeUndefined()
    const none = await dave.post(KIT_ROUTES.acceptQuote.replace(':quoteId', unsignable.quote_id), {
      signed_accept: { signature: `0x${'11'.repeat(65)}` },
    })
    expect(none.status).toBe(422)
    expect((await dave.json(none)).data).toMatchObject({
      field: 'signed_accept.signature',
      code: 'signer_not_enrolled',
    })

    // A key enrolled for Dave's customer elsewhere, not through this kit by Dave.
    const ramp = createRampClient({
      apiKey: sandbox.apiKeys[0]!,
      baseUrl: sandbox.url,
      retry: false,
    })
    const wallet = privateKeyToAccount(generatePrivateKey())
    const challenge = await ramp.createSigningKeyChallenge({
      customer_id: customerId,
      address: wallet.address,
    })
    await ramp.completeSigningKeyEnrollment({
      customer_id: customerId,
      key_id: challenge.key_id,
      signature: await wallet.signTypedData(challenge.typed_data as unknown as SignArgs),
    })
    const res = await dave.post(KIT_ROUTES.quotes, validQuote())
    const quote = (await dave.json<Body<Quote>>(res)).data
    expect(quote.signing?.signer_address).toBe(wallet.address)
    const refused = await dave.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {
      signed_accept: {
        signature: await wallet.signTypedData(quote.signing!.typed_data as unknown as SignArgs),
      },
    })
    expect(refused.status).toBe(403)
    expect((await dave.json(refused)).data).toMatchObject({
      field: 'signed_accept.signature',
      code: 'signer_not_enrolled',
    })
  })
})

describe('a user revoking their own signing key through the kit', () => {
  it('revokes it at the service, and the next accept signed with it is refused', async () => {
    const erin = userBrowser('erin')
    await linkApprovedCustomer('erin')
    const wallet = privateKeyToAccount(generatePrivateKey())
    const { challenge } = await enroll(erin, wallet)
    const res = await erin.post(KIT_ROUTES.quotes, validQuote())
    const quote = (await erin.json<Body<Quote>>(res)).data
    expect(quote.signing?.signer_address).toBe(wallet.address)
    const signature = await wallet.signTypedData(quote.signing!.typed_data as unknown as SignArgs)
    const revokePath = KIT_ROUTES.revokeSigningKey.replace(':keyId', challenge.key_id)

    // Nobody else's: another user, and a page that is not allowed, are refused.
    const fred = userBrowser('fred')
    await linkApprovedCustomer('fred')
    const theirs = await fred.post(revokePath, {})
    expect(theirs.status).toBeGreaterThanOrEqual(400)
    expect(theirs.status).toBeLessThan(500)
    const evil = await erin.post(revokePath, {}, { origin: 'https://evil.example' })
    expect(evil.status).toBe(403)

    const revoked = await erin.post(revokePath, {})
    expect(revoked.status).toBe(200)
    expect((await erin.json<Body<SigningKey>>(revoked)).data).toMatchObject({
      key_id: challenge.key_id,
      address: wallet.address,
      status: 'revoked',
    })
    const listed = (await erin.json<Body<SigningKeys>>(await erin.get(KIT_ROUTES.signingKeys))).data
      .keys
    expect(listed.find((key) => key.key_id === challenge.key_id)?.status).toBe('revoked')

    const before = kit.upstream.filter((path) => path.endsWith('/accept')).length
    const accept = await erin.post(KIT_ROUTES.acceptQuote.replace(':quoteId', quote.quote_id), {
      signed_accept: { signature },
    })
    expect(accept.status).toBe(403)
    expect((await erin.json(accept)).data).toMatchObject({ code: 'signer_not_enrolled' })
    expect(kit.upstream.filter((path) => path.endsWith('/accept')).length).toBe(before)
    // The service refuses it as well: accepting straight through the API is refused.
    const ramp = createRampClient({
      apiKey: sandbox.apiKeys[0]!,
      baseUrl: sandbox.url,
      retry: false,
    })
    await expect(
      ramp.acceptQuote({ quote_id: quote.quote_id, signed_accept: { signature } }),
    ).rejects.toThrow()
  })
})

describe('a kit without signedAccepts', () => {
  let plain: KitHarness
  beforeAll(async () => {
    plain = await startKit(sandbox, 'app.request', { keyIndex: 1, pointWebhooks: false })
  })
  afterAll(() => plain?.close())

  it('says so in GET /config and answers its signing-key routes 404', async () => {
    expect((await (await plain.call(KIT_ROUTES.config)).json()).data).toMatchObject({
      signed_accepts: false,
    })
    const user = browser(plain)
    const res = await user.get(KIT_ROUTES.signingKeys)
    expect(res.status).toBe(404)
    expect((await user.json(res)).data).toEqual({ code: 'signed_accepts_off' })
  })
})
