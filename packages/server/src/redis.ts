/**
 * `@rampkit/server/redis`: the Redis store and bus, for several instances sharing one Redis.
 * Needs `ioredis` installed.
 */
export { type RedisBusOptions, redisBus } from './bus/redis.js'
export {
  type RedisCustomerLinksOptions,
  redisCustomerLinks,
} from './store/redis/customers.js'
export { type RedisStoreOptions, redisStore } from './store/redis/store.js'
