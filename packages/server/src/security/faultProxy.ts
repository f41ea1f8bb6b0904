// Test support, not part of the package's API (excluded from the published files).
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A fault-injecting HTTP proxy on 127.0.0.1 for reliability tests: the kit's `baseUrl` points
 * at it and it forwards to a real upstream (the sandbox, or the kit itself for webhook
 * deliveries), breaking chosen requests on the way. Nothing is simulated but the fault: a
 * passed request is the upstream's own answer, byte for byte.
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

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
])

const HTML_PAGE = (status: number) =>
  `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n`

function matches(match: FaultMatch, request: ProxiedRequest): boolean {
  if (match.method && match.method.toUpperCase() !== request.method) return false
  return typeof match.path === 'string'
    ? request.path.startsWith(match.path)
    : match.path.test(request.path)
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
  })
}

type Upstream = { status: number; headers: Record<string, string>; body: Buffer }

/**
 * Starts a fault proxy in front of `target`. Every server and timer it opens is closed by
 * `stop()`.
 *
 * @example
 * const proxy = await startFaultProxy({ target: sandbox.url })
 * proxy.schedule({ method: 'GET', path: '/api/v1/partner/catalog' }, [{ kind: 'drop' }])
 * const kit = createRampHandler({ ...options, baseUrl: proxy.url })
 */
