import { ConfigurationError } from '@rampkit/core'
import type { RampLogger } from '../../logger.js'
import type { InsertDeliveryResult, NewDelivery, RampStore } from '../../store/types.js'
import type { CreateDeliveryJournalOptions, DeliveryJournalFile } from '../journal.js'

/** Deliveries the journal holds at most by default. */
export const DEFAULT_JOURNAL_MAX_DELIVERIES = 10_000

/** Bytes the journal holds at most by default (32 MiB): bodies plus ids and signatures. */
export const DEFAULT_JOURNAL_MAX_BYTES = 32 * 1024 * 1024

/**
 * How long a webhook waits for a store that does not answer before it is journaled, by default:
 * 10 s in memory, 2 s with a file. A delivery journaled in memory is only as safe as the process,
 * so the store (durable) gets the longer wait; one journaled in a file is synced first, so it
 * can be answered sooner. A store that fails outright is not waited for at all.
 */
export const DEFAULT_STORE_TIMEOUT_MS = { memory: 10_000, file: 2_000 } as const

/** A store call that took longer than the journal waits. */
export class StoreTimeoutError extends Error {
  override name = 'StoreTimeoutError'
}

export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      'invalid_option',
      `webhookJournal.${name} must be a number above 0.`,
    )
  }
  return value
}

/** The journal's options checked, with their defaults. */
export type JournalSettings = {
  store: RampStore
  file: DeliveryJournalFile | undefined
  maxDeliveries: number
  maxBytes: number
  storeTimeoutMs: number
  retryMinMs: number
  retryMaxMs: number
  logger: RampLogger | undefined
  describe: (error: unknown) => string
  clock: () => number
  /** Where the journal lives, for log lines. */
  where: string
  onPersisted: ((deliveryId: string) => void) | undefined
}

export function journalSettings(options: CreateDeliveryJournalOptions): JournalSettings {
  const { store, file } = options
  const retryMinMs = positive('retryMinMs', options.retryMinMs, 250)
  return {
    store,
    file,
    maxDeliveries: Math.floor(
      positive('maxDeliveries', options.maxDeliveries, DEFAULT_JOURNAL_MAX_DELIVERIES),
    ),
    maxBytes: positive('maxBytes', options.maxBytes, DEFAULT_JOURNAL_MAX_BYTES),
    storeTimeoutMs: positive(
      'storeTimeoutMs',
      options.storeTimeoutMs,
      file ? DEFAULT_STORE_TIMEOUT_MS.file : DEFAULT_STORE_TIMEOUT_MS.memory,
    ),
    retryMinMs,
    retryMaxMs: Math.max(retryMinMs, positive('retryMaxMs', options.retryMaxMs, 30_000)),
    logger: options.logger,
    describe: options.describeError ?? ((error: unknown) => errorName(error)),
    clock: options.now ?? Date.now,
    where: file ? file.location : 'memory',
    onPersisted: options.onPersisted,
  }
}

/** One store write, given at most `storeTimeoutMs`; a late success is harmless (dedupe). */
export function timedInsert(
  settings: JournalSettings,
  delivery: NewDelivery,
): Promise<InsertDeliveryResult> {
  const { store, storeTimeoutMs } = settings
  const attempt = Promise.resolve().then(() => store.insertDelivery(delivery))
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreTimeoutError(`The store did not answer in ${storeTimeoutMs} ms`)),
      storeTimeoutMs,
    )
  })
  attempt.catch(() => {})
  return Promise.race([attempt, deadline]).finally(() => clearTimeout(timer))
}
