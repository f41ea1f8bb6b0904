import { Redis } from 'ioredis'
import { afterAll, describe } from 'vitest'
import { redisStore } from './redis.js'
import { REDIS_URL, runId, skipUnlessReachable, storeContract } from './testing.js'

const skip = await skipUnlessReachable('Redis store', REDIS_URL)

describe.skipIf(skip)('redis', () => {
  // A key prefix of its own for this run, deleted at the end.
  const keyPrefix = `rampkit-test:${runId()}:`
  const redis = skip ? null : new Redis(REDIS_URL, { lazyConnect: true })
  afterAll(async () => {
    if (!redis) return
    const keys = await redis.keys(`${keyPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
  })

  storeContract('redis', async () => redisStore({ redis: redis!, keyPrefix }))
})