export async function startFaultProxy(options: StartFaultProxyOptions): Promise<FaultProxy> {
  const target = options.target.replace(/\/+$/, '')
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000
  const rules: { match: FaultMatch; queue: Fault[] }[] = []
  let plan: ((request: ProxiedRequest) => Fault | undefined) | null = null
  const records: ProxyRecord[] = []
  const reachedCounts = new Map<string, number>()
  const kinds = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<
    FaultKind,
    number
  >
  const sockets = new Set<Socket>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let arrivals = 0
  let stopping = false

  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  function choose(request: ProxiedRequest): Fault {
    for (const rule of rules) {
      if (rule.queue.length > 0 && matches(rule.match, request)) return rule.queue.shift()!
    }
    return plan?.(request) ?? { kind: 'pass' }
  }

  /**
   * Sends the request on to the target over a connection of its own (no keep-alive), so an
   * idle pooled socket closing can never pass for a fault.
   */
  function forward(request: ProxiedRequest, record: ProxyRecord): Promise<Upstream> {
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    const key = `${request.method} ${request.path}`
    reachedCounts.set(key, (reachedCounts.get(key) ?? 0) + 1)
    record.forwarded = true
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        `${target}${request.path}${request.search}`,
        {
          method: request.method,
          headers: { ...headers, 'content-length': String(request.body.byteLength) },
          agent: false,
          timeout: upstreamTimeoutMs,
        },
        (incoming) => {
          readBody(incoming).then((body) => {
            const status = incoming.statusCode ?? 502
            record.upstreamStatus = status
            const out: Record<string, string> = {}
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined && !HOP_BY_HOP.has(name)) {
                out[name] = Array.isArray(value) ? value.join(', ') : value
              }
            }
            resolve({ status, headers: out, body })
          }, reject)
        },
      )
      outgoing.once('timeout', () => outgoing.destroy(new Error('upstream timeout')))
      outgoing.once('error', reject)
      outgoing.end(request.body)
    })
  }

  const gone = (res: ServerResponse) => res.destroyed || res.socket === null || res.socket.destroyed

  function send(
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: Buffer,
  ) {
    if (gone(res)) return
    res.writeHead(status, { ...headers, 'content-length': String(body.byteLength) })
    res.end(body)
  }

  function envelope(message: string, data: Record<string, string> | null = null) {
    return Buffer.from(JSON.stringify({ status: 'error', message, data }))
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid')
    const request: ProxiedRequest = {
      index: arrivals++,
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers: { ...req.headers },
      body: await readBody(req),
    }
    const fault = choose(request)
    const record: ProxyRecord = {
      ...request,
      fault: fault.kind,
      forwarded: false,
      upstreamStatus: null,
      upstreamFailed: false,
    }
    records.push(record)
    kinds[fault.kind]++
    const socket = req.socket
    const after = 'after' in fault && fault.after === true

    let upstream: Upstream | undefined
    const needsUpstream =
      fault.kind === 'pass' ||
      fault.kind === 'slowHeaders' ||
      fault.kind === 'slowBody' ||
      fault.kind === 'truncate' ||
      after
    if (needsUpstream) {
      try {
        upstream = await forward(request, record)
      } catch {
        record.upstreamFailed = true
        send(res, 599, { 'content-type': 'application/json' }, envelope('fault proxy: no upstream'))
        return
      }
    }

    switch (fault.kind) {
      case 'pass':
        send(res, upstream!.status, upstream!.headers, upstream!.body)
        return
      case 'drop':
        socket.destroy()
        return
      case 'reset':
        socket.resetAndDestroy()
        return
      case 'status': {
        const status = fault.status ?? 502
        send(
          res,
          status,
          { 'content-type': 'application/json' },
          envelope(
            status === 503 ? 'Service unavailable' : 'Upstream temporarily unavailable',
            fault.data ?? null,
          ),
        )
        return
      }
      case 'rateLimit':
        send(
          res,
          429,
          { 'content-type': 'application/json', 'retry-after': String(fault.retryAfter ?? 1) },
          envelope('Too many requests'),
        )
        return
      case 'html': {
        const status = fault.status ?? 502
        send(
          res,
          status,
          { 'content-type': 'text/html; charset=utf-8' },
          Buffer.from(HTML_PAGE(status)),
        )
        return
      }
      case 'slowHeaders':
        await later(fault.delayMs)
        send(res, upstream!.status, upstream!.headers, upstream!.body)
        return
      case 'slowBody': {
        if (gone(res)) return
        res.writeHead(upstream!.status, {
          ...upstream!.headers,
          'content-length': String(upstream!.body.byteLength),
        })
        res.flushHeaders()
        await later(fault.delayMs)
        if (!gone(res)) res.end(upstream!.body)
        return
      }
      case 'truncate': {
        if (gone(res)) return
        const body = upstream!.body
        const declared = body.byteLength >= 2 ? body.byteLength : body.byteLength + 16
        res.writeHead(upstream!.status, {
          ...upstream!.headers,
          'content-length': String(declared),
        })
        res.write(body.subarray(0, Math.floor(body.byteLength / 2)), () => socket.destroy())
        return
      }
    }
  }

  const server = createServer((req, res) => {
    res.on('error', () => {})
    req.on('error', () => {})
    handle(req, res).catch(() => res.destroy())
  })
  // Longer than undici's keep-alive, so a pooled connection is never closed under a request
  // by the proxy itself: every broken connection is a fault that was asked for.
  server.keepAliveTimeout = 60_000
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('error', () => {})
    s.once('close', () => sockets.delete(s))
  })
  server.on('clientError', (_error, s) => s.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    schedule(match, faults) {
      const rule = { match, queue: [...faults] }
      rules.push(rule)
      return () => {
        rule.queue.length = 0
      }
    },
    setPlan(next) {
      plan = next
    },
    clear() {
      rules.length = 0
      plan = null
    },
    reached: (method, path) => reachedCounts.get(`${method.toUpperCase()} ${path}`) ?? 0,
    reachedPrefix(method, prefix) {
      let total = 0
      for (const [key, count] of reachedCounts) {
        if (key.startsWith(`${method.toUpperCase()} ${prefix}`)) total += count
      }
      return total
    },
    records,
    byKind: () => ({ ...kinds }),
    injected: () =>
      FAULT_KINDS.filter((kind) => kind !== 'pass').reduce((sum, kind) => sum + kinds[kind], 0),
    pending: () => rules.reduce((sum, rule) => sum + rule.queue.length, 0),
    async stop() {
      if (stopping) return
      stopping = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
    },
  }
}
