/**
 * The fault proxy's vocabulary: the faults it can apply to one request, and what it records.
 * (Test support: lives outside the package's shipped `src/`.)
 */

/** What the proxy can do to one request. */
export const FAULT_KINDS = [
  'pass',
  'drop',
  'reset',
  'status',
  'rateLimit',
  'slowHeaders',
  'slowBody',
  'truncate',
  'html',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/**
 * One fault. `after: true` forwards the request first (the upstream acts on it) and breaks only
 * the answer, the case where a write may have happened; otherwise the upstream never sees it.
 */
export type Fault =
  | { kind: 'pass' }
  /** Closes the connection without an answer (FIN). */
  | { kind: 'drop'; after?: boolean }
  /** Resets the connection (RST) without an answer. */
  | { kind: 'reset'; after?: boolean }
  /** Answers `status` with the service's error envelope (502 by default). */
  | {
      kind: 'status'
      status?: 502 | 503 | 504
      after?: boolean
      /** The envelope's `data`: `{ country, currency }` makes a 503 the service's corridor answer. */
      data?: Record<string, string>
    }
  /** Answers 429 with `Retry-After` (seconds or an HTTP date); never forwarded. */
  | { kind: 'rateLimit'; retryAfter?: number | string }
  /** Forwards, then holds the status line and headers for `delayMs`. */
  | { kind: 'slowHeaders'; delayMs: number }
  /** Forwards, sends the headers at once and holds the body for `delayMs`. */
  | { kind: 'slowBody'; delayMs: number }
  /** Forwards, declares the full `content-length`, sends about half the body and closes. */
  | { kind: 'truncate' }
  /** Answers a gateway's HTML error page (`status` 502 by default; 200 for a broken CDN). */
  | { kind: 'html'; status?: number; after?: boolean }

/** A request as the proxy received it. */
export type ProxiedRequest = {
  /** 0-based arrival number. */
  index: number
  method: string
  /** Path without the query. */
  path: string
  /** `?…` or empty. */
  search: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** What the proxy did with one request. */
export type ProxyRecord = ProxiedRequest & {
  fault: FaultKind
  /** Whether the request reached the upstream. */
  forwarded: boolean
  /** The upstream's status when forwarded. */
  upstreamStatus: number | null
  /** The upstream could not be reached (answered 599): a broken test setup, not a fault. */
  upstreamFailed: boolean
}

/** Which requests a scheduled fault applies to: a method and a path prefix or pattern. */
export type FaultMatch = { method?: string; path: string | RegExp }

export type FaultProxy = {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string
  /**
   * Queues faults for the next requests that match, one per request, in order; returns a
   * function that drops what is left of this queue.
   */
  schedule(match: FaultMatch, faults: readonly Fault[]): () => void
  /** Decides for requests no schedule claims; `null` passes them all. */
  setPlan(plan: ((request: ProxiedRequest) => Fault | undefined) | null): void
  /** Forgets schedules and the plan (counters stay). */
  clear(): void
  /** Requests that reached the upstream with this method and exact path. */
  reached(method: string, path: string): number
  /** Requests that reached the upstream whose path starts with `prefix`. */
  reachedPrefix(method: string, prefix: string): number
  /** Everything the proxy received, in order. */
  readonly records: readonly ProxyRecord[]
  /** Faults applied, per kind (`pass` included). */
  byKind(): Record<FaultKind, number>
  /** Faults applied that were not `pass`. */
  injected(): number
  /** Scheduled faults not yet used. */
  pending(): number
  stop(): Promise<void>
}

export type StartFaultProxyOptions = {
  /** Where passed requests go, e.g. `sandbox.url`. */
  target: string
  /** Longest wait for the upstream, ms. Default 10 000. */
  upstreamTimeoutMs?: number
}

/** An upstream's answer as read in full. */
export type Upstream = { status: number; headers: Record<string, string>; body: Buffer }
