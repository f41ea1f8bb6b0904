import { z } from 'zod'
import { countryCode, currencyCode, orderTypeName, paymentMethodType } from './common.js'

/** 4.4 query: a corridor (country length 2, currency length 3), direction and rail id. */
export const banksQuery = z.object({
  country: countryCode,
  currency: currencyCode,
  order_type: orderTypeName,
  payment_method_type: paymentMethodType,
})
/**
 * 4.4 query: a corridor (country length 2, currency length 3), direction and rail id. The type of
 * what `banksQuery` accepts.
 */
export type BanksQuery = z.input<typeof banksQuery>

/** 2.3a: a bank network; its `id` is the quote's `payment_method.network_id` on bank rails. */
export const bankNetwork = z.looseObject({ id: z.string(), name: z.string() })
/**
 * 2.3a: a bank network; its `id` is the quote's `payment_method.network_id` on bank rails. The type
 * of what `bankNetwork` parses to.
 */
export type BankNetwork = z.infer<typeof bankNetwork>

/**
 * 2.3a: the `data` of GET /partner/banks. The service's documents name the list `banks[]` (the
 * OpenAPI document) and elsewhere `institutions[]`: both are read, and the result always has
 * `banks` (empty when neither came). The other fields are optional: only the list is needed.
 */
export const banks = z
  .looseObject({
    disclaimer: z.string().optional(),
    context: z
      .looseObject({
        country: z.string().nullable().optional(),
        currency: z.string().nullable().optional(),
        order_type: z.string().nullable().optional(),
        payment_method_type: z.string().nullable().optional(),
      })
      .optional(),
    supported: z.boolean().optional(),
    message: z.string().optional(),
    banks: z.array(bankNetwork).optional(),
    institutions: z.array(bankNetwork).optional(),
  })
  .transform(({ institutions, banks: list, ...rest }) => ({
    ...rest,
    banks: list ?? institutions ?? [],
  }))
/** 2.3a: the `data` of GET /partner/banks. The type of what `banks` parses to. */
export type Banks = z.infer<typeof banks>

/** 4.5 query. Assumption: the same corridor parameters as the banks listing, all optional but country or currency. */
export const paymentMethodsQuery = z.object({
  country: countryCode.optional(),
  currency: currencyCode.optional(),
  order_type: orderTypeName.optional(),
})
/** 4.5 query. The type of what `paymentMethodsQuery` accepts. */
export type PaymentMethodsQuery = z.input<typeof paymentMethodsQuery>

/**
 * A network (institution) of a payment method: its `id` is the quote's
 * `payment_method.network_id`; the limits are indicative, in `currency`.
 */
export const paymentMethodNetwork = z.looseObject({
  id: z.string(),
  name: z.string(),
  min_amount: z.number().nullable().optional(),
  max_amount: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
})
/**
 * A network (institution) of a payment method: its `id` is the quote's `payment_method.network_id`;
 * the limits are indicative, in `currency`. The type of what `paymentMethodNetwork` parses to.
 */
export type PaymentMethodNetwork = z.infer<typeof paymentMethodNetwork>

/**
 * One payment method (rail) of a corridor in one direction, as published: its `type`
 * (`mobile_money`, `bank`; the international pay-in rails `BankSepa`, `BankSwift`), its
 * `status` (`active` when it can be used; kept open, an unknown status is data) and its
 * `networks` (the published example lists them for mobile money and leaves bank's empty: bank
 * networks come from GET /partner/banks).
 */
export const paymentMethod = z.looseObject({
  type: z.string(),
  status: z.string(),
  networks: z.array(paymentMethodNetwork).default([]),
})
/**
 * One payment method (rail) of a corridor in one direction, as published: its `type`
 * (`mobile_money`, `bank`; the international pay-in rails `BankSepa`, `BankSwift`), its `status`
 * (`active` when it can be used; kept open, an unknown status is data) and its `networks` (the
 * published example lists them for mobile money and leaves bank's empty: bank networks come from
 * GET /partner/banks). The type of what `paymentMethod` parses to.
 */
export type PaymentMethod = z.infer<typeof paymentMethod>

/**
 * The `data` of GET /partner/payment-methods as the service publishes it: the corridor in
 * `context`, then the methods per direction, `onramp[]` and `offramp[]` (a direction the
 * corridor lacks may be left out: read as empty).
 */
export const paymentMethods = z.looseObject({
  context: z
    .looseObject({
      country: z.string().nullable().optional(),
      currency: z.string().nullable().optional(),
    })
    .optional(),
  onramp: z.array(paymentMethod).default([]),
  offramp: z.array(paymentMethod).default([]),
})
/**
 * The `data` of GET /partner/payment-methods as the service publishes it: the corridor in
 * `context`, then the methods per direction, `onramp[]` and `offramp[]` (a direction the corridor
 * lacks may be left out: read as empty). The type of what `paymentMethods` parses to.
 */
export type PaymentMethods = z.infer<typeof paymentMethods>

/**
 * Query of GET /partner/order-requirements: the corridor, the direction, and optionally the
 * rail (`payment_method_type`) and `customer_type`: `retail` (the published default) or
 * `institution` for a business; `user`, which earlier versions of core sent, means retail.
 */
export const orderRequirementsQuery = z.object({
  country: countryCode,
  currency: currencyCode,
  order_type: orderTypeName,
  payment_method_type: z.string().min(1).max(32).optional(),
  customer_type: z
    .enum(['retail', 'user', 'institution'], {
      error: 'customer_type must be retail or institution',
    })
    .optional(),
})
/**
 * Query of GET /partner/order-requirements: the corridor, the direction, and optionally the rail
 * (`payment_method_type`) and `customer_type`. The type of what `orderRequirementsQuery` accepts.
 */
export type OrderRequirementsQuery = z.input<typeof orderRequirementsQuery>

/**
 * The `data` of GET /partner/order-requirements, as published: which fields a quote of this
 * corridor needs, by part of the quote (`customer`, `payment_method`, `order`). Indicative: the
 * quote is the binding check.
 */
export const orderRequirements = z.looseObject({
  context: z
    .looseObject({
      country: z.string().nullable().optional(),
      currency: z.string().nullable().optional(),
      order_type: z.string().nullable().optional(),
      payment_method_type: z.string().nullable().optional(),
    })
    .optional(),
  customer: z.array(z.string()).default([]),
  payment_method: z.array(z.string()).default([]),
  order: z.array(z.string()).default([]),
})
/**
 * The `data` of GET /partner/order-requirements, as published: which fields a quote of this
 * corridor needs, by part of the quote (`customer`, `payment_method`, `order`). The type of what
 * `orderRequirements` parses to.
 */
export type OrderRequirements = z.infer<typeof orderRequirements>
