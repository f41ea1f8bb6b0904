import { SANDBOX_TEST_VALUES } from '@rampkit/core/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshAddress,
  KE_FAILS,
  KE_PENDING,
  KE_SETTLES,
  KEY_A,
  KEY_B,
  MPESA,
  startTestSandbox,
  type TestSandbox,
} from '../../test/sandbox.js'

/**
 * Conformance with the service's sandbox guide ("Sandbox success & failure"): the documented
 * test values in a quote or a direct order decide how it ends, anything else waits in
 * `pending_settlement`, and the admin controls still settle, fail or refund by hand. Over HTTP
 * against a real sandbox and chain, on a frozen clock advanced past settlement.
 */
let t: TestSandbox
let equity: string

beforeAll(async () => {
  t = await startTestSandbox()
  const banks = await t.client().getBanks({
    country: 'KE',
    currency: 'KES',
    order_type: 'OnRamp',
    payment_method_type: 'bank',
  })
  equity = banks.banks.find((bank) => bank.name === 'Equity Bank Kenya')!.id
})
afterAll(async () => {
  await t?.stop()
})

/**
 * Accepts a quote made of `overrides` on top of the Kenyan helper (the off-ramp one when
 * `order_type` is `OffRamp`); returns the order id.
 */
async function acceptedOrder(overrides: Record<string, unknown>, key = KEY_A) {
  const client = t.client(key)
  const body =
    overrides.order_type === 'OffRamp' ? t.kenyaOffRampQuote(overrides) : t.kenyaQuote(overrides)
  const quote = await client.createQuote(body)
  return (await client.acceptQuote({ quote_id: quote.quote_id })).order_id
}

async function statusAfterSettlement(orderIds: readonly string[], key = KEY_A) {
  await t.sandbox.admin.advance(5_000)
  const statuses: string[] = []
  for (const order_id of orderIds) {
    statuses.push((await t.client(key).getPartnerOrder({ order_id })).status)
  }
  return statuses
}

/** The events delivered (or logged) for these orders, as `event index`. */
function eventsOf(orderIds: readonly string[], key = KEY_A): string[] {
  return t.sandbox.admin.deliveries(key).flatMap((delivery) => {
    const index = orderIds.indexOf((JSON.parse(delivery.body) as { order_id?: string }).order_id!)
    return index === -1 ? [] : [`${delivery.event} ${index}`]
  })
}

/**
 * The orders ended as `expected`, each by a test value: a failure says so in its
 * `failure_reason`, and each sent one terminal event, in order.
 */
async function expectForced(orders: readonly string[], expected: readonly string[]) {
  expect(await statusAfterSettlement(orders)).toEqual(expected)
  for (const [index, order_id] of orders.entries()) {
    if (expected[index] !== 'failed') continue
    const order = await t.client().getPartnerOrder({ order_id })
    expect(order.failure_reason).toBe('Failure forced by a sandbox test value')
  }
  expect(eventsOf(orders).filter((line) => !line.startsWith('order.processing'))).toEqual(
    expected.map((status, index) => `order.${status} ${index}`),
  )
}

const momo = (phone: string) => ({
  payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: phone },
})

