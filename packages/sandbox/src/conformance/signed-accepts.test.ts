import { type QuoteRequest, type QuoteSigning, ValidationError } from '@rampkit/core'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  failure,
  KE_SETTLES,
  KEY_A,
  KEY_B,
  MPESA,
  startTestSandbox,
  type TestSandbox,
} from '../../test/sandbox.js'
import { SIGNING_DOMAIN_NAME } from '../service/signing.js'

/**
 * Customer-signed accepts (the signed-accepts guide) on a sandbox started with
 * `signedAccepts`: quotes by vault customer carry the accept's EIP-712 typed data, and accepts
 * are verified against the customer's enrolled wallet, with real viem accounts signing.
 */
let t: TestSandbox

beforeAll(async () => {
  // On for the first key only, as the Console sets it per key.
  t = await startTestSandbox({ signedAccepts: [KEY_A] })
})
afterAll(async () => {
  await t?.stop()
})

type SignArgs = Parameters<PrivateKeyAccount['signTypedData']>[0]

/** The wallet's signature over typed data exactly as the service answered it. */
function sign(wallet: PrivateKeyAccount, typedData: unknown) {
  return wallet.signTypedData(typedData as SignArgs)
}

/** A Kenyan quote request by vault customer (the helper's body without its inline customer). */
function byCustomer(customerId: string, body: Record<string, unknown> = t.kenyaQuote()) {
  const { customer: _inline, ...rest } = body
  return { ...rest, customer_id: customerId } as QuoteRequest
}

/** An approved customer with an enrolled wallet, and a quote for it with its signing block. */
async function signedQuote(ref: string, body?: Record<string, unknown>) {
  const client = t.client()
  const customer = await t.onboardCustomer(client, ref)
  const { key, wallet } = await t.enrollSigningKey(client, customer)
  const quote = await client.createQuote(byCustomer(customer, body))
  return { client, customer, key, wallet, quote, signing: quote.signing as QuoteSigning }
}

describe('quotes with signed accepts on', () => {
  it('require a vault customer_id', async () => {
    const refused = await failure(t.client().createQuote(t.kenyaQuote()))
    expect(refused).toBeInstanceOf(ValidationError)
    expect(refused.status).toBe(422)
    expect(refused.field).toBe('customer_id')
  })

  it('carry the accept typed data for the customer’s active key, with a fresh nonce', async () => {
    const { key, wallet, quote, signing } = await signedQuote('signed-quote')
    expect(signing).toMatchObject({
      next_nonce: 1,
      key_id: key.key_id,
      signer_address: wallet.address,
    })
    expect(signing.typed_data).toMatchObject({
      primaryType: 'AcceptPartnerOrder',
      domain: { name: SIGNING_DOMAIN_NAME, version: '1', chainId: t.chain.chainId },
      message: { quoteId: quote.quote_id, signer: wallet.address, nonce: 1 },
    })
    expect(signing.typed_data.message.deadline).toBe(
      Math.floor(Date.parse(quote.expires_at) / 1000),
    )
  })
})

describe('a key without signed accepts', () => {
  it('quotes an inline customer and accepts the empty body, as before', async () => {
    const client = t.client(KEY_B)
    const quote = await client.createQuote(t.kenyaQuote())
    expect(quote.signing).toBeUndefined()
    const accepted = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(accepted).toMatchObject({ alreadyAccepted: false, status: 'processing' })
  })
})

