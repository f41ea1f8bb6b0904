import { z } from 'zod'
import { webhookAccount } from './accounts.js'
import { webhookCustomer } from './customers.js'
import { webhookOrder } from './orders.js'

/** 4.18: the `data` of POST /webhooks/test after the signature verified. */
export const webhookTestResult = z.looseObject({ event: z.string(), request_id: z.string() })
/**
 * 4.18: the `data` of POST /webhooks/test after the signature verified. The type of what
 * `webhookTestResult` parses to.
 */
export type WebhookTestResult = z.infer<typeof webhookTestResult>

/**
 * The body schema of each event family: orders (2.6), customers (2.11) and accounts (the
 * published account payloads with nested `account`, `credit` and `send`).
 */
export const webhookPayloads = {
  order: webhookOrder,
  customer: webhookCustomer,
  account: webhookAccount,
} as const
