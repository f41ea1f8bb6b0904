import { redactSecrets } from '@rampkit/core/errors'
import {
  verifyWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from '@rampkit/core/webhooks'
import { BodyTooLargeError, readLimited } from '../middleware/body-limit/index.js'
import type { NewDelivery, RampStore } from '../store/types.js'
import type { DeliveryJournal } from './journal.js'

/** Largest accepted body, counted on the bytes read: 256 KiB. */
export const DEFAULT_WEBHOOK_MAX_BYTES = 256 * 1024

/** A request as a framework may hand it over: raw bytes and the headers. */
export type RawWebhookRequest = {
  body: Uint8Array | ArrayBuffer | string
  headers: Headers | Record<string, string | string[] | undefined>
}

/** What `ingestWebhook` takes: the store, the webhook secret(s), the request, and its limits. */
export type IngestWebhookParameters = {
  store: RampStore
  /** The webhook secret, or the current and previous ones during a rotation. */
  secrets: string | readonly string[]
  request: Request | RawWebhookRequest
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number
  /** Default 256 KiB. */
  maxBytes?: number
  /** Signature window in seconds, 1..3600; default 300 (spec section 6). */
  toleranceSeconds?: number
  /**
   * Where a verified delivery waits while the store cannot take it (created on the same
   * `store`). With it a verified delivery is always answered 2xx unless the journal is full.
   * Without it a store failure is answered 503, and the service does not resend the delivery.
   */
  journal?: DeliveryJournal
  /** Called after a new delivery is stored, e.g. `worker.wake`. */
  onStored?: (deliveryId: string) => void
  /** Called when the store fails and there is no journal (the answer is then 503); for logs. */
  onStoreError?: (error: unknown) => void
}

/** `data` of a 2xx answer. */
export type IngestAccepted = {
  delivery_id: string
  event: string
  duplicate: boolean
  /** The store could not take it now: the journal keeps it and writes it to the store later. */
  journaled: boolean
}

/** `data` of an error answer: the offending input, and why (stable names for programs). */
export type IngestErrorData = {
  field?: string
  reason?:
    | WebhookVerificationReason
    | 'too_large'
    | 'invalid_json'
    | 'missing_header'
    | 'invalid_header'
}

/**
 * The answer `ingestWebhook` gives: the HTTP status and envelope to send back, and whether the
 * delivery was stored.
 */
export type IngestWebhookResult =
  | {
      status: 200
      body: { status: 'success'; message: string; data: IngestAccepted }
      /** True for a new delivery in the store, false for a duplicate or a journaled one. */
      stored: boolean
    }
  | {
      /**
       * 400 bad request, 401 bad signature, 413 too large; 503 when neither the store nor the
       * journal could keep a verified delivery (the service does not resend it).
       */
      status: 400 | 401 | 413 | 503
      body: { status: 'error'; message: string; data: IngestErrorData | null }
      stored: false
    }

const REASON_STATUS: Record<WebhookVerificationReason, 400 | 401 | null> = {
  missing_header: 400,
  malformed_header: 400,
  bad_timestamp: 400,
  no_signature: 400,
  invalid_body: 400,
  timestamp_out_of_tolerance: 401,
  signature_mismatch: 401,
  // This server's configuration, not the sender's fault: let it surface as an error.
  no_secret: null,
}

/** Delivery ids and event names are short tokens; anything else is refused before storage. */
const DELIVERY_ID = /^[A-Za-z0-9._:-]{1,200}$/
const EVENT_NAME = /^[a-z0-9_]+(\.[a-z0-9_]+){1,4}$/

/** Thrown by `ingestWebhook` when the secret is not configured (answer 500 and fix it). */
export class WebhookConfigurationError extends WebhookVerificationError {
  override name = 'WebhookConfigurationError'
}

function failure(
  status: 400 | 401 | 413 | 503,
  message: string,
  data: IngestErrorData | null,
): IngestWebhookResult {
  return { status, body: { status: 'error', message, data }, stored: false }
}

function headerOf(request: Request | RawWebhookRequest, name: string): string | null {
  const { headers } = request
  if (headers instanceof Headers) return headers.get(name)
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    return Array.isArray(value) ? value.join(', ') : value
  }
  return null
}

