import type { KIT_ROUTES, KIT_STREAM_END_STATUSES } from '@rampkit/core'

/**
 * The server kit's route table, as core's `KIT_ROUTES`. Copied rather than imported because
 * core's module also defines zod schemas, and zod (~90 kB gzip with its locales) must not reach
 * the widget's bundle; `satisfies typeof KIT_ROUTES` makes the copy fail to compile the moment
 * the two differ by one key or one character.
 */
export const ROUTES = {
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
} as const satisfies typeof KIT_ROUTES

/** Order statuses after which the events stream closes and polling stops (core's list). */
export const STREAM_END_STATUSES = [
  'settled',
  'failed',
  'refunded',
] as const satisfies typeof KIT_STREAM_END_STATUSES

export type RouteName = Exclude<keyof typeof ROUTES, 'webhooks'>
