import { z } from 'zod'
import { countryCode, currencyCode, orderTypeName, paymentMethodType } from './common.js'

/** 4.4 query: a corridor (country length 2, currency length 3), direction and rail id. */
export const banksQuery = z.object({
  country: countryCode,
  currency: currencyCode,
  order_type: orderTypeName,
  payment_method_type: paymentMethodType,
})
export type BanksQuery = z.input<typeof banksQuery>

/** 2.3a: a bank network; its `id` is the quote's `payment_method.network_id` on bank rails. */
export const bankNetwork = z.looseObject({ id: z.string(), name: z.string() })
export type BankNetwork = z.infer<typeof bankNetwork>

/** 2.3a: the `data` of GET /partner/banks. */
export const banks = z.looseObject({
  disclaimer: z.string(),
  context: z.looseObject({
    country: z.string(),
    currency: z.string(),
    order_type: z.string(),
    payment_method_type: z.string(),
  }),
  supported: z.boolean(),
  message: z.string(),
  banks: z.array(bankNetwork),
})
export type Banks = z.infer<typeof banks>

/** 4.5 query. Assumption: the same corridor parameters as the banks listing, all optional but country or currency. */
export const paymentMethodsQuery = z.object({
  country: countryCode.optional(),
  currency: currencyCode.optional(),
  order_type: orderTypeName.optional(),
})
export type PaymentMethodsQuery = z.input<typeof paymentMethodsQuery>

/**
 * 4.5: one payment method (rail) of a corridor.
 *
 * Assumption (spec: "not shown"): `id` is the rail id used by GET /partner/banks
 * (`mobile_money`, `bank`, `BankSepa`, `BankSwift`), `quote_type` the quote's rail.
 */
export const paymentMethod = z.looseObject({
  id: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  quote_type: z.string(),
  network_source: z.enum(['catalog', 'banks']).optional(),
})
export type PaymentMethod = z.infer<typeof paymentMethod>

/** 4.5: the `data` of GET /partner/payment-methods (assumed shape, tolerant). */
export const paymentMethods = z.looseObject({
  context: z.looseObject({
    country: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    order_type: z.string().nullable().optional(),
  }),
  payment_methods: z.array(paymentMethod),
})
export type PaymentMethods = z.infer<typeof paymentMethods>
