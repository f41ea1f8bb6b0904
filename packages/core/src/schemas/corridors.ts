import { z } from 'zod'
import { countryCode, currencyCode, orderTypeName } from './common.js'

/** 4.2/4.3 query: all optional; the service answers 400 when neither country nor currency is given. */
export const corridorQuery = z.object({
  country: countryCode.optional(),
  currency: currencyCode.optional(),
  order_type: orderTypeName.optional(),
})
/**
 * 4.2/4.3 query: all optional; the service answers 400 when neither country nor currency is given.
 * The type of what `corridorQuery` accepts.
 */
export type CorridorQuery = z.input<typeof corridorQuery>

/** 2.2: an African market corridor: country, local currency, and which directions it serves. */
export const africanCorridor = z.looseObject({
  country: z.string(),
  currency: z.string(),
  onramp: z.boolean(),
  offramp: z.boolean(),
})
/**
 * 2.2: an African market corridor: country, local currency, and which directions it serves. The
 * type of what `africanCorridor` parses to.
 */
export type AfricanCorridor = z.infer<typeof africanCorridor>

/** 2.2: an international bank currency (EUR/USD pay-in), selected by currency only. */
export const internationalBankCurrency = z.looseObject({
  currency: z.string(),
  onramp: z.boolean(),
  offramp: z.boolean(),
})
/**
 * 2.2: an international bank currency (EUR/USD pay-in), selected by currency only. The type of what
 * `internationalBankCurrency` parses to.
 */
export type InternationalBankCurrency = z.infer<typeof internationalBankCurrency>

/** 4.2: the `data` of GET /partner/corridors. */
export const corridors = z.looseObject({
  african_markets: z.array(africanCorridor),
  international_bank: z.looseObject({ currencies: z.array(internationalBankCurrency) }),
})
/** 4.2: the `data` of GET /partner/corridors. The type of what `corridors` parses to. */
export type Corridors = z.infer<typeof corridors>
