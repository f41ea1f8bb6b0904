import { indicativeEstimate, indicativePayout, tokenLimits } from '@rampkit/core/checkout'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshAddress, startTestSandbox, type TestSandbox } from '../../test/sandbox.js'
import { currencyFractionDigits } from '../core.js'
import {
  INTERNATIONAL_BANK,
  type Limits,
  MARKETS,
  type ProviderSeed,
  providerId,
} from '../seed/corridors.js'

/**
 * The widget's amount step estimates with core's `indicativeEstimate` / `indicativePayout` over
 * the service's indicative rates; the quote that follows is binding. On every corridor this
 * sandbox serves, buying and selling, the estimate must be within 0.5 % of the quote, over HTTP
 * against a real sandbox and chain.
 */
let t: TestSandbox

beforeAll(async () => {
  t = await startTestSandbox()
})
afterAll(async () => {
  await t?.stop()
})

const USDC = { symbol: 'USDC', decimals: 6 }

/** A local mobile number of each market, none a sandbox test value. */
const PHONES: Record<string, string> = {
  KE: '+254712345678',
  NG: '+2348031234567',
  GH: '+233241234567',
  UG: '+256772123456',
  TZ: '+255712345678',
  ZA: '+27821234567',
  RW: '+250781234567',
}

type Corridor = {
  id: string
  direction: 'onramp' | 'offramp'
  currency: string
  limits: Limits
  /** The quote's corridor and payment method. */
  body: Record<string, unknown>
}

/** A rail's first active provider with limits in the direction, with its payment method. */
function providerOf(
  country: string,
  direction: Corridor['direction'],
  rails: [Corridor['body']['type'] & string, ProviderSeed[]][],
) {
  for (const [rail, providers] of rails) {
    const provider = providers.find((each) => each.active && each.limits[direction])
    if (!provider) continue
    const method: Record<string, unknown> = {
      type: rail,
      network_id: providerId(country, rail as 'bank' | 'mobile_money', provider.code),
    }
    if (rail === 'mobile_money') method.phone_number = PHONES[country]
    return { limits: provider.limits[direction]!, method }
  }
  return undefined
}

const CORRIDORS: Corridor[] = [
  ...MARKETS.filter((market) => market.configured).flatMap((market) =>
    (['onramp', 'offramp'] as const).flatMap((direction) => {
      if (!market[direction]) return []
      const found = providerOf(market.country, direction, [
        ['bank', market.banks],
        ['mobile_money', market.mobileMoney],
      ])
      if (!found) return []
      return [
        {
          id: `${market.country} ${direction}`,
          direction,
          currency: market.currency,
          limits: found.limits,
          body: { country: market.country, payment_method: found.method },
        },
      ]
    }),
  ),
  ...INTERNATIONAL_BANK.flatMap((entry) =>
    (['onramp', 'offramp'] as const)
      .filter((direction) => entry[direction])
      .map((direction) => ({
        id: `${entry.currency} ${direction}`,
        direction,
        currency: entry.currency,
        limits: entry.limits,
        body: { payment_method: { type: entry.paymentMethodTypes[0] } },
      })),
  ),
]

describe('the amount step’s estimate against the binding quote', () => {
  it('covers every corridor the sandbox serves, both ways where it has them', () => {
    expect(CORRIDORS.length).toBeGreaterThan(10)
    expect(CORRIDORS.some((corridor) => corridor.direction === 'offramp')).toBe(true)
  })

  it.each(CORRIDORS)('$id: within 0.5 % of the quote', async (corridor) => {
    const { currency, limits } = corridor
    const rates = await t.client().getIndicativeRates({ fiat: currency })
    const customer = {
      name: 'Amina Njeri',
      dob: '01/31/1990',
      ...(corridor.body.country === 'NG' ? { additional_id_number: '22123456789' } : {}),
    }
    const common = {
      ...corridor.body,
      currency,
      asset: t.asset('USDC'),
      customer,
    }
    if (corridor.direction === 'onramp') {
      // A round amount well inside the limits.
      const amount = Math.min(limits.max, limits.min * 20)
      const estimate = indicativeEstimate({
        amountFiat: amount,
        currency,
        token: USDC,
        rates,
        orderType: 'OnRamp',
      })
      const quote = await t.client().createQuote({
        ...common,
        order_type: 'OnRamp',
        local_amount: amount,
        wallet_address: freshAddress(),
      } as never)
      const quoted = quote.amounts.user_receives.amount
      expect(estimate, 'an estimate').toBeDefined()
      expect(Math.abs(Number(estimate!.tokenAmount) / quoted - 1)).toBeLessThan(0.005)
      return
    }
    // Selling: tokens worth a few times the minimum, as the amount step's limits allow.
    const bounds = tokenLimits({ min: limits.min, max: limits.max, currency, token: USDC, rates })
    expect(bounds, 'limits in tokens').toBeDefined()
    const tokens = (Math.ceil(Number(bounds!.min) * 5 * 100) / 100).toFixed(2)
    const payout = indicativePayout({
      amountCrypto: tokens,
      currency,
      token: USDC,
      rates,
      fiatDigits: currencyFractionDigits(currency),
    })
    const quote = await t.client().createQuote({
      ...common,
      order_type: 'OffRamp',
      crypto_amount: Number(tokens),
      refund_address: freshAddress(),
    } as never)
    const quoted = quote.amounts.user_receives.amount
    expect(payout, 'an estimate').toBeDefined()
    expect(Math.abs(Number(payout!.fiatAmount) / quoted - 1)).toBeLessThan(0.005)
  })
})
