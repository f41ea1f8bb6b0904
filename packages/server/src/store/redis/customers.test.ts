import { describe } from 'vitest'
import { customerLinksContract } from '../../../test/customer-store-contracts.js'
import { REDIS_URL, redisForTests, skipUnlessReachable } from '../../../test/store-contracts.js'
import { redisCustomerLinks } from './customers.js'
import { redisStore } from './store.js'

const skip = await skipUnlessReachable('Redis customer links', REDIS_URL)

describe.skipIf(skip)('redis customer links', () => {
  const { redis, keyPrefix } = redisForTests(skip)
  customerLinksContract('redis', async () => redisCustomerLinks({ redis: redis!, keyPrefix }))
  customerLinksContract('redisStore().customerLinks', async () => {
    return redisStore({ redis: redis!, keyPrefix: `${keyPrefix}store:` }).customerLinks!
  })
})
