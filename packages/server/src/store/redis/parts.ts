import type { Redis } from 'ioredis'
import type { RedisKeys } from './keys.js'
import type { RedisScripts } from './scripts.js'

/** What each part of the Redis store works over: the client, its scripts and the key builders. */
export type RedisParts = { redis: Redis; scripts: RedisScripts; k: RedisKeys }
