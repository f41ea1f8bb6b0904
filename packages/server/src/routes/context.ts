import type { RampClient, RampEnvironment } from '@rampkit/core/client'
import type { Context } from 'hono'
import type { BusSignal, OrderBus, SignalListener } from '../bus/types.js'
import type { CustomerVault } from '../customers/vault.js'
import type { ReadCache } from '../http/cache.js'
import type { RampLogger } from '../logger.js'
import type { TrustProxy } from '../middleware/client-ip/index.js'
import type { CustomerLinks } from '../store/customers/types.js'
import type { RampStore } from '../store/types.js'
import type { IngestWebhookResult, VerifiedDelivery } from '../webhooks/ingest.js'
import type { WalletProofSettings } from './wallets/options.js'

/** Per-request values the kit's middleware sets on the Hono context. */
export type RampEnv = {
  Variables: {
    /** The end user asking, resolved at most once per request; null when nobody is signed in. */
    endUser: () => Promise<string | null>
    /** Set by the `session` guard: the end user it let through (read with `sessionOwner`). */
    owner?: string
    /**
     * Set by `parseBody`: the JSON body parsed once, with the schema that parsed it (read with
     * `parsedBody`), for the guards after it (`walletProof`) and the handler.
     */
    body?: { schema: unknown; data: unknown }
    /** Set by the `webhookSignature` guard (read with `verifiedDelivery`). */
    delivery?: VerifiedDelivery
  }
}

/**
 * Everything the kit can hand a route, built once by `createRampHandler`; a route file names
 * the few parts it needs (`needs`, see `KitDeps` in `define.ts`) and is handed only those.
 */
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
  /** The wallet proof's settings (`walletProof`), defaults filled in. */
  walletProof: WalletProofSettings
  /** The event streams open on this instance, which `ramp.close()` ends. */
  streams: OpenStreams
  /** The client's address as the rate limits see it (`getClientIp`, else `clientIp`), or null. */
  clientAddress: (c: Context) => string | null
  /** How many customers may be created at the service (`rateLimit.customerCreates`); null: off. */
  customerCreates: CustomerCreateLimits | null
}

/** Customers created at the service per window, per end user and per client address. */
export type CustomerCreateLimits = { perUser: number; perIp: number; windowMs: number }

/**
 * How many event streams (order and customer events together) may be held open at once: per
 * end user, per client address, and on this instance in all. A refused stream is answered 429
 * with `Retry-After`; a closed one frees its place at once. Clients whose address the kit cannot
 * see (no `getClientIp` or `trustProxy` where there is no socket, as under Next.js) count as one
 * address together, so a client that drops its session cookie cannot open streams without
 * bound. Defaults: 20 per user, 200 per address, 1,000 per instance (each stream holds an open
 * connection, a file descriptor on Node, whose usual limit is 1,024).
 */
export type StreamLimits = { perSession?: number; perAddress?: number; perInstance?: number }

export const STREAM_LIMIT_DEFAULTS = { perSession: 20, perAddress: 200, perInstance: 1000 } as const

/** Who holds a stream: the end user, and the client address (null when it is not visible). */
export type StreamHolder = { session: string; address: string | null }

/** The limit a stream would exceed (`StreamLimits`). */
export type StreamLimitName = 'session' | 'address' | 'instance'

/**
 * The open server-sent event streams of one kit, each by the function that ends it. Closing the
 * kit ends them all: a deploy or scale-down does not wait for clients to leave, and each client
 * reconnects (to another instance behind the load balancer) and resumes. Each stream counts
 * against its holder's limits (`StreamLimits`) while it is open.
 */
export type OpenStreams = {
  /**
   * Whether `holder` is at a limit: the limit's name, else null. Ask right before opening the
   * stream and `add` it in the same turn, so nothing opens in between.
   */
  full(holder: StreamHolder): StreamLimitName | null
  /** Keeps `end` until the returned function is called (when the stream closes itself). */
  add(end: () => void, holder?: StreamHolder): () => void
  /** Ends every open stream. */
  endAll(): void
  /** Streams open now, in all and by holder (for tests and metrics). */
  count(holder?: Partial<StreamHolder>): number
}

// The address every client without a visible one is counted under: not a form any address has.
const UNKNOWN_ADDRESS = '(unknown)'

export function openStreams(limits: StreamLimits = {}): OpenStreams {
  const perSession = limits.perSession ?? STREAM_LIMIT_DEFAULTS.perSession
  const perAddress = limits.perAddress ?? STREAM_LIMIT_DEFAULTS.perAddress
  const perInstance = limits.perInstance ?? STREAM_LIMIT_DEFAULTS.perInstance
  const open = new Map<() => void, StreamHolder | undefined>()
  const bySession = new Map<string, number>()
  const byAddress = new Map<string, number>()
  const addressOf = (holder: StreamHolder | undefined) =>
    holder === undefined ? undefined : (holder.address ?? UNKNOWN_ADDRESS)
  const bump = (counts: Map<string, number>, key: string | undefined, by: number) => {
    if (key === undefined) return
    const next = (counts.get(key) ?? 0) + by
    if (next > 0) counts.set(key, next)
    else counts.delete(key)
  }
  const remove = (end: () => void) => {
    if (!open.has(end)) return
    const holder = open.get(end)
    open.delete(end)
    bump(bySession, holder?.session, -1)
    bump(byAddress, addressOf(holder), -1)
  }
  return {
    full(holder) {
      if (open.size >= perInstance) return 'instance'
      if ((bySession.get(holder.session) ?? 0) >= perSession) return 'session'
      if ((byAddress.get(addressOf(holder)!) ?? 0) >= perAddress) return 'address'
      return null
    },
    add(end, holder) {
      open.set(end, holder)
      bump(bySession, holder?.session, 1)
      bump(byAddress, addressOf(holder), 1)
      return () => remove(end)
    },
    endAll() {
      for (const end of [...open.keys()]) {
        end()
        remove(end)
      }
    },
    count(holder = {}) {
      if (holder.session !== undefined) return bySession.get(holder.session) ?? 0
      if (holder.address !== undefined) {
        return byAddress.get(holder.address ?? UNKNOWN_ADDRESS) ?? 0
      }
      return open.size
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
