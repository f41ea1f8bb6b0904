import { z } from 'zod'
import type { OrderStatus } from '../orders/lifecycle.js'
import { hexAddress, orderTypeName } from './common.js'

/**
 * An order's status as the service reports it, in the create response, webhooks and reads: any
 * word of up to 64 characters, known (`ORDER_STATUSES`) or not, such as `pending_settlement`
 * where its sandbox leaves an order no test value decides. Kept as data, never refused: a read or
 * a webhook must not fail on a state this version does not know. Only what is no word at all is
 * refused (blank, or not starting with a letter, like `__proto__`: the kit keys records by
 * status). What a status means (final or not, which moves are allowed) is the order lifecycle's
 * (`isFinalOrderStatus`, `canMoveOrderStatus`), never a list kept here.
 */
export const reportedOrderStatus: z.ZodType<OrderStatus, string> = z
  .string()
  .max(64)
  .regex(/^\s*[A-Za-z][\w .-]*$/, { error: 'status must be a word, such as settled' })

/** Filter values of GET /orders/me (lower-case); items come back upper-case. */
export const ORDER_LIST_FILTERS = [
  'pending',
  'failed',
  'settled',
  'settled_unverified',
  'refunded',
] as const
/** A status filter of GET /orders/me: one of `ORDER_LIST_FILTERS`, anything else refused. */
export const orderListFilter = z.enum(ORDER_LIST_FILTERS)
/** A status GET /orders/me can filter by. */
export type OrderListFilter = z.infer<typeof orderListFilter>

/**
 * 2.7: `fiat_payload` of POST /orders/create. Strict: a key not listed is refused; free-form
 * data goes in `metadata`.
 */
export const fiatPayload = z.strictObject({
  amount_fiat: z
    .number({ error: 'amount_fiat must be a number' })
    .positive({ error: 'amount_fiat must be greater than 0' })
    .max(1e15, { error: 'amount_fiat is too large' }),
  cashout_type: z.string().max(32).optional(),
  phone_number: z.string().max(32).optional(),
  till_number: z.string().max(32).optional(),
  paybill_number: z.string().max(32).optional(),
  account_number: z.string().max(64).optional(),
  bank_code: z.string().max(32).optional(),
  reference: z.string().max(128).optional(),
  currency: z.string().length(3).optional(),
  narrative: z.string().max(256).optional(),
  client_ref: z.string().max(128).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})
/** 2.7: `fiat_payload` of POST /orders/create. The type of what `fiatPayload` accepts. */
export type FiatPayload = z.input<typeof fiatPayload>

/** 2.7: the order type of POST /orders/create is an integer: 0 = OnRamp, 1 = OffRamp. */
export const orderTypeCode = z.union([z.literal(0), z.literal(1)], {
  error: 'order_type must be 0 (OnRamp) or 1 (OffRamp)',
})

/** 2.7: body of POST /orders/create. Strict, with `fiat_payload`: a key not listed is refused. */
export const createOrderRequest = z.strictObject({
  user_address: hexAddress,
  token: hexAddress,
  order_type: orderTypeCode,
  fiat_payload: fiatPayload,
})
/** 2.7: body of POST /orders/create. The type of what `createOrderRequest` accepts. */
export type CreateOrderRequest = z.input<typeof createOrderRequest>

/** 2.4: the `data` of POST /orders/create (201). Amounts are human units. */
export const createdOrder = z.looseObject({
  tx_hash: z.string(),
  status: reportedOrderStatus,
  rate_used: z.number(),
  amount_sent: z.number(),
  fiat_paid: z.number(),
})
/** 2.4: the `data` of POST /orders/create (201). The type of what `createdOrder` parses to. */
export type CreatedOrder = z.infer<typeof createdOrder>