describe('on-ramp quotes follow the payout phone or bank account', () => {
  it('settles with +2541111111111 and 1111111111, fails with +2540000000000 and 0000000000', async () => {
    const orders = [
      await acceptedOrder(momo(KE_SETTLES)),
      await acceptedOrder(momo(KE_FAILS)),
      await acceptedOrder({
        local_amount: 2000,
        payment_method: { type: 'bank', network_id: equity, account_number: '1111111111' },
      }),
      await acceptedOrder({
        local_amount: 2000,
        payment_method: { type: 'bank', network_id: equity, account_number: '0000000000' },
      }),
    ]
    await expectForced(orders, ['settled', 'failed', 'settled', 'failed'])
    // The order.failed body says why too; a settled order's events carry no reason.
    const bodies = t.sandbox.admin
      .deliveries(KEY_A)
      .map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>)
    expect(
      bodies.find((body) => body.order_id === orders[1] && body.status === 'failed'),
    ).toMatchObject({
      failure_reason: 'Failure forced by a sandbox test value',
    })
    expect(
      bodies.filter((body) => body.order_id === orders[0]).map((body) => 'failure_reason' in body),
    ).toEqual([false, false])
  })

  it('leaves any other number in pending_settlement, with no terminal event, until a control ends it', async () => {
    const pending = await acceptedOrder(momo(KE_PENDING))
    const invented = await acceptedOrder({
      local_amount: 2000,
      payment_method: { type: 'bank', network_id: equity, account_number: '0123456789' },
    })
    expect(await statusAfterSettlement([pending, invented])).toEqual([
      'pending_settlement',
      'pending_settlement',
    ])
    // Still there much later: nothing moves it on its own.
    expect(await statusAfterSettlement([pending])).toEqual(['pending_settlement'])
    expect(eventsOf([pending, invented])).toEqual(['order.processing 0', 'order.processing 1'])

    const settle = await t.raw(`/__sandbox/orders/${pending}/settle`, { method: 'POST' })
    expect(settle.status).toBe(200)
    expect(settle.body.data.status).toBe('settled')
    t.sandbox.admin.failOrder(KEY_A, invented)
    expect(await statusAfterSettlement([pending, invented])).toEqual(['settled', 'failed'])
  })

  it('refuses a control that would move an order backwards, as core’s order lifecycle does', async () => {
    const settles = await acceptedOrder(momo(KE_SETTLES))
    const fails = await acceptedOrder(momo(KE_FAILS))
    const waits = await acceptedOrder(momo(KE_PENDING))
    expect(await statusAfterSettlement([settles, fails, waits])).toEqual([
      'settled',
      'failed',
      'pending_settlement',
    ])
    const control = async (order: string, action: string) =>
      (await t.raw(`/__sandbox/orders/${order}/${action}`, { method: 'POST' })).status
    expect(await control(settles, 'fail')).toBe(409)
    expect(await control(fails, 'settle')).toBe(409)
    expect(await control(waits, 'fail')).toBe(200)
    expect(await control(fails, 'refund')).toBe(200)
    expect(await control(fails, 'refund')).toBe(409)
    expect(await statusAfterSettlement([settles, fails, waits])).toEqual([
      'settled',
      'refunded',
      'failed',
    ])
  })

  it('lets a forced next outcome win over a test value', async () => {
    t.sandbox.admin.forceNextOrder(KEY_B, 'fail')
    const forced = await acceptedOrder(momo(KE_SETTLES), KEY_B)
    const after = await acceptedOrder(momo(KE_SETTLES), KEY_B)
    expect(await statusAfterSettlement([forced, after], KEY_B)).toEqual(['failed', 'settled'])
    const order = await t.client(KEY_B).getPartnerOrder({ order_id: forced })
    expect(order.failure_reason).toBe('Failure forced by the sandbox controls')
  })
})

describe('international bank pay-ins (EUR SEPA, USD SWIFT) follow the payer’s account number', () => {
  /**
   * A pay-in chosen by currency alone (no country), with `account` as the payer's account:
   * the IBAN of a SEPA transfer, the account number of a SWIFT one. The guide's bank test
   * values apply to that field as to any bank's `payment_method.account_number`.
   */
  const payIn = (currency: 'EUR' | 'USD', type: 'BankSepa' | 'BankSwift', account: string) =>
    acceptedOrder({
      country: undefined,
      currency,
      local_amount: 100,
      payment_method: { type, account_number: account },
    })

  it('settles with 1111111111 and fails with 0000000000 in place of the IBAN or account number', async () => {
    const orders = [
      await payIn('EUR', 'BankSepa', '1111111111'),
      await payIn('EUR', 'BankSepa', '0000000000'),
      await payIn('EUR', 'BankSwift', '1111 111 111'),
      await payIn('USD', 'BankSwift', '1111111111'),
      await payIn('USD', 'BankSwift', '0000000000'),
    ]
    await expectForced(orders, ['settled', 'failed', 'settled', 'settled', 'failed'])
  })

  it('leaves a real IBAN in pending_settlement: the payer’s transfer never comes in a sandbox', async () => {
    const real = await payIn('EUR', 'BankSepa', 'DE89 3704 0044 0532 0130 00')
    expect(await statusAfterSettlement([real])).toEqual(['pending_settlement'])
  })
})

