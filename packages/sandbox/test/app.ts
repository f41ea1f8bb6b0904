import { createSandboxApp } from '../src/app.js'
import { createSandboxContext, type SandboxOptions } from '../src/server.js'
import type { SandboxChainPort } from '../src/service/chain.js'

/** Keys of the route tests: two partner users. */
export const TEST_KEY = 'is_test_unit_key_one'
export const OTHER_KEY = 'is_test_unit_key_two'

/** How a test describes a request: `key: null` sends none, a non-string body is sent as JSON. */
export type TestRequest = {
  method?: string
  body?: unknown
  key?: string | null
  headers?: Record<string, string>
}

/** The `RequestInit` of a test request, with `defaultKey` as `X-API-Key` unless told otherwise. */
export function testRequestInit(
  init: TestRequest,
  defaultKey: string,
): { method: string; headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = { ...init.headers }
  const key = init.key === undefined ? defaultKey : init.key
  if (key !== null) headers['X-API-Key'] = key
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    headers['Content-Type'] ??= 'application/json'
  }
  return { method: init.method ?? 'GET', headers, body }
}

/**
 * A sandbox app for `app.request()` tests: frozen clock (speed 0), two users, no server, and no
 * chain unless one is passed.
 */
export function createTestApp(options: SandboxOptions = {}, chain?: SandboxChainPort) {
  const ctx = createSandboxContext(
    { speed: 0, apiKeys: [TEST_KEY, OTHER_KEY], webhookSecret: 'whsec_unit_test', ...options },
    chain,
  )
  const app = createSandboxApp(ctx)
  /** Calls the app with the test key (or `key: null` for none) and returns status and body. */
  async function call(path: string, init: TestRequest = {}) {
    const response = await app.request(path, testRequestInit(init, TEST_KEY))
    const json = (await response.json()) as {
      status: string
      message: string
      code?: string
      // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
      data: any
    }
    return { status: response.status, headers: response.headers, body: json }
  }
  return { ctx, app, call }
}
