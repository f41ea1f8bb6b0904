// No zod here, nor any import at run time: this module reaches the widget's bundle through
// `@rampkit/core/kit`, and the kit's zod schemas (`./schemas.ts`) must not come with it.

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
  orderRequirements: '/order-requirements',
  rates: '/rates',
  tokens: '/tokens',
  preview: '/preview',
  quotes: '/quotes',
  acceptQuote: '/quotes/:quoteId/accept',
  orders: '/orders',
  order: '/orders/:orderId',
  orderByTx: '/orders/tx/:txHash',
  orderEvents: '/orders/:orderId/events',
  walletChallenge: '/wallets/challenge',
  walletProofs: '/wallets/proofs',
  walletProof: '/wallets/proofs/:address',
  webhooks: '/webhooks',
} as const
export type KitRoute = keyof typeof KIT_ROUTES

/**
 * The routes a browser calls: every route but the service's webhook receiver.
 *
 * @example
 * const route: KitBrowserRoute = 'catalog'
 */
export type KitBrowserRoute = Exclude<KitRoute, 'webhooks'>

/** SSE event names of GET /orders/:orderId/events. Each `order` event's data is a KitOrder. */
export const KIT_SSE_EVENTS = { order: 'order', ping: 'ping', end: 'end' } as const

// Order statuses after which the events stream closes: the order lifecycle's final ones. This
// re-export is the module's one import at run time; the lifecycle imports nothing itself.
export { FINAL_ORDER_STATUSES as KIT_STREAM_END_STATUSES } from '../orders/lifecycle.js'
