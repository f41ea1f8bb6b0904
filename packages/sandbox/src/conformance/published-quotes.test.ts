import { ValidationError } from '@rampkit/core'
import {
  keOffRampLegacyInline,
  ngOffRampBank,
  ngOnRampBank,
  nigerianProfileBody,
} from '@rampkit/test/published'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  failure,
  freshAddress,
  KEY_A,
  MPESA,
  startTestSandbox,
  type TestSandbox,
} from '../../test/sandbox.js'

/**
 * The service's published quote examples, sent with core's client to a real sandbox and chain:
 * the Nigerian bank quotes (the inline retail customer with `additional_id_type: 'bvn'`) and
 * the older KE sale (a top-level `rail`, camelCase `idNumber` / `idType`). Network ids come
 * from this sandbox's catalog and the token is its local USDC, as the sandbox guide asks
 * ("run discovery on your environment"); every other field is as the example has it.
 */
let t: TestSandbox
const networkIds: Record<string, string> = {}

beforeAll(async () => {
  t = await startTestSandbox()
  const catalog = await t.client().getCatalog({ country: 'NG' })
  for (const direction of ['onramp', 'offramp'] as const) {
    const banks = catalog[direction]?.countries.NG?.payment_methods.bank?.providers ?? []
    networkIds[direction] = banks.find((bank) => bank.name === 'Access Bank')!.id
  }
})
afterAll(async () => {
  await t?.stop()
})

/** A published example on this sandbox: its catalog's network id and its local token. */
function onThisSandbox<T extends { order_type: 'OnRamp' | 'OffRamp' }>(
  example: T & { payment_method: object },
): T {
  const direction = example.order_type === 'OnRamp' ? 'onramp' : 'offramp'
  return {
    ...example,
    asset: t.asset('USDC'),
    payment_method: { ...example.payment_method, network_id: networkIds[direction] },
  }
}

async function statusAfterSettlement(orderId: string) {
  await t.sandbox.admin.advance(5_000)
  return (await t.client().getPartnerOrder({ order_id: orderId })).status
}

describe('the published Nigerian bank quotes', () => {
  it('buys: the BVN with its type is taken, and the documented success account settles', async () => {
    const body = onThisSandbox({ ...ngOnRampBank, wallet_address: freshAddress() })
    const client = t.client()
    const quote = await client.createQuote(body)
    expect(quote.amounts.user_pays).toEqual({ amount: 50_000, currency: 'NGN' })
    expect(t.sandbox.admin.quoteRequest(KEY_A, quote.quote_id)).toEqual(body)
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(await statusAfterSettlement(order_id)).toBe('settled')
  })

  it('sells: the refund wallet’s approved tokens are collected and the account is paid', async () => {
    const seller = t.wallet(7)
    await seller.approve('USDC', t.units('USDC', '100'))
    const usdc = t.token('USDC').address
    const before = await t.chain.balanceOf(usdc, seller.address)
    const client = t.client()
    const quote = await client.createQuote(
      onThisSandbox({ ...ngOffRampBank, refund_address: seller.address }),
    )
    expect(quote.amounts.user_pays).toMatchObject({ amount: 20, currency: 'USDC' })
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(await statusAfterSettlement(order_id)).toBe('settled')
    expect(await t.chain.balanceOf(usdc, seller.address)).toBe(before - t.units('USDC', '20'))
  })

  it('buys with the guide’s example BVN and its failure account: the order fails', async () => {
    const body = onThisSandbox({
      ...ngOnRampBank,
      wallet_address: freshAddress(),
      customer: { ...ngOnRampBank.customer, additional_id_number: '12345678901' },
      payment_method: { ...ngOnRampBank.payment_method, account_number: '0000000000' },
    })
    const client = t.client()
    const quote = await client.createQuote(body)
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(await statusAfterSettlement(order_id)).toBe('failed')
  })

  it('checks the BVN as documented: 11 digits, beside the type bvn', async () => {
    const body = onThisSandbox({ ...ngOnRampBank, wallet_address: freshAddress() })
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ additional_id_number: '2218765432' }, 'customer.additional_id_number', /11 digits/],
      [{ additional_id_number: undefined }, 'customer.additional_id_number', /BVN/],
      [{ additional_id_type: 'nin' }, 'customer.additional_id_type', /bvn/],
    ]
    for (const [customer, field, message] of cases) {
      const refused = await t.raw('/api/v1/partner/orders/quote', {
        method: 'POST',
        body: { ...body, customer: { ...body.customer, ...customer } },
      })
      expect([refused.status, refused.body.data?.field], field).toEqual([422, field])
      expect(refused.body.message).toMatch(message)
    }
    // Through core's client the same refusal is a ValidationError on the field.
    const error = await failure(
      t
        .client()
        .createQuote({ ...body, customer: { ...body.customer, additional_id_type: 'nin' } }),
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.field).toBe('customer.additional_id_type')
  })
})

describe('a Nigerian vault customer', () => {
  it('with the BVN and its type is approved, and buys by customer_id with the success account', async () => {
    const client = t.client()
    const customerId = await t.onboardCustomer(client, 'ng-published-1', {
      profile: nigerianProfileBody,
    })
    expect((await client.getCustomer({ customer_id: customerId })).status).toBe('approved')
    const { customer: _inline, ...body } = onThisSandbox({
      ...ngOnRampBank,
      wallet_address: freshAddress(),
    })
    const quote = await client.createQuote({ ...body, customer_id: customerId })
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
    expect(await statusAfterSettlement(order_id)).toBe('settled')
  })
})

describe('fields core does not list', () => {
  it('reach the sandbox unchanged, at every level, through core’s client', async () => {
    const body = onThisSandbox({
      ...ngOnRampBank,
      wallet_address: freshAddress(),
      promo: { code: 'LAGOS10', stack: [1, 2] },
      customer: { ...ngOnRampBank.customer, nin: '12345678901' },
    })
    const withExtras = {
      ...body,
      asset: { ...body.asset, chain_hint: 31337 },
      payment_method: { ...body.payment_method, bank_code: '044' },
    }
    const quote = await t.client().createQuote(withExtras)
    expect(t.sandbox.admin.quoteRequest(KEY_A, quote.quote_id)).toEqual(withExtras)
    const recorded = await t.raw(`/__sandbox/quotes/${quote.quote_id}/request`)
    expect(recorded.body.data.request).toEqual(withExtras)
  })

  it('the older KE sale (top-level rail, camelCase idNumber / idType) is taken and auto-credited', async () => {
    const body = {
      ...keOffRampLegacyInline,
      asset: t.asset('USDC'),
      refund_address: freshAddress(),
      payment_method: { ...keOffRampLegacyInline.payment_method, network_id: MPESA },
    }
    const client = t.client()
    const quote = await client.createQuote(body)
    expect(t.sandbox.admin.quoteRequest(KEY_A, quote.quote_id)).toMatchObject({
      rail: 'local_fiat',
      customer: { idNumber: 'B1239876', idType: 'passport' },
    })
    const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id, rail: 'local_fiat' })
    // `Successful` in the name: the sandbox guide's off-ramp auto-credit.
    expect(await statusAfterSettlement(order_id)).toBe('settled')
  })
})