describe('off-ramp quotes follow the customer name, then the deposit', () => {
  it('settles with Successful in the name (collecting the approved tokens), fails with Failure, waits without either', async () => {
    const seller = t.wallet(6)
    const usdc = t.token('USDC').address
    await seller.approve('USDC', t.units('USDC', '1000'))
    const before = await t.chain.balanceOf(usdc, seller.address)
    const sell = (name: string, phone = KE_PENDING, refund: string = seller.address) =>
      acceptedOrder({
        order_type: 'OffRamp',
        refund_address: refund,
        ...momo(phone),
        customer: { name, dob: '01/31/1990' },
      })
    const successful = await sell('Successful Jane Doe')
    const failure = await sell('Failure Jane Doe')
    const plain = await sell('Jane Doe')
    // A success phone settles a sale once its deposit is in: here the seller's approved tokens.
    const deposited = await sell('Jane Doe', KE_SETTLES)
    // Without the deposit the same sale waits, as the guide's off-ramp without `Successful`.
    const undeposited = await sell('Jane Doe', KE_SETTLES, freshAddress())
    const failPhone = await sell('Jane Doe', KE_FAILS)
    expect(
      await statusAfterSettlement([successful, failure, plain, deposited, undeposited, failPhone]),
    ).toEqual([
      'settled',
      'failed',
      'pending_settlement',
      'settled',
      'pending_settlement',
      'failed',
    ])
    // Exactly the quoted tokens of each settled sale left the wallet.
    let collected = 0n
    for (const order_id of [successful, deposited]) {
      const order = await t.client().getPartnerOrder({ order_id })
      collected += t.units('USDC', (order.amount_crypto as number).toFixed(6))
    }
    expect(await t.chain.balanceOf(usdc, seller.address)).toBe(before - collected)
  })

  it('auto-credits a Successful sale whose refund address approved nothing: settled, no transaction', async () => {
    const refund = freshAddress()
    const successful = await acceptedOrder({
      order_type: 'OffRamp',
      refund_address: refund,
      customer: { name: 'Successful Jane Doe', dob: '01/31/1990' },
    })
    // Without a test name the same sale is not forced: a control's settle needs the tokens.
    const forced = await acceptedOrder({ order_type: 'OffRamp', refund_address: refund })
    await t.sandbox.admin.advance(5_000)
    await t.raw(`/__sandbox/orders/${forced}/settle`, { method: 'POST' })
    expect(await statusAfterSettlement([successful, forced])).toEqual(['settled', 'failed'])
    const order = await t.client().getPartnerOrder({ order_id: successful })
    expect(order.settlement_transaction_hash).toBeNull()
    const failed = await t.client().getPartnerOrder({ order_id: forced })
    expect(failed.failure_reason).toMatch(/deposit not received: allowance 0/)
  })

  it('reads the name of a vault customer quoted by customer_id', async () => {
    const client = t.client(KEY_B)
    const successful = await t.onboardCustomer(client, 'outcome-successful', {
      profile: { first_name: 'Successful Amina' },
    })
    const plain = await t.onboardCustomer(client, 'outcome-plain')
    const sell = async (customerId: string) => {
      const { customer: _inline, ...body } = t.kenyaOffRampQuote({ customer_id: customerId })
      const quote = await client.createQuote(body)
      return (await client.acceptQuote({ quote_id: quote.quote_id })).order_id
    }
    const orders = [await sell(successful), await sell(plain)]
    expect(await statusAfterSettlement(orders, KEY_B)).toEqual(['settled', 'pending_settlement'])
  })

  it("a customer named with the failing sale's value passes review, and only their sale fails", async () => {
    const client = t.client(KEY_B)
    const id = await t.onboardCustomer(client, 'outcome-failure', {
      profile: { first_name: `${SANDBOX_TEST_VALUES.customerName.fail} Jane` },
    })
    expect((await client.getCustomer({ customer_id: id })).status).toBe('approved')
    const { customer: _inline, ...body } = t.kenyaOffRampQuote({ customer_id: id })
    const quote = await client.createQuote(body)
    const order = (await client.acceptQuote({ quote_id: quote.quote_id })).order_id
    expect(await statusAfterSettlement([order], KEY_B)).toEqual(['failed'])
    expect((await client.getPartnerOrder({ order_id: order })).failure_reason).toBe(
      'Failure forced by a sandbox test value',
    )
    // The identity stays approved: the shopper can try the next sale.
    expect((await client.getCustomer({ customer_id: id })).status).toBe('approved')
  })
})

describe('direct orders (POST /orders/create) follow fiat_payload', () => {
  it('settles the success phone, fails the failure phone and account, and lists the rest as PENDING', async () => {
    const create = (fiat: Record<string, unknown>) =>
      t.client(KEY_B).createOrder({
        user_address: freshAddress(),
        token: t.token('USDC').address,
        order_type: 0,
        fiat_payload: { amount_fiat: 1000, ...fiat },
      })
    const settles = await create({ phone_number: KE_SETTLES })
    const fails = await create({ phone_number: '+254 000 000 0000' })
    const failsByAccount = await create({ account_number: '0000000000' })
    const waits = await create({ phone_number: KE_PENDING })
    await t.sandbox.admin.advance(5_000)
    const status = async (tx_hash: string) =>
      (await t.client(KEY_B).getOrderByTxHash({ tx_hash })).status
    expect([
      await status(settles.tx_hash),
      await status(fails.tx_hash),
      await status(failsByAccount.tx_hash),
      await status(waits.tx_hash),
    ]).toEqual(['settled', 'failed', 'failed', 'pending_settlement'])
    const pending = await t.client(KEY_B).listMyOrders({ status: 'pending' })
    expect(pending.map((order) => [order.creation_transaction_hash, order.status])).toContainEqual([
      waits.tx_hash,
      'PENDING',
    ])
  })
})

describe('the default for orders no test value decides', () => {
  it('is --order-outcome: settle makes any number settle', async () => {
    const settling = await startTestSandbox({ orderOutcome: 'settle' })
    try {
      const client = settling.client()
      const quote = await client.createQuote(settling.kenyaQuote(momo(KE_PENDING)))
      const { order_id } = await client.acceptQuote({ quote_id: quote.quote_id })
      await settling.sandbox.admin.advance(5_000)
      expect((await client.getPartnerOrder({ order_id })).status).toBe('settled')
    } finally {
      await settling.stop()
    }
  })
})
