// 2. Proxy overhead: autocannon against the sandbox's catalog directly, then through the server
// kit (createRampHandler on @hono/node-server) with the cache off and on.
import autocannon from 'autocannon'
import { Child, type Entry, type Figure, machine, RUNS, stat } from './lib.js'

const KEY = 'is_test_bench_proxy_key'
const QUERY = 'country=KE&order_type=OnRamp'
const CONNECTIONS = 20
const SECONDS = 3

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

export async function benchProxy(): Promise<Entry> {
  const started = Date.now()
  const children: Child[] = []
  try {
    const sandbox = new Child('sandbox', { CHAIN: '0', API_KEY: KEY })
    children.push(sandbox)
    const sandboxUrl = String((await sandbox.next('ready')).url)
    const kit = (cache: number) => {
      const child = new Child('kit', {
        BASE_URL: sandboxUrl,
        API_KEY: KEY,
        CACHE_TTL: String(cache),
      })
      children.push(child)
      return child.next('ready').then((m) => String(m.url))
    }
    const [off, on] = await Promise.all([kit(0), kit(60_000)])
    const targets = {
      direct: {
        url: `${sandboxUrl}/api/v1/partner/catalog?${QUERY}`,
        headers: { 'x-api-key': KEY },
      },
      off: { url: `${off}/api/ramp/catalog?${QUERY}` },
      on: { url: `${on}/api/ramp/catalog?${QUERY}` },
    }
    for (const target of Object.values(targets)) {
      const response = await fetch(target.url, {
        headers: 'headers' in target ? target.headers : {},
      })
      if (!response.ok)
        throw new Error(`${target.url}: ${response.status} ${await response.text()}`)
      await load({ ...target, duration: 1 }) // warm-up (JIT, connections)
    }
    const runs: Record<keyof typeof targets, Load[]> = { direct: [], off: [], on: [] }
    let errors = 0
    for (let i = 0; i < RUNS; i++) {
      for (const name of ['direct', 'off', 'on'] as const) {
        const result = await load(targets[name])
        runs[name].push(result)
        errors += result.errors
      }
    }
    const rps = (name: keyof typeof targets) => stat(runs[name].map((r) => r.rps))
    const lat = (name: keyof typeof targets, p: 'p50' | 'p99') => stat(runs[name].map((r) => r[p]))
    const direct = rps('direct')
    const figures: Figure[] = []
    for (const [name, label, goal, need] of [
      ['off', 'through the kit, cache off', '>= 0.8x direct', 0.8],
      ['on', 'through the kit, cache on', '>= 3x direct', 3],
    ] as const) {
      const value = rps(name)
      const r = value.median / direct.median
      figures.push({
        name: `Throughput ${label}`,
        unit: 'req/s',
        value,
        baseline: { name: 'sandbox catalog direct', value: direct },
        ratio: r,
        goal,
        met: r >= need,
      })
      for (const p of ['p50', 'p99'] as const) {
        const value = lat(name, p)
        const base = lat('direct', p)
        figures.push({
          name: `Latency ${p} ${label}`,
          unit: 'ms',
          value,
          baseline: { name: 'sandbox catalog direct', value: base },
          ratio: value.median / base.median,
        })
      }
    }
    return {
      id: '2-proxy-overhead',
      title: 'Proxy overhead',
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs interleaved (direct, cache off, cache on), 1 s warm-up each; GET catalog?${QUERY}. Sandbox (no chain) and each kit in their own process; autocannon in the bench process. Kit: getEndUser constant, rateLimit off, logger off.`,
      figures,
      notes: [`Errors/non-2xx over all runs: ${errors}.`],
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
  }
}