function toBytes(body: RawWebhookRequest['body']): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body)
  return body instanceof Uint8Array ? body : new Uint8Array(body)
}

/**
 * Receives one webhook delivery durably (spec section 6): reads the raw bytes (at most
 * `maxBytes`, counted as they arrive), verifies the signature over those bytes before any
 * parsing, parses the JSON, requires `X-Webhook-Id` and `X-Webhook-Event`, and inserts the
 * delivery into the store. Only then does it answer 200, so a platform that freezes the process
 * after the response loses nothing; the worker applies the delivery afterwards. A repeat of the
 * delivery id, or of the signature under a fresh id (a replay), is answered 200 and stored once.
 *
 * The service never resends a delivery it got an HTTP answer for (order events are retried on
 * network errors only, account and customer events are sent once), so a verified delivery must
 * not be refused because the store is down: with a `journal` it is kept there, answered 200, and
 * written to the store when the store answers again. Only a full journal (or no journal) makes
 * it a 503, the last resort, which the journal logs as a delivery not kept.
 *
 * Bad input is answered 400, 401 or 413 with the service's envelope and never a 500; messages
 * never contain the secret. A missing secret is this server's fault: it throws
 * `WebhookConfigurationError`.
 *
 * @example
 * const journal = createDeliveryJournal({ store, onPersisted: () => worker.wake() })
 * app.post('/webhooks', async (c) => {
 *   const result = await ingestWebhook({
 *     store,
 *     journal,
 *     secrets: env.WEBHOOK_SECRET,
 *     request: c.req.raw,
 *     onStored: () => worker.wake(),
 *   })
 *   return c.json(result.body, result.status)
 * })
 */
export async function ingestWebhook(
  parameters: IngestWebhookParameters,
): Promise<IngestWebhookResult> {
  const checked = await verifyDelivery(parameters)
  return checked.ok ? keepDelivery(parameters, checked.delivery) : checked.result
}

/** A delivery whose signature, body and headers passed: what `keepDelivery` stores. */
export type VerifiedDelivery = NewDelivery

/**
 * The first half of {@link ingestWebhook}: reads the bytes (at most `maxBytes`), verifies the
 * signature over them, parses the JSON and checks the id and event headers. Stores nothing: a
 * failure carries the 400, 401 or 413 answer, a success the delivery for `keepDelivery`.
 *
 * @example
 * const checked = await verifyDelivery({ secrets, request: c.req.raw })
 * if (!checked.ok) return c.json(checked.result.body, checked.result.status)
 */
