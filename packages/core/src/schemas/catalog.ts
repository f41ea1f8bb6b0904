import { z } from 'zod'

/**
 * 2.3: a provider of a payment method. `id` is sent as `payment_method.network_id` on quote.
 * `code` is absent from the catalog's `african_markets[]` form.
 */
export const provider = z.looseObject({
  code: z.string().optional(),
  name: z.string(),
  enabled: z.boolean(),
  id: z.string(),
  min_amount: z.number(),
  max_amount: z.number(),
  currency: z.string(),
})
/** 2.3: a provider of a payment method. The type of what `provider` parses to. */
export type Provider = z.infer<typeof provider>

/** 2.3: a payment method bucket (`mobile_money` or `bank`) of a catalog country. */
export const paymentMethodBucket = z.looseObject({
  enabled: z.boolean(),
  label: z.string(),
  quote_type: z.string(),
  providers: z.array(provider),
})
/**
 * 2.3: a payment method bucket (`mobile_money` or `bank`) of a catalog country. The type of what
 * `paymentMethodBucket` parses to.
 */
export type PaymentMethodBucket = z.infer<typeof paymentMethodBucket>

/**
 * 2.3: a catalog country node, under `data.onramp.countries.<ISO country>`. `country_name` is
 * absent from the catalog's `african_markets[]` form.
 */
export const catalogCountry = z.looseObject({
  country_code: z.string(),
  country_name: z.string().optional(),
  currency: z.string(),
  enabled: z.boolean(),
  payment_methods: z.looseObject({
    mobile_money: paymentMethodBucket.optional(),
    bank: paymentMethodBucket.optional(),
  }),
})
/**
 * 2.3: a catalog country node, under `data.onramp.countries.<ISO country>`. The type of what
 * `catalogCountry` parses to.
 */
export type CatalogCountry = z.infer<typeof catalogCountry>

/** A direction subtree of the catalog: countries keyed by ISO code. */
export const catalogDirection = z.looseObject({
  countries: z.record(z.string(), catalogCountry),
})
/**
 * A direction subtree of the catalog: countries keyed by ISO code. The type of what
 * `catalogDirection` parses to.
 */
export type CatalogDirection = z.infer<typeof catalogDirection>

/** The labels the catalog's tree form gives each African rail. */
const RAIL_LABELS = { mobile_money: 'Mobile Money', bank: 'Bank Transfer' } as const

/** A rail of a market in the `african_markets[]` form: no `label` nor `quote_type`. */
const marketBucket = paymentMethodBucket.extend({
  label: z.string().optional(),
  quote_type: z.string().optional(),
})

/** One direction of a market in the `african_markets[]` form; `payment_methods` may be absent. */
const marketDirection = z.looseObject({
  enabled: z.boolean().optional(),
  payment_methods: z
    .looseObject({ mobile_money: marketBucket.optional(), bank: marketBucket.optional() })
    .optional(),
})

/** A market of the `african_markets[]` form: the country, its currency, each direction. */
const africanMarket = z.looseObject({
  country: z.string(),
  currency: z.string(),
  country_name: z.string().optional(),
  onramp: marketDirection.optional(),
  offramp: marketDirection.optional(),
})
type AfricanMarket = z.infer<typeof africanMarket>

/** A market's direction as a country node of the tree form. */
function countryOfMarket(
  market: AfricanMarket,
  direction: z.infer<typeof marketDirection>,
): CatalogCountry {
  const { onramp: _on, offramp: _off, country, country_name, ...rest } = market
  const methods = direction.payment_methods ?? {}
  const payment_methods: CatalogCountry['payment_methods'] = {}
  for (const rail of ['mobile_money', 'bank'] as const) {
    const bucket = methods[rail]
    if (bucket === undefined) continue
    payment_methods[rail] = {
      ...bucket,
      label: bucket.label ?? RAIL_LABELS[rail],
      quote_type: bucket.quote_type ?? rail,
    }
  }
  return {
    ...rest,
    country_code: country,
    ...(country_name === undefined ? {} : { country_name }),
    enabled: direction.enabled ?? true,
    payment_methods,
  }
}

const internationalBank = z.looseObject({
  currencies: z
    .array(
      z.looseObject({
        currency: z.string(),
        onramp: z.boolean(),
        offramp: z.boolean(),
        payment_method_types: z.array(z.string()).optional(),
        /**
         * The currency's pay-in limits, when the catalog gives them (the published guides
         * show none for EUR/USD; the sandbox sends them): the amount step's only bounds for
         * an international bank corridor, whose bank options carry none.
         */
        min_amount: z.number().nullish(),
        max_amount: z.number().nullish(),
      }),
    )
    .optional(),
})

/**
 * 4.3: the `data` of GET /partner/catalog, read into one model whichever of its two published
 * forms the service sends:
 * - the tree (the spec, the current OpenAPI document and the guides): `disclaimer`, then
 *   `onramp.countries.<ISO country>` and `offramp.countries.<ISO country>` (see 2.3);
 * - `african_markets[]` (another published snapshot of the OpenAPI document): one entry per
 *   country with `country`, `currency` and per direction `enabled` and `payment_methods`,
 *   without `disclaimer`, country names, provider codes, rail labels or quote types.
 *
 * Both read into the tree: each market becomes the country node of each direction it lists
 * (its rails labelled as the tree labels them, `quote_type` the rail's key, `enabled` true
 * unless the direction says otherwise); `african_markets` itself is not kept. When both forms
 * come, the tree's own node of a country wins. `disclaimer`, a country's name and a provider's
 * code are read when sent. `rails` is kept opaque; `international_bank.currencies[]` follows the
 * corridors listing.
 */
export const catalog = z
  .looseObject({
    disclaimer: z.string().optional(),
    onramp: catalogDirection.optional(),
    offramp: catalogDirection.optional(),
    african_markets: z.array(africanMarket).optional(),
    rails: z.unknown().optional(),
    international_bank: internationalBank.optional(),
  })
  .transform(({ african_markets: markets, ...data }) => {
    if (markets === undefined) return data
    const tree = { ...data }
    for (const key of ['onramp', 'offramp'] as const) {
      const countries: Record<string, CatalogCountry> = {}
      for (const market of markets) {
        const direction = market[key]
        if (direction !== undefined) countries[market.country] = countryOfMarket(market, direction)
      }
      if (Object.keys(countries).length === 0 && tree[key] === undefined) continue
      tree[key] = { ...tree[key], countries: { ...countries, ...tree[key]?.countries } }
    }
    return tree
  })
/**
 * 4.3: the `data` of GET /partner/catalog, read into one model whichever of its two published forms
 * the service sends (the tree, or the `african_markets[]` list). The type of what `catalog` parses
 * to.
 */
export type Catalog = z.infer<typeof catalog>
