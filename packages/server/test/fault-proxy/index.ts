// A fault-injecting HTTP proxy on 127.0.0.1 for reliability tests: the kit's `baseUrl` points
// at it and it forwards to a real upstream (the sandbox, or the kit itself for webhook
// deliveries), breaking chosen requests on the way. Nothing is simulated but the fault: a
// passed request is the upstream's own answer, byte for byte.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { forward, readBody } from './forward.js'
import { envelope, needsUpstream, respond, send } from './respond.js'
import {
  FAULT_KINDS,
  type Fault,
  type FaultKind,
  type FaultMatch,
  type FaultProxy,
  type ProxiedRequest,
  type ProxyRecord,
  type StartFaultProxyOptions,
  type Upstream,
} from './types.js'

export * from './types.js'

function matches(match: FaultMatch, request: ProxiedRequest): boolean {
  if (match.method && match.method.toUpperCase() !== request.method) return false
  return typeof match.path === 'string'
    ? request.path.startsWith(match.path)
    : match.path.test(request.path)
}

/** The faults asked for: queued per match, else the plan, else `pass`. */
function faultBook() {
  const rules: { match: FaultMatch; queue: Fault[] }[] = []
  let plan: ((request: ProxiedRequest) => Fault | undefined) | null = null
  return {
    choose(request: ProxiedRequest): Fault {
      for (const rule of rules) {
        if (rule.queue.length > 0 && matches(rule.match, request)) return rule.queue.shift()!
      }
      return plan?.(request) ?? { kind: 'pass' }
    },
    schedule(match: FaultMatch, faults: readonly Fault[]) {
      const rule = { match, queue: [...faults] }
      rules.push(rule)
      return () => {
        rule.queue.length = 0
      }
    },
    setPlan(next: typeof plan) {
      plan = next
    },
    clear() {
      rules.length = 0
      plan = null
    },
    pending: () => rules.reduce((sum, rule) => sum + rule.queue.length, 0),
  }
}

/** Timers that `stop()` can clear. */
function timerSet() {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })
  const clear = () => {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  }
  return { later, clear }
}

/** Listens on 127.0.0.1, keeping every socket so `stop()` can close them. */
async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const sockets = new Set<Socket>()
  const server = createServer(handler)
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
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const s of sockets) s.destroy()
    })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close }
}

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
  const book = faultBook()
  const records: ProxyRecord[] = []
  const reachedCounts = new Map<string, number>()
  const kinds = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<
    FaultKind,
    number
  >
  const timers = timerSet()
  let arrivals = 0
  let stopping = false

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
    const fault = book.choose(request)
    const record: ProxyRecord = {
      ...request,
      fault: fault.kind,
      forwarded: false,
      upstreamStatus: null,
      upstreamFailed: false,
    }
    records.push(record)
    kinds[fault.kind]++
    let upstream: Upstream | undefined
    if (needsUpstream(fault)) {
      const key = `${request.method} ${request.path}`
      reachedCounts.set(key, (reachedCounts.get(key) ?? 0) + 1)
      try {
        upstream = await forward(target, upstreamTimeoutMs, request, record)
      } catch {
        record.upstreamFailed = true
        send(res, 599, { 'content-type': 'application/json' }, envelope('fault proxy: no upstream'))
        return
      }
    }
    await respond(res, req.socket, fault, upstream, timers.later)
  }

  const server = await listen((req, res) => {
    res.on('error', () => {})
    req.on('error', () => {})
    handle(req, res).catch(() => res.destroy())
  })

  return {
    url: server.url,
    schedule: book.schedule,
    setPlan: book.setPlan,
    clear: book.clear,
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
    pending: book.pending,
    async stop() {
      if (stopping) return
      stopping = true
      timers.clear()
      await server.close()
    },
  }
}
