import { z } from 'zod'

/** 2.3: a provider of a payment method. `id` is sent as `payment_method.network_id` on quote. */
export const provider = z.looseObject({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  id: z.string(),
  min_amount: z.number(),
  max_amount: z.number(),
  currency: z.string(),
})
export type Provider = z.infer<typeof provider>

/** 2.3: a payment method bucket (`mobile_money` or `bank`) of a catalog country. */
export const paymentMethodBucket = z.looseObject({
  enabled: z.boolean(),
  label: z.string(),
  quote_type: z.string(),
  providers: z.array(provider),
})
export type PaymentMethodBucket = z.infer<typeof paymentMethodBucket>

/** 2.3: a catalog country node, under `data.onramp.countries.<ISO country>`. */
export const catalogCountry = z.looseObject({
  country_code: z.string(),
  country_name: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  payment_methods: z.looseObject({
    mobile_money: paymentMethodBucket.optional(),
    bank: paymentMethodBucket.optional(),
  }),
})
export type CatalogCountry = z.infer<typeof catalogCountry>

/** A direction subtree of the catalog: countries keyed by ISO code. */
export const catalogDirection = z.looseObject({
  countries: z.record(z.string(), catalogCountry),
})
export type CatalogDirection = z.infer<typeof catalogDirection>

/**
 * 4.3: the `data` of GET /partner/catalog.
 *
 * Assumption (the spec shows only names): `offramp` mirrors `onramp` (countries keyed by ISO
 * code, same node shape, its own provider lists); `rails` and `international_bank` are kept
 * as opaque objects. `international_bank.currencies[]` follows the corridors listing.
 */
export const catalog = z.looseObject({
  disclaimer: z.string(),
  onramp: catalogDirection.optional(),
  offramp: catalogDirection.optional(),
  rails: z.unknown().optional(),
  international_bank: z
    .looseObject({
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
    .optional(),
})
export type Catalog = z.infer<typeof catalog>
