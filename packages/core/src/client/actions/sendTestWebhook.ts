import { z } from 'zod'
import { type WebhookTestResult, webhookTestResult } from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { parseParameters } from '../utils.js'

/** What `sendTestWebhook` takes: the raw body and the headers it was signed with. */
export type SendTestWebhookParameters = {
  /** The raw JSON object text, byte for byte as signed. */
  body: string
  /**
   * The headers signed for it: `X-Webhook-Signature` (`t=<unix_ts>,v1=<base64>`) and usually
   * `X-Webhook-Event` and `X-Webhook-Id`. `X-API-Key` is refused: this route authenticates by
   * signature only.
   */
  headers: Readonly<Record<string, string>>
}
/** What `sendTestWebhook` resolves to: the `event` and `request_id` the service verified. */
export type SendTestWebhookReturnType = WebhookTestResult
/**
 * What `sendTestWebhook` can throw: a `RampApiError` for an error answer of `POST /webhooks/test`,
 * or another `RequestErrorType` (network, timeout, bad parameters).
 */
export type SendTestWebhookErrorType = RequestErrorType

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

const parametersSchema = z.strictObject({
  body: z
    .string({ error: 'body must be the raw JSON text that was signed' })
    .refine(isJsonObject, { error: 'body must be a JSON object' }),
  headers: z
    .record(z.string(), z.string())
    .refine(
      (headers) =>
        Object.keys(headers).some((name) => name.toLowerCase() === 'x-webhook-signature'),
      {
        error: 'headers must include X-Webhook-Signature',
      },
    )
    .refine((headers) => !Object.keys(headers).some((name) => name.toLowerCase() === 'x-api-key'), {
      error: 'headers must not include X-API-Key: the test route authenticates by signature only',
    }),
})

/**
 * Sends a signed test delivery to the service (`POST /webhooks/test`), which verifies the
 * signature (5 minutes either side) and answers the `event` and `request_id` it saw. The API
 * key is never sent. Not retried once it may have reached the service.
 *
 * @example
 * const body = JSON.stringify({ order_id: 'ord_1', status: 'settled' })
 * const headers = await buildWebhookHeaders({
 *   body, secret, event: 'order.settled', deliveryId: crypto.randomUUID(),
 * })
 * const { event } = await sendTestWebhook(client, { body, headers })
 */
export async function sendTestWebhook(
  client: Client,
  parameters: SendTestWebhookParameters,
  options: RequestOptions = {},
): Promise<SendTestWebhookReturnType> {
  const { body, headers } = parseParameters(parametersSchema, parameters)
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
  const { data } = await client.request({
    operation: 'sendTestWebhook',
    method: 'POST',
    scope: 'root',
    path: '/webhooks/test',
    body: { raw: body },
    headers: hasContentType ? headers : { 'Content-Type': 'application/json', ...headers },
    auth: 'none',
    retry: 'beforeSend',
    schema: webhookTestResult,
    signal: options.signal,
  })
  return data
}
