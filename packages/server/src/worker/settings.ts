import { redactSecrets } from '@rampkit/core/errors'
import type { OrderBus } from '../bus/types.js'
import type { Delivery, RampStore } from '../store/types.js'
import { DEFAULT_DELIVERY_RETENTION_MS } from '../store/types.js'
import type { WebhookHandlers } from './events.js'
import type {
  CreateWorkerOptions,
  WorkerCustomerOptions,
  WorkerLogger,
  WorkerPollOptions,
} from './types.js'

/**
 * Default backoff: 2 s, 6 s, 18 s, ... tripling up to 30 minutes, with ±20 % jitter so retries
 * from many deliveries do not land together. Eight attempts span about 40 minutes.
 */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(2000 * 3 ** Math.max(0, attempt - 1), 30 * 60 * 1000)
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

const consoleLogger: WorkerLogger = {
  warn: (message, details) => console.warn(`[rampkit] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[rampkit] ${message}`, details ?? ''),
}

/** A thrown value's name only: what may be logged about an error whose text could carry data. */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

/** The backup polls with their defaults filled in. */
export type PollSettings = Required<Omit<WorkerPollOptions, 'fetchOrder'>> &
  Pick<WorkerPollOptions, 'fetchOrder'>

/**
 * A worker's options with every default filled in, shared by its parts (apply, poll, notify
 * and the loop that runs them).
 */
export type WorkerSettings = {
  store: RampStore
  bus: OrderBus | undefined
  handlers: WebhookHandlers
  customers: WorkerCustomerOptions | undefined
  poll: PollSettings | null
  id: string
  concurrency: number
  maxAttempts: number
  backoff: (attempt: number) => number
  leaseMs: number
  idleMs: number
  retentionMs: number
  pruneEveryMs: number
  /** Clock in milliseconds. */
  clock: () => number
  /** The clock as a date. */
  now: () => Date
  logger: WorkerLogger
  secrets: readonly string[]
  /** An error as it may be stored and logged: secrets removed first, then cut to length. */
  errorText: (error: unknown) => string
  onParked: ((delivery: Delivery, error: unknown) => unknown) | undefined
}

export function workerSettings(options: CreateWorkerOptions): WorkerSettings {
  const clock = options.now ?? Date.now
  const secrets = options.secrets ?? []
  const poll =
    typeof options.poll === 'function' ? { fetchOrder: options.poll } : (options.poll ?? null)
  return {
    store: options.store,
    bus: options.bus,
    handlers: options.handlers ?? {},
    customers: options.customers,
    poll: poll && {
      fetchOrder: poll.fetchOrder,
      lateAfterMs: poll.lateAfterMs ?? 2 * 60 * 1000,
      intervalMs: poll.intervalMs ?? 30_000,
      batchSize: poll.batchSize ?? 20,
    },
    id: options.workerId ?? crypto.randomUUID(),
    concurrency: Math.max(1, options.concurrency ?? 4),
    maxAttempts: Math.max(1, options.maxAttempts ?? 8),
    backoff: options.backoff ?? defaultBackoff,
    leaseMs: options.leaseMs ?? 60_000,
    idleMs: options.idleMs ?? 1000,
    retentionMs: options.retentionMs ?? DEFAULT_DELIVERY_RETENTION_MS,
    pruneEveryMs: options.pruneEveryMs ?? 60 * 60 * 1000,
    clock,
    now: () => new Date(clock()),
    logger: options.logger ?? consoleLogger,
    secrets,
    errorText: (error) => {
      const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      // Redact before cutting, so a secret split by the cut cannot survive as a prefix.
      const text = redactSecrets(raw, secrets)
      return text.length > 1000 ? `${text.slice(0, 1000)}…` : text
    },
    onParked: options.onParked,
  }
}
