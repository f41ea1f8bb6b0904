import { z } from 'zod'

/** 4.1 query: `fiat` is a comma-separated list of ISO 4217 codes. */
export const ratesQuery = z.object({
  fiat: z
    .string({ error: 'fiat is required' })
    .min(1, { error: 'fiat is required' })
    .refine((value) => value.split(',').every((code) => /^[A-Za-z]{3}$/.test(code.trim())), {
      error: 'fiat must be comma-separated three-letter ISO 4217 codes',
    }),
})
/** 4.1 query. The type of what `ratesQuery` accepts. */
export type RatesQuery = z.input<typeof ratesQuery>

/** 2.1: one indicative rate against USD. Non-binding. */
export const indicativeRate = z.looseObject({
  currency: z.string(),
  buy: z.number(),
  sell: z.number(),
})
/** 2.1: one indicative rate against USD. The type of what `indicativeRate` parses to. */
export type IndicativeRate = z.infer<typeof indicativeRate>

/** 2.1: the `data` of GET /partner/rates/indicative. */
export const indicativeRates = z.looseObject({
  requested: z.array(z.string()),
  rates: z.array(indicativeRate),
  fetched_at: z.string(),
})
/**
 * 2.1: the `data` of GET /partner/rates/indicative. The type of what `indicativeRates` parses to.
 */
export type IndicativeRates = z.infer<typeof indicativeRates>
