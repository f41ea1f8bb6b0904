// 2. Proxy overhead: autocannon against the catalog read through the server kit
// (createRampHandler on @hono/node-server), each beside the baseline a partner would compare it
// with, in the same run:
// - cache off against a bare pass-through proxy (Hono's proxy helper, `hono/proxy`) in front of
//   the same sandbox: what the kit's checks, envelope and client cost over any proxy;
// - cache on against the sandbox served directly with 20 ms per answer (`latencyMs`), the
//   latency of a remote service: what the cache saves a browser.
import autocannon from 'autocannon'
import { Child, type Entry, type Figure, machine, RUNS, type Stat, stat } from './lib.js'

const KEY = 'is_test_bench_proxy_key'
const QUERY = 'country=KE&order_type=OnRamp'
const CONNECTIONS = 20
const SECONDS = 2
/** The realistic upstream: ms the sandbox waits before each answer. */
const LATENCY_MS = 20

type Load = { rps: number; p50: number; p99: number; errors: number }

export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

type Target = { url: string; headers?: Record<string, string> }

/** Each pair: the kit's figure, its baseline, the goal on their throughput ratio. */
const PAIRS = [
  {
    name: 'Catalog through the kit, cache off',
    value: 'off',
    baseline: 'bare',
    baselineName: 'bare pass-through proxy (hono/proxy), same sandbox',
    goal: '>= 0.9x bare proxy',
    need: 0.9,
  },
  {
    name: `Catalog through the kit, cache on, ${LATENCY_MS} ms upstream`,
    value: 'on20',
    baseline: 'direct20',
    baselineName: `sandbox catalog direct, ${LATENCY_MS} ms per answer`,
    goal: '>= 3x direct',
    need: 3,
  },
  {
    name: 'Catalog through the kit, cache on',
    value: 'on',
    baseline: 'bare',
    baselineName: 'bare pass-through proxy (hono/proxy), same sandbox',
  },
  {
    name: 'Catalog through the kit, cache off (tighter baseline)',
    value: 'off',
    baseline: 'buffered',
    baselineName: 'bare proxy reading the body whole (fetch + arrayBuffer), same sandbox',
  },
  {
    name: 'Bare pass-through proxy (hono/proxy)',
    value: 'bare',
    baseline: 'direct',
    baselineName: 'sandbox catalog direct',
  },
] as const

export async function benchProxy(): Promise<Entry> {
  const started = Date.now()
  const children: Child[] = []
  const spawn = async (role: string, env: Record<string, string>) => {
    const child = new Child(role, env)
    children.push(child)
    return String((await child.next('ready')).url)
  }
  try {
    const [fast, slow] = await Promise.all([
      spawn('sandbox', { CHAIN: '0', API_KEY: KEY }),
      spawn('sandbox', { CHAIN: '0', API_KEY: KEY, LATENCY_MS: String(LATENCY_MS) }),
    ])
    const kit = (base: string, cache: number) =>
      spawn('kit', { BASE_URL: base, API_KEY: KEY, CACHE_TTL: String(cache) })
    const bare = (base: string) => spawn('bare-proxy', { BASE_URL: base, API_KEY: KEY })
    const [off, on, on20, bare0, buffered] = await Promise.all([
      kit(fast, 0),
      kit(fast, 60_000),
      kit(slow, 60_000),
      bare(fast),
      spawn('buffered-proxy', { BASE_URL: fast, API_KEY: KEY }),
    ])
    const direct = (base: string): Target => ({
      url: `${base}/api/v1/partner/catalog?${QUERY}`,
      headers: { 'x-api-key': KEY },
    })
    const through = (base: string): Target => ({ url: `${base}/api/ramp/catalog?${QUERY}` })
    const targets: Record<string, Target> = {
      direct: direct(fast),
      bare: through(bare0),
      buffered: through(buffered),
      off: through(off),
      on: through(on),
      direct20: direct(slow),
      on20: through(on20),
    }
    const bodies = new Map<string, string>()
    for (const [name, target] of Object.entries(targets)) {
      const response = await fetch(target.url, { headers: target.headers ?? {} })
      const text = await response.text()
      if (!response.ok) throw new Error(`${name} ${target.url}: ${response.status} ${text}`)
      bodies.set(name, text)
      await load({ ...target, duration: 1 }) // warm-up (JIT, connections, the cache)
    }
    const runs: Record<string, Load[]> = {}
    let errors = 0
    for (let i = 0; i < RUNS; i++) {
      for (const [name, target] of Object.entries(targets)) {
        const result = await load(target)
        const list = runs[name] ?? []
        list.push(result)
        runs[name] = list
        errors += result.errors
      }
    }
    const of = (name: string, key: keyof Load): Stat => stat((runs[name] ?? []).map((r) => r[key]))
    const figures: Figure[] = []
    for (const pair of PAIRS) {
      const value = of(pair.value, 'rps')
      const base = of(pair.baseline, 'rps')
      const r = value.median / base.median
      figures.push({
        name: `${pair.name}: throughput`,
        unit: 'req/s',
        value,
        baseline: { name: pair.baselineName, value: base },
        ratio: r,
        ...('goal' in pair ? { goal: pair.goal, met: r >= pair.need } : {}),
      })
      const latency = of(pair.value, 'p99')
      const baseLatency = of(pair.baseline, 'p99')
      figures.push({
        name: `${pair.name}: latency p99`,
        unit: 'ms',
        value: latency,
        baseline: { name: pair.baselineName, value: baseLatency },
        ratio: latency.median / baseLatency.median,
      })
    }
    const same = (a: string, b: string) => bodies.get(a) === bodies.get(b)
    return {
      id: '2-proxy-overhead',
      title: 'Proxy overhead',
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs interleaved over ${Object.keys(targets).length} targets, 1 s warm-up each; GET catalog?${QUERY}. Two sandboxes (no chain): one answering at once, one waiting ${LATENCY_MS} ms before each answer (\`latencyMs\`). In front of the first: the kit with the cache off and on, a bare Hono proxy (\`hono/proxy\`, the key added, nothing checked) and the same reading the body whole before answering; in front of the second, the kit with the cache on. Every server in its own process; autocannon in the bench process, on the same 2 cores. Kit: getEndUser constant, rateLimit off, logger off, upstream fetch by default (its keep-alive agent on Node).`,
      figures,
      notes: [
        `Errors/non-2xx over all runs: ${errors}.`,
        `The kit's answer is byte for byte the sandbox's: ${same('off', 'direct') && same('on', 'direct') ? 'yes' : 'no'} (cache off and on, checked on the warm-up request).`,
        `Throughput at ${LATENCY_MS} ms per answer is bound by ${CONNECTIONS} connections / ${LATENCY_MS} ms = ${(CONNECTIONS * 1000) / LATENCY_MS} req/s for anything that waits for the upstream.`,
      ],
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
  }
}
