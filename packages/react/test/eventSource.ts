import { EventSource as EventSourcePolyfill } from 'eventsource'

/**
 * The browser's EventSource for one test user: the kit names the user by `x-test-user` here
 * (Node keeps no cookies), which a browser's EventSource cannot send, so the polyfill's fetch
 * adds it. Stub it as the global `EventSource` for the test.
 */
export function eventSourceFor(user: string) {
  return class extends EventSourcePolyfill {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, {
        ...init,
        fetch: (input, request) =>
          fetch(input, { ...request, headers: { ...request?.headers, 'x-test-user': user } }),
      })
    }
  }
}
