import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { ShopConfig } from './config.js'

/**
 * Where the kit keeps webhook deliveries and orders: Postgres when DATABASE_URL is set,
 * otherwise PGlite (embedded Postgres) under ./.data, so orders survive a restart with nothing
 * to install. With REDIS_URL, live order status travels over Redis pub/sub, so several shop
 * instances behind a load balancer stream the same updates. Each engine is imported only when
 * chosen: the shop runs without pg or ioredis loaded.
 */
export async function openStore(config: ShopConfig) {
  await mkdir(config.dataDir, { recursive: true })
  const store = config.databaseUrl
    ? await (await import('@rampkit/server/postgres')).postgresStore({
        connectionString: config.databaseUrl,
      })
    : await (await import('@rampkit/server/pglite')).pgliteStore({
        dataDir: join(config.dataDir, 'pglite'),
      })
  let bus: import('@rampkit/server').OrderBus | undefined
  let redis: import('ioredis').Redis | undefined
  if (config.redisUrl) {
    const { Redis } = await import('ioredis')
    const { redisBus } = await import('@rampkit/server/redis')
    redis = new Redis(config.redisUrl)
    bus = redisBus({ redis })
    await bus.ready()
  }
  return {
    store,
    bus,
    async close() {
      await bus?.close()
      redis?.disconnect()
      await store.close()
    },
  }
}