/** 4.17 query; `status_filter` is the other name the spec lists for `status`. */
export const ordersMeQuery = z.object({
  status: orderListFilter.optional(),
  status_filter: orderListFilter.optional(),
  order_type: z.enum(['onramp', 'offramp']).optional(),
  limit: z.coerce
    .number({ error: 'limit must be an integer' })
    .int({ error: 'limit must be an integer' })
    .min(1, { error: 'limit must be between 1 and 200' })
    .max(200, { error: 'limit must be between 1 and 200' })
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be an integer' })
    .int({ error: 'offset must be an integer' })
    .min(0, { error: 'offset must be 0 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'offset is too large' })
    .default(0),
})
/**
 * 4.17 query; `status_filter` is the other name the spec lists for `status`. The type of what
 * `ordersMeQuery` accepts.
 */
export type OrdersMeQuery = z.input<typeof ordersMeQuery>

/** 2.5: an order as listed by GET /orders/me. Status is upper-case (`PENDING`, `SETTLED`). */
export const orderListItem = z.looseObject({
  order_id: z.string(),
  status: z.string(),
  amount_crypto: z.number(),
  amount_fiat: z.number(),
  currency: z.string(),
  exchange_rate: z.number(),
  token: z.string(),
  file_id: z.string().optional(),
  invoice_id: z.string().optional(),
  phone_number: z.string().optional(),
  creation_transaction_hash: z.string(),
  settlement_transaction_hash: z.string().optional(),
  order_type: orderTypeName,
  wallet_address: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
})
/** 2.5: an order as listed by GET /orders/me. The type of what `orderListItem` parses to. */
export type OrderListItem = z.infer<typeof orderListItem>

/**
 * 2.6: an order as a webhook carries it. Status lower-case, any word kept
 * (`reportedOrderStatus`); fields vary by corridor and rail. A failed order's `failure_reason`
 * (named by no published document; the service's sandbox sends it) passes through loose and is
 * read by `orderFailureReason`, so a reason of an unexpected type never makes the event
 * unreadable.
 */
export const webhookOrder = z.looseObject({
  order_id: z.string(),
  status: reportedOrderStatus,
  amount_fiat: z.number().optional(),
  currency: z.string().optional(),
  amount_crypto: z.number().optional(),
  exchange_rate: z.number().optional(),
  order_type: orderTypeName.optional(),
  wallet_address: z.string().optional(),
  phone_number: z.string().optional(),
  settlement_transaction_hash: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
})
/** 2.6: an order as a webhook carries it. The type of what `webhookOrder` parses to. */
export type WebhookOrder = z.infer<typeof webhookOrder>

/**
 * 4.8: GET /partner/orders/{order_id}, the backup poll of an order.
 *
 * Assumption (spec: "not shown"): the webhook body's fields (2.6) plus `quote_id`, `token`
 * and `creation_transaction_hash` when known; status lower-case, any word kept
 * (`reportedOrderStatus`).
 */
export const partnerOrder = webhookOrder.extend({
  quote_id: z.string().optional(),
  token: z.string().optional(),
  creation_transaction_hash: z.string().nullable().optional(),
})
/** 4.8: an order as the partner reads it by id. The type of what `partnerOrder` parses to. */
export type PartnerOrder = z.infer<typeof partnerOrder>

/** `data` of GET /partner/orders/{order_id} as published: the order under `order`. */
export const partnerOrderRead = z.looseObject({ order: partnerOrder })

/**
 * 4.19: GET /orders/tx/{tx_hash}, an order by its creation transaction hash.
 *
 * Assumption (spec: "not shown"): `tx_hash`, lower-case `status` (any word kept,
 * `reportedOrderStatus`), and the fields of 2.4 and 2.6 the service knows.
 */
export const txOrder = z.looseObject({
  tx_hash: z.string(),
  order_id: z.string().optional(),
  status: reportedOrderStatus,
  order_type: orderTypeName.optional(),
  rate_used: z.number().optional(),
  amount_sent: z.number().optional(),
  fiat_paid: z.number().optional(),
  currency: z.string().optional(),
  token: z.string().optional(),
  wallet_address: z.string().optional(),
  settlement_transaction_hash: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
})
/** 4.19: an order looked up by its transaction hash. The type of what `txOrder` parses to. */
export type TxOrder = z.infer<typeof txOrder>
