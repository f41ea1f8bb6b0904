import type { MiddlewareHandler } from 'hono'
import type { SandboxStore } from '../state/store.js'
import { ApiError } from './envelope.js'
import type { SandboxEnv } from './types.js'

/**
 * `X-API-Key` authentication (spec section 5): a missing key is 401 `Missing API key`, a
 * production key (`is_live_`) is refused with a message naming the environment, and any other
 * key must be one this sandbox was started with. `data` is null on every 401.
 */
export function apiKeyAuth(store: SandboxStore): MiddlewareHandler<SandboxEnv> {
  return async function apiKeyAuth(c, next) {
    const key = c.req.header('x-api-key')?.trim()
    if (!key) throw new ApiError(401, 'Missing API key', null)
    if (key.startsWith('is_live_')) {
      throw new ApiError(
        401,
        'This is a production API key (is_live_); the sandbox environment accepts only sandbox keys (is_test_)',
        null,
      )
    }
    const user = store.userByKey(key)
    if (!user) throw new ApiError(401, 'Invalid API key', null)
    c.set('user', user)
    await next()
  }
}
