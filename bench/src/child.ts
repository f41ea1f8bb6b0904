// A server under test, in its own process so the load generator does not share its event loop.
// Roles: sandbox, kit, bare-proxy, buffered-proxy, ingest, hmac, bare-sse. Talks to the parent over IPC: "ready" with its
// address, "mem" (after a GC when --expose-gc) and "stop".
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { verifyWebhook } from '@rampkit/core/webhooks'
import { startSandbox } from '@rampkit/sandbox'
import { createRampHandler, ingestWebhook, memoryStore, type RampStore } from '@rampkit/server'
import { Hono } from 'hono'
import { proxy } from 'hono/proxy'

const role = process.argv[2]
const env = process.env
const send = (message: Record<string, unknown>) => process.send?.(message)
const cleanups: (() => Promise<void> | void)[] = []

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    )
    cleanups.unshift(
      () =>
        new Promise<void>((done) => {
          server.close(() => done())
          ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        }),
    )
  })
}

async function openStore(kind: string): Promise<RampStore> {
  if (kind === 'memory') return memoryStore()
  if (kind === 'pglite') {
    const { pgliteStore } = await import('@rampkit/server/pglite')
    return pgliteStore()
  }
  if (kind === 'postgres') {
    const { postgresStore } = await import('@rampkit/server/postgres')
    const pg = (await import('pg')).default
    const connectionString = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const schema = `bench_${process.pid}_${Date.now()}`
    const store = await postgresStore({ connectionString, schema, max: 10 })
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await client.end()
    })
    return store
  }
  if (kind === 'redis') {
    const { redisStore } = await import('@rampkit/server/redis')
    const { Redis } = await import('ioredis')
    const url = env.REDIS_URL ?? 'redis://127.0.0.1:6379'
    const keyPrefix = `rampkit-bench:${process.pid}:${Date.now()}:`
    const store = redisStore({ url, keyPrefix })
    cleanups.push(async () => {
      const redis = new Redis(url)
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000)
        cursor = next
        if (keys.length) await redis.del(...keys)
      } while (cursor !== '0')
      await redis.quit()
    })
    return store
  }
  throw new Error(`unknown store ${kind}`)
}

async function start(): Promise<Record<string, unknown>> {
  if (role === 'sandbox') {
    const sandbox = await startSandbox({
      port: 0,
      speed: Number(env.SPEED ?? 0),
      apiKeys: [env.API_KEY ?? 'is_test_bench_key'],
      webhookSecret: env.WEBHOOK_SECRET ?? 'whsec_bench_secret',
      webhookUrl: env.WEBHOOK_URL || null,
      latencyMs: Number(env.LATENCY_MS ?? 0),
      ...(env.CHAIN === '0' ? { chain: false as const } : {}),
    })
    cleanups.push(() => sandbox.stop())
    return { url: sandbox.url }
  }
  if (role === 'kit') {
    const store = await openStore(env.STORE ?? 'memory')
    const ramp = createRampHandler({
      apiKey: env.API_KEY ?? 'is_test_bench_key',
      baseUrl: env.BASE_URL ?? 'http://127.0.0.1:9',
      webhookSecret: env.WEBHOOK_SECRET ?? 'whsec_bench_secret',
      getEndUser: () => 'bench-user',
      allowedOrigins: ['http://bench.local'],
      rateLimit: false,
      // Thousands of event streams of one bench user from one address: the caps are not measured.
      streamLimits: { perSession: 1_000_000, perAddress: 1_000_000, perInstance: 1_000_000 },
      cacheTtlMs: Number(env.CACHE_TTL ?? 30_000),
      poll: false,
      logger: false,
      store,
    })
    cleanups.unshift(async () => {
      await ramp.ramp.close()
      await store.close()
    })
    const app = new Hono().route('/api/ramp', ramp)
    return { url: await listen(app.fetch) }
  }
  if (role === 'bare-proxy' || role === 'buffered-proxy') {
    // What a partner would write instead of the kit: the catalog read passed through with the
    // key added, nothing checked, cached or re-encoded. `bare-proxy` is Hono's proxy helper
    // (the upstream body streamed on); `buffered-proxy` reads the body whole first, which
    // @hono/node-server writes in one go: the cheapest pass-through on this stack.
    const base = env.BASE_URL ?? 'http://127.0.0.1:9'
    const headers = { 'X-API-Key': env.API_KEY ?? 'is_test_bench_key', Accept: 'application/json' }
    const upstream = (url: string) => {
      const at = url.indexOf('?')
      return `${base}/api/v1/partner/catalog${at === -1 ? '' : url.slice(at)}`
    }
    const app = new Hono().get('/api/ramp/catalog', async (c) => {
      if (role === 'bare-proxy') return proxy(upstream(c.req.url), { headers })
      const response = await fetch(upstream(c.req.url), { headers })
      return c.body(await response.arrayBuffer(), response.status as 200, {
        'Content-Type': response.headers.get('content-type') ?? 'application/json',
      })
    })
    return { url: await listen(app.fetch) }
  }
  const secret = env.WEBHOOK_SECRET ?? 'whsec_bench_secret'
  if (role === 'ingest') {
    const store = await openStore(env.STORE ?? 'memory')
    cleanups.unshift(() => store.close())
    const app = new Hono().post('/webhooks', async (c) => {
      const result = await ingestWebhook({ store, secrets: secret, request: c.req.raw })
      return c.json(result.body, result.status)
    })
    return { url: await listen(app.fetch) }
  }
  if (role === 'hmac') {
    // The ceiling: the same HTTP stack and the same signature check, nothing parsed or stored.
    const app = new Hono().post('/webhooks', async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer())
      await verifyWebhook({
        body,
        header: c.req.header('x-webhook-signature') ?? null,
        secrets: [secret],
      })
      return c.json({ status: 'success', message: 'ok', data: null })
    })
    return { url: await listen(app.fetch) }
  }
  if (role === 'bare-sse') {
    // The fan-out ceiling: node:http responses held open, one write each per event.
    const open = new Set<ServerResponse>()
    const server = createServer((request, response) => {
      if (request.method === 'POST') {
        request.resume()
        request.on('end', () => {
          const line = `event: order\ndata: {"status":"settled"}\n\n`
          for (const client of open) client.write(line)
          response.end('{}')
        })
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      response.write(`event: order\ndata: {"status":"processing"}\n\n`)
      open.add(response)
      request.on('close', () => open.delete(response))
    })
    server.keepAliveTimeout = 0
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    cleanups.unshift(
      () =>
        new Promise<void>((done) => {
          for (const client of open) client.end()
          server.close(() => done())
          server.closeAllConnections()
        }),
    )
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }
  throw new Error(`unknown role ${role}`)
}

async function stop() {
  for (const cleanup of cleanups) {
    try {
      await cleanup()
    } catch (error) {
      console.error('cleanup failed', error)
    }
  }
  process.exit(0)
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void stop()
  if (message.type === 'mem') {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    gc?.()
    const usage = process.memoryUsage()
    send({ type: 'mem', rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external })
  }
})
process.on('disconnect', () => void stop())

start().then(
  (info) => send({ type: 'ready', ...info }),
  (error: unknown) => {
    console.error(error)
    send({ type: 'failed', error: String(error) })
    void stop()
  },
)
