import { describe } from 'vitest'
import {
  REDIS_URL,
  redisForTests,
  skipUnlessReachable,
  storeContract,
} from '../../../test/store-contracts.js'
import { redisStore } from './store.js'

const skip = await skipUnlessReachable('Redis store', REDIS_URL)

describe.skipIf(skip)('redis', () => {
  const { redis, keyPrefix } = redisForTests(skip)
  storeContract('redis', async () => redisStore({ redis: redis!, keyPrefix }))
})
