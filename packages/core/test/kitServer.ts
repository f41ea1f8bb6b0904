import { MutationObserver, type MutationOptions, QueryClient } from '@tanstack/query-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createKitClient, type KitClient } from '../src/kit/client.js'
import { startTestServer, type TestServer } from './httpServer.js'

/** A test server for one test file and a kit client mounted on it at `/api/ramp`. */
export type KitTestServer = {
  readonly server: TestServer
  readonly client: KitClient
  /** The client's endpoint: `${server.url}/api/ramp`. */
  readonly endpoint: string
}

/**
 * Starts a test server before the file's tests, forgets its routes and requests after each,
 * and closes it after all. Read `server` and `client` inside tests: they exist once started.
 */
export function useKitTestServer(headers?: Record<string, string>): KitTestServer {
  let server: TestServer | undefined
  let client: KitClient | undefined
  beforeAll(async () => {
    server = await startTestServer()
    client = createKitClient({
      endpoint: `${server.url}/api/ramp`,
      ...(headers ? { headers } : {}),
    })
  })
  afterEach(() => server?.reset())
  afterAll(() => server?.close())
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The kit test server is not started yet')
    return value
  }
  return {
    get server() {
      return started(server)
    },
    get client() {
      return started(client)
    },
    get endpoint() {
      return started(client).endpoint
    },
  }
}

/** Runs a mutation as an adapter's `useMutation(...).mutateAsync` does. */
export function mutate<TData, TVariables>(
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
  queryClient = new QueryClient(),
): Promise<TData> {
  return new MutationObserver(queryClient, options).mutate(variables)
}
