import type { RampClient, RampEnvironment } from '@rampkit/core/client'
import type { OrderBus } from '../bus/types.js'
import type { RampLogger } from '../logger.js'
import type { RampStore } from '../store/types.js'
import type { ReadCache } from './cache.js'

/** Per-request values the kit's middleware sets on the Hono context. */
export type RampEnv = {
  Variables: {
    /** The end user asking, resolved at most once per request; null when nobody is signed in. */
    endUser: () => Promise<string | null>
  }
}

/** What the webhook route hands back: a status and an envelope body. */
export type WebhookIngestResult = { status: number; body: unknown }

/** Everything a route needs, built once by `createRampHandler`. */
export type KitContext = {
  client: RampClient
  store: RampStore
  bus: OrderBus
  /** Catalog-like reads: cached for `cacheTtlMs` and coalesced. */
  cache: ReadCache
  /** Reads that are coalesced while in flight but never kept (token preview). */
  flights: ReadCache
  logger: RampLogger
  /** The API key and webhook secrets: removed from anything sent or logged. */
  secrets: readonly string[]
  environment: RampEnvironment
  cacheTtlMs: number
  heartbeatMs: number
  /** How long a direct order's create waits to link its `order_id` before answering. */
  linkTimeoutMs: number
  now: () => Date
  wakeWorker: () => void
  ingestWebhook: (request: Request) => Promise<WebhookIngestResult>
}
