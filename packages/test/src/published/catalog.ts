/**
 * The catalog's `data` in its two published forms, with rampkit's own values and the same
 * facts in each: the tree (`disclaimer`, `onramp.countries.<ISO>`) and `african_markets[]` (one
 * entry per country, no `disclaimer`, country names, provider codes, rail labels or quote
 * types). Test-only.
 */

const MPESA = {
  id: '0d6f3a52-95d4-4c1e-8f0b-3c7a9e2d41b6',
  name: 'Safaricom M-PESA',
  enabled: true,
  min_amount: 100,
  max_amount: 250000,
  currency: 'KES',
}
const EQUITY = {
  id: '8a1f0c3e-6d2b-4e7a-9c5f-1b3d5e7f9a2c',
  name: 'Equity Bank Kenya',
  enabled: true,
  min_amount: 500,
  max_amount: 1000000,
  currency: 'KES',
}

/** The `african_markets[]` form: KE buys by mobile money or bank, sells listed but bare. */
export const catalogAsMarkets = {
  african_markets: [
    {
      country: 'KE',
      currency: 'KES',
      onramp: {
        enabled: true,
        payment_methods: {
          mobile_money: { enabled: true, providers: [MPESA] },
          bank: { enabled: true, providers: [EQUITY] },
        },
      },
      offramp: { enabled: true },
    },
  ],
  international_bank: { currencies: [] },
}

/** The same facts as the tree (what the spec and the current OpenAPI document publish). */
export const catalogAsTree = {
  disclaimer: 'Indicative catalog: binding eligibility and price come from a quote.',
  onramp: {
    countries: {
      KE: {
        country_code: 'KE',
        currency: 'KES',
        enabled: true,
        payment_methods: {
          mobile_money: {
            enabled: true,
            label: 'Mobile Money',
            quote_type: 'mobile_money',
            providers: [MPESA],
          },
          bank: { enabled: true, label: 'Bank Transfer', quote_type: 'bank', providers: [EQUITY] },
        },
      },
    },
  },
  offramp: {
    countries: {
      KE: { country_code: 'KE', currency: 'KES', enabled: true, payment_methods: {} },
    },
  },
  international_bank: { currencies: [] },
}
