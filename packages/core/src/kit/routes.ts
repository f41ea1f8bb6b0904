import { z } from 'zod'
import { orderStatus, orderTypeName } from '../schemas/index.js'

/**
 * The browser-facing API of the server kit (`@rampkit/server`), relative to where the partner
 * mounts it (for example `/api/ramp`). One table shared by the kit that serves it and the
 * React hooks that call it, so the two cannot drift. Every response uses the service's
 * envelope (`status`, `message`, `data`) and errors keep `data.field`.
 *
 * @example
 * fetch(`/api/ramp${KIT_ROUTES.catalog}?country=KE`)
 */
export const KIT_ROUTES = {
  config: '/config',
  catalog: '/catalog',
  corridors: '/corridors',
  banks: '/banks',
  paymentMethods: '/payment-methods',
  rates: '/rates',
  tokens: '/tokens',
  preview: '/preview',
  quotes: '/quotes',
  acceptQuote: '/quotes/:quoteId/accept',
  orders: '/orders',
  order: '/orders/:orderId',
  orderByTx: '/orders/tx/:txHash',
  orderEvents: '/orders/:orderId/events',
  webhooks: '/webhooks',
} as const
export type KitRoute = keyof typeof KIT_ROUTES

/** How an order was made: a binding partner quote that was accepted, or a direct create. */
export const kitOrderFlow = z.enum(['quote', 'direct'])
export type KitOrderFlow = z.infer<typeof kitOrderFlow>

/**
 * An order as the kit shows it to its owner: one shape for both upstream flows, lower-case
 * status (section 3), human-unit amounts. `id` is the service's `order_id` once known,
 * otherwise the creation `tx_hash` of a direct order.
 */
export const kitOrder = z.looseObject({
  id: z.string(),
  flow: kitOrderFlow,
  order_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  tx_hash: z.string().nullable(),
  status: orderStatus,
  order_type: orderTypeName,
  amount_fiat: z.number().nullable(),
  currency: z.string().nullable(),
  amount_crypto: z.number().nullable(),
  token: z.string().nullable(),
  rate: z.number().nullable(),
  wallet_address: z.string().nullable(),
  settlement_transaction_hash: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type KitOrder = z.infer<typeof kitOrder>

/** `data` of GET /config: what the widget needs to know about the environment. */
export const kitConfig = z.looseObject({
  environment: z.enum(['sandbox', 'production']),
  chain_id: z.number().int().nullable(),
  spender: z.string().nullable(),
  sse: z.boolean(),
})
export type KitConfig = z.infer<typeof kitConfig>

/** SSE event names of GET /orders/:orderId/events. Each `order` event's data is a KitOrder. */
export const KIT_SSE_EVENTS = { order: 'order', ping: 'ping', end: 'end' } as const

/** Order statuses after which the events stream closes. */
export const KIT_STREAM_END_STATUSES = ['settled', 'failed', 'refunded'] as const
