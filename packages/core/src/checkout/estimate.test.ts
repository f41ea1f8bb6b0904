import { describe, expect, it } from 'vitest'
import { indicativeEstimate, indicativePayout, tokenLimits } from './estimate.js'

const usdc = { symbol: 'USDC', decimals: 6 }
const rates = {
  rates: [
    { currency: 'NGN', buy: 1553.2275, sell: 1537.7725 },
    { currency: 'EUR', buy: 0.9246, sell: 0.9154 },
  ],
}

describe('indicativeEstimate: a fiat amount in tokens at the service’s indicative rate', () => {
  it('divides exactly by the buy rate on an on-ramp, cut to the token’s decimals', () => {
    // 50000 / 1553.2275 = 32.19103447…; a float division would give the same 6 digits here,
    // the point is that no float is involved at all.
    expect(
      indicativeEstimate({
        amountFiat: 50000,
        currency: 'NGN',
        token: usdc,
        rates,
        orderType: 'OnRamp',
      }),
    ).toEqual({ tokenAmount: '32.191034', rate: 1553.2275, currency: 'NGN', symbol: 'USDC' })
  })

  it('uses the sell rate on an off-ramp', () => {
    expect(
      indicativeEstimate({
        amountFiat: '100',
        currency: 'eur',
        token: usdc,
        rates,
        orderType: 'OffRamp',
      })?.tokenAmount,
    ).toBe('109.241861')
  })

  it('is exact where a float is not: 0.3 / 0.1 is 3, not 2.9999999999999996', () => {
    const tenths = { rates: [{ currency: 'XYZ', buy: 0.1, sell: 0.1 }] }
    expect(0.3 / 0.1).not.toBe(3)
    expect(
      indicativeEstimate({
        amountFiat: '0.3',
        currency: 'XYZ',
        token: { symbol: 'USDT', decimals: 18 },
        rates: tenths,
        orderType: 'OnRamp',
      })?.tokenAmount,
    ).toBe('3')
  })

  it('gives no estimate rather than a wrong one', () => {
    const base = {
      amountFiat: 1000,
      currency: 'NGN',
      token: usdc,
      rates,
      orderType: 'OnRamp' as const,
    }
    expect(indicativeEstimate({ ...base, currency: 'GHS' })).toBeUndefined()
    expect(indicativeEstimate({ ...base, rates: undefined })).toBeUndefined()
    // The rates are fiat per US dollar: they do not price WXM.
    expect(indicativeEstimate({ ...base, token: { symbol: 'WXM', decimals: 18 } })).toBeUndefined()
    expect(indicativeEstimate({ ...base, amountFiat: 0 })).toBeUndefined()
    expect(indicativeEstimate({ ...base, amountFiat: 'abc' })).toBeUndefined()
    expect(
      indicativeEstimate({ ...base, rates: { rates: [{ currency: 'NGN', buy: 0, sell: 0 }] } }),
    ).toBeUndefined()
  })
})

describe('indicativePayout: a sale’s tokens in fiat at the service’s indicative sell rate', () => {
  it('multiplies exactly by the sell rate and cuts to the currency’s minor unit', () => {
    // 12.345678 × 1537.7725 = 18984.84…: exact integers, cut toward zero to 2 digits.
    expect(
      indicativePayout({
        amountCrypto: '12.345678',
        currency: 'ngn',
        token: usdc,
        rates,
        fiatDigits: 2,
      }),
    ).toEqual({ fiatAmount: '18984.84', rate: 1537.7725, currency: 'NGN', symbol: 'USDC' })
    expect(
      indicativePayout({ amountCrypto: '3', currency: 'EUR', token: usdc, rates, fiatDigits: 0 })
        ?.fiatAmount,
    ).toBe('2')
  })

  it('gives nothing without a rate, for a token that is not a dollar, or for 0', () => {
    const base = { currency: 'NGN', token: usdc, rates, fiatDigits: 2 }
    expect(indicativePayout({ ...base, amountCrypto: '0' })).toBeUndefined()
    expect(indicativePayout({ ...base, currency: 'GHS', amountCrypto: '1' })).toBeUndefined()
    expect(
      indicativePayout({ ...base, token: { symbol: 'WXM', decimals: 18 }, amountCrypto: '1' }),
    ).toBeUndefined()
  })
})

describe('tokenLimits: a sale’s fiat limits in tokens at the sell rate', () => {
  const kes = { rates: [{ currency: 'KES', buy: 131.1888, sell: 127.3113 }] }

  it('rounds the minimum up and the maximum down to the token’s decimals, exactly', () => {
    // 50 / 127.3113 = 0.39273811…: up to 0.392739, the fewest tokens worth 50 KES.
    // 150000 / 127.3113 = 1178.2161…: down to 1178.214345, the most within 150,000 KES.
    expect(
      tokenLimits({ min: 50, max: 150_000, currency: 'kes', token: usdc, rates: kes }),
    ).toEqual({ min: '0.392739', max: '1178.214345', rate: 127.3113, symbol: 'USDC' })
  })

  it('has no maximum without one, and no limits without a price', () => {
    expect(
      tokenLimits({
        min: 50,
        max: Number.POSITIVE_INFINITY,
        currency: 'KES',
        token: usdc,
        rates: kes,
      })?.max,
    ).toBeUndefined()
    expect(tokenLimits({ min: 50, currency: 'GHS', token: usdc, rates: kes })).toBeUndefined()
    expect(
      tokenLimits({ min: 50, currency: 'KES', token: { symbol: 'WXM', decimals: 18 }, rates: kes }),
    ).toBeUndefined()
  })
})