describe('accepts with signed accepts on', () => {
  it('accept the enrolled wallet’s signature once and consume its nonce', async () => {
    const { client, customer, wallet, quote, signing } = await signedQuote('signed-ok')
    const signature = await sign(wallet, signing.typed_data)
    const accepted = await client.acceptQuote({
      quote_id: quote.quote_id,
      signed_accept: { signature },
    })
    expect(accepted).toMatchObject({ alreadyAccepted: false, status: 'processing' })
    const { keys } = await client.listSigningKeys({ customer_id: customer })
    expect(keys.at(-1)).toMatchObject({ nonce_high_water: 1, next_nonce: 2 })
    // The same quote again answers its order, as an unsigned accept does.
    const again = await client.acceptQuote({
      quote_id: quote.quote_id,
      signed_accept: { signature },
    })
    expect(again).toMatchObject({ alreadyAccepted: true, order_id: accepted.order_id })
    // The next quote uses the next nonce.
    const next = await client.createQuote(byCustomer(customer))
    expect(next.signing?.next_nonce).toBe(2)
  })

  it('answer concurrent accepts of one quote with one order, the others as already accepted', async () => {
    const { client, wallet, quote, signing } = await signedQuote('signed-race')
    const signature = await sign(wallet, signing.typed_data)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.acceptQuote({ quote_id: quote.quote_id, signed_accept: { signature } }),
      ),
    )
    expect(answers.filter((a) => !a.alreadyAccepted)).toHaveLength(1)
    expect(new Set(answers.map((a) => a.order_id)).size).toBe(1)
  })

  it('refuse an accept without a signature, on signed_accept.signature', async () => {
    const { client, quote } = await signedQuote('signed-empty')
    const refused = await failure(client.acceptQuote({ quote_id: quote.quote_id }))
    expect(refused).toBeInstanceOf(ValidationError)
    expect(refused.field).toBe('signed_accept.signature')
    expect(refused.message).toMatch(/signed_accept\.signature is required/)
  })

  it('refuse another wallet’s signature and the register signature', async () => {
    const { client, customer, quote, signing } = await signedQuote('signed-wrong')
    const stranger = privateKeyToAccount(generatePrivateKey())
    const wrong = await failure(
      client.acceptQuote({
        quote_id: quote.quote_id,
        signed_accept: { signature: await sign(stranger, signing.typed_data) },
      }),
    )
    expect(wrong.status).toBe(422)
    expect(wrong.field).toBe('signed_accept.signature')
    expect(wrong.message).toMatch(/not the enrolled wallet’s signature/)

    // A register signature of the same wallet is not an accept signature.
    const wallet = privateKeyToAccount(generatePrivateKey())
    const challenge = await client.createSigningKeyChallenge({
      customer_id: customer,
      address: wallet.address,
    })
    const register = await sign(wallet, challenge.typed_data)
    await client.completeSigningKeyEnrollment({
      customer_id: customer,
      key_id: challenge.key_id,
      signature: register,
    })
    const fresh = await client.createQuote(byCustomer(customer))
    expect(fresh.signing?.signer_address).toBe(wallet.address)
    const reused = await failure(
      client.acceptQuote({ quote_id: fresh.quote_id, signed_accept: { signature: register } }),
    )
    expect(reused.field).toBe('signed_accept.signature')
    // The nonce was not consumed by the refusals: the right signature still accepts.
    const accepted = await client.acceptQuote({
      quote_id: fresh.quote_id,
      signed_accept: { signature: await sign(wallet, fresh.signing!.typed_data) },
    })
    expect(accepted.alreadyAccepted).toBe(false)
  })

  it('refuse typed data changed before signing (another nonce, another amount)', async () => {
    const { client, wallet, quote, signing } = await signedQuote('signed-tampered')
    for (const change of [{ nonce: 7 }, { userPays: '1 KES' }]) {
      const tampered = {
        ...signing.typed_data,
        message: { ...signing.typed_data.message, ...change },
      }
      const refused = await failure(
        client.acceptQuote({
          quote_id: quote.quote_id,
          signed_accept: { signature: await sign(wallet, tampered) },
        }),
      )
      expect(refused.status).toBe(422)
      expect(refused.field).toBe('signed_accept.signature')
    }
  })

  it('refuse a nonce already used by another quote', async () => {
    const { client, customer, wallet, quote, signing } = await signedQuote('signed-replay')
    // Two quotes before either is accepted carry the same next nonce.
    const second = await client.createQuote(byCustomer(customer))
    expect(second.signing?.next_nonce).toBe(signing.next_nonce)
    await client.acceptQuote({
      quote_id: quote.quote_id,
      signed_accept: { signature: await sign(wallet, signing.typed_data) },
    })
    const replayed = await failure(
      client.acceptQuote({
        quote_id: second.quote_id,
        signed_accept: { signature: await sign(wallet, second.signing!.typed_data) },
      }),
    )
    expect(replayed.status).toBe(422)
    expect(replayed.field).toBe('signed_accept.signature')
    expect(replayed.message).toMatch(/Nonce 1 is already used/)
  })

  it('refuse a signature of a key revoked after the quote', async () => {
    const { client, customer, key, wallet, quote, signing } = await signedQuote('signed-revoked')
    await client.revokeSigningKey({ customer_id: customer, key_id: key.key_id })
    const refused = await failure(
      client.acceptQuote({
        quote_id: quote.quote_id,
        signed_accept: { signature: await sign(wallet, signing.typed_data) },
      }),
    )
    expect(refused.field).toBe('signed_accept.signature')
    expect(refused.message).toMatch(/revoked/)
    // Without an active key the quote carries no signing block, and its accept is refused.
    const unsigned = await client.createQuote(byCustomer(customer))
    expect(unsigned.signing).toBeUndefined()
    const none = await failure(
      client.acceptQuote({
        quote_id: unsigned.quote_id,
        signed_accept: { signature: await sign(wallet, signing.typed_data) },
      }),
    )
    expect(none.field).toBe('signed_accept.signature')
    expect(none.message).toMatch(/no active signing key/)
  })

  it('settle a signed off-ramp', async () => {
    const seller = t.wallet(3)
    const { client, wallet, quote, signing } = await signedQuote(
      'signed-sell',
      t.kenyaOffRampQuote({
        refund_address: seller.address,
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: KE_SETTLES },
      }),
    )
    expect(signing.typed_data.message).toMatchObject({
      orderType: 'OffRamp',
      userPays: '10 USDC',
    })
    await seller.approve('USDC', t.units('USDC', '10'))
    const accepted = await client.acceptQuote({
      quote_id: quote.quote_id,
      signed_accept: { signature: await sign(wallet, signing.typed_data) },
    })
    await t.sandbox.admin.advance(5_000)
    const order = await client.getPartnerOrder({ order_id: accepted.order_id })
    expect(order.status).toBe('settled')
  })
})
