import { z } from 'zod'
import { customer } from './customers.js'
import { webhookOrder } from './orders.js'

/** 4.18: the `data` of POST /webhooks/test after the signature verified. */
export const webhookTestResult = z.looseObject({ event: z.string(), request_id: z.string() })
export type WebhookTestResult = z.infer<typeof webhookTestResult>

/**
 * Payload of `account.*` events.
 *
 * Assumption (spec: "not shown"): the account's ids and asset, its status, and for credits and
 * sends the `amount` (decimal string), a `transaction_hash` and a `reference`.
 */
export const webhookAccount = z.looseObject({
  account_id: z.number().int(),
  customer_id: z.string(),
  asset_type: z.string().optional(),
  currency: z.string().optional(),
  network: z.string().nullable().optional(),
  status: z.string().optional(),
  amount: z.string().optional(),
  transaction_hash: z.string().optional(),
  reference: z.string().optional(),
})
export type WebhookAccount = z.infer<typeof webhookAccount>

/** 2.6, 2.11: the body schema for each event family. */
export const webhookPayloads = {
  order: webhookOrder,
  customer,
  account: webhookAccount,
} as const
