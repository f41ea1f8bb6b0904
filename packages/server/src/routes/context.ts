import type { RampClient, RampEnvironment } from '@rampkit/core/client'
import type { BusSignal, OrderBus, SignalListener } from '../bus/types.js'
import type { CustomerVault } from '../customers/vault.js'
import type { RampLogger } from '../logger.js'
import type { TrustProxy } from '../middleware/client-ip/index.js'
import type { CustomerLinks } from '../store/customers/types.js'
import type { RampStore } from '../store/types.js'
import type { IngestWebhookResult, VerifiedDelivery } from '../webhooks/ingest.js'
import type { ReadCache } from './cache.js'
import type { SaleToken } from './sale-chain.js'

/** Per-request values the kit's middleware sets on the Hono context. */
export type RampEnv = {
  Variables: {
    /** The end user asking, resolved at most once per request; null when nobody is signed in. */
    endUser: () => Promise<string | null>
    /** Set by the `session` guard: the end user it let through (read with `sessionOwner`). */
    owner?: string
    /** Set by the `walletProof` guard (ask it with `provenWallet`). */
    walletProof?: (
      address: string | null,
      field: string,
      sale: SaleToken,
    ) => Promise<Response | null>
    /** Set by the `webhookSignature` guard (read with `verifiedDelivery`). */
    delivery?: VerifiedDelivery
  }
}

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
  /** Customer-signed accepts on (`signedAccepts`): accepts carry the wallet's signature. */
  signedAccepts: boolean
  cacheTtlMs: number
  heartbeatMs: number
  /** How long a direct order's create waits to link its `order_id` before answering. */
  linkTimeoutMs: number
  now: () => Date
  wakeWorker: () => void
  /** Origins allowed besides the app's own (the `origin` guard). */
  allowedOrigins: readonly string[]
  trustProxy: TrustProxy | undefined
  /** Largest browser request body, bytes. */
  bodyLimitBytes: number
  /** A webhook's bytes, signature and headers checked (the `webhookSignature` guard). */
  verifyWebhook: (
    request: Request,
  ) => Promise<
    { ok: true; delivery: VerifiedDelivery } | { ok: false; result: IngestWebhookResult }
  >
  /** A verified delivery kept in the store (or the journal while the store is down). */
  keepWebhook: (delivery: VerifiedDelivery) => Promise<IngestWebhookResult>
  customers: KitCustomers
  /** The event streams open on this instance, which `ramp.close()` ends. */
  streams: OpenStreams
}

/**
 * The open server-sent event streams of one kit, each by the function that ends it. Closing the
 * kit ends them all: a deploy or scale-down does not wait for clients to leave, and each client
 * reconnects (to another instance behind the load balancer) and resumes.
 */
export type OpenStreams = {
  /** Keeps `end` until the returned function is called (when the stream closes itself). */
  add(end: () => void): () => void
  /** Ends every open stream. */
  endAll(): void
}

export function openStreams(): OpenStreams {
  const open = new Set<() => void>()
  return {
    add(end) {
      open.add(end)
      return () => open.delete(end)
    },
    endAll() {
      for (const end of [...open]) end()
      open.clear()
    },
  }
}

/** How quotes name the customer: the user's approved vault customer, or an inline customer. */
export type CustomerMode = 'vault' | 'inline'

/** Signals on the bus (every instance), or within this process when the bus has none. */
export type KitSignals = {
  send(signal: BusSignal): Promise<void>
  on(topic: string, listener: SignalListener): () => void
}

/** The end users' vault customers. */
export type KitCustomers = {
  mode: CustomerMode
  links: CustomerLinks
  /** Null when there is no secret to derive customer refs from (then the routes answer 503). */
  vault: CustomerVault | null
  signals: KitSignals
}