export async function verifyDelivery(
  parameters: Pick<
    IngestWebhookParameters,
    'secrets' | 'request' | 'now' | 'maxBytes' | 'toleranceSeconds'
  >,
): Promise<{ ok: true; delivery: VerifiedDelivery } | { ok: false; result: IngestWebhookResult }> {
  const { request } = parameters
  const refuse = (result: IngestWebhookResult) => ({ ok: false as const, result })
  const maxBytes = parameters.maxBytes ?? DEFAULT_WEBHOOK_MAX_BYTES
  const secretList =
    typeof parameters.secrets === 'string' ? [parameters.secrets] : [...parameters.secrets]
  const tooLarge = () =>
    failure(413, `The webhook body is larger than ${maxBytes} bytes.`, { reason: 'too_large' })

  let bytes: Uint8Array
  if (request instanceof Request) {
    // A declared length over the limit is refused without reading; the count below is what
    // holds when the header is absent or lies.
    const declared = Number(request.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBytes) return refuse(tooLarge())
    try {
      bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array(0)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(tooLarge())
      return refuse(failure(400, 'The webhook body could not be read.', { reason: 'invalid_body' }))
    }
  } else {
    bytes = toBytes(request.body)
    if (bytes.byteLength > maxBytes) return refuse(tooLarge())
  }

  let verified: { signature: string }
  try {
    verified = await verifyWebhook({
      body: bytes,
      header: headerOf(request, WEBHOOK_SIGNATURE_HEADER),
      secrets: secretList,
      toleranceSeconds: parameters.toleranceSeconds,
      now: parameters.now,
    })
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      const status = REASON_STATUS[error.reason]
      const message = redactSecrets(error.message, secretList)
      if (status === null) throw new WebhookConfigurationError(error.reason, message)
      return refuse(
        failure(status, message, {
          reason: error.reason,
          ...(status === 400 && error.reason !== 'invalid_body'
            ? { field: WEBHOOK_SIGNATURE_HEADER }
            : {}),
        }),
      )
    }
    throw error
  }

  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return refuse(
        failure(400, 'The webhook body must be a JSON object.', { reason: 'invalid_json' }),
      )
    }
  } catch {
    return refuse(
      failure(400, 'The webhook body is not valid JSON (UTF-8).', { reason: 'invalid_json' }),
    )
  }

  const deliveryId = headerOf(request, WEBHOOK_ID_HEADER)?.trim() ?? ''
  if (deliveryId === '') {
    return refuse(
      failure(400, `The ${WEBHOOK_ID_HEADER} header is missing.`, {
        field: WEBHOOK_ID_HEADER,
        reason: 'missing_header',
      }),
    )
  }
  if (!DELIVERY_ID.test(deliveryId) || deliveryId.startsWith('poll:')) {
    return refuse(
      failure(400, `The ${WEBHOOK_ID_HEADER} header is not a delivery id.`, {
        field: WEBHOOK_ID_HEADER,
        reason: 'invalid_header',
      }),
    )
  }
  const event = headerOf(request, WEBHOOK_EVENT_HEADER)?.trim() ?? ''
  if (event === '') {
    return refuse(
      failure(400, `The ${WEBHOOK_EVENT_HEADER} header is missing.`, {
        field: WEBHOOK_EVENT_HEADER,
        reason: 'missing_header',
      }),
    )
  }
  if (!EVENT_NAME.test(event)) {
    return refuse(
      failure(400, `The ${WEBHOOK_EVENT_HEADER} header is not an event name.`, {
        field: WEBHOOK_EVENT_HEADER,
        reason: 'invalid_header',
      }),
    )
  }

  return {
    ok: true,
    delivery: {
      id: deliveryId,
      event,
      signature: verified.signature,
      body: text,
      receivedAt: new Date((parameters.now ?? Date.now)()),
    },
  }
}

/**
 * The second half of {@link ingestWebhook}: keeps a verified delivery in the journal (when
 * given) or the store, and answers 200 once it is kept; 503 when neither could take it.
 */
export async function keepDelivery(
  parameters: Pick<IngestWebhookParameters, 'store' | 'journal' | 'onStored' | 'onStoreError'>,
  delivery: VerifiedDelivery,
): Promise<IngestWebhookResult> {
  const { store } = parameters
  const { id: deliveryId, event } = delivery
  let outcome: 'inserted' | 'duplicate' | 'journaled'
  if (parameters.journal) {
    const receipt = await parameters.journal.receive(delivery)
    // The journal has logged why: the service will not resend this delivery.
    if (receipt === 'full') {
      return failure(503, 'The delivery could not be stored nor kept; it was not received.', null)
    }
    outcome = receipt
  } else {
    try {
      outcome = await store.insertDelivery(delivery)
    } catch (error) {
      parameters.onStoreError?.(error)
      // Not acknowledged, and the service does not send it again: pass a journal to keep it.
      return failure(503, 'The delivery could not be stored.', null)
    }
  }
  if (outcome === 'inserted') parameters.onStored?.(deliveryId)
  return {
    status: 200,
    body: {
      status: 'success',
      message:
        outcome === 'inserted'
          ? 'Webhook received'
          : outcome === 'journaled'
            ? 'Webhook received; it is applied once the store is back'
            : 'Duplicate delivery: already received, not stored again',
      data: {
        delivery_id: deliveryId,
        event,
        duplicate: outcome === 'duplicate',
        journaled: outcome === 'journaled',
      },
    },
    stored: outcome === 'inserted',
  }
}
