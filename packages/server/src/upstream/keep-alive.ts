import type * as Http from 'node:http'

/** How long an idle connection to the service is kept, ms: below the usual 5 s server timeout. */
const IDLE_MS = 4_000

type HttpModule = typeof Http
type Builtins = { getBuiltinModule?: (id: string) => unknown; versions?: { node?: string } }

/**
 * `node:http` and `node:https` when the runtime has them, read at run time rather than imported,
 * so the module loads on an edge runtime (no Node built-ins) and bundles for it too.
 */
function nodeHttp(): { http: HttpModule; https: HttpModule } | null {
  const proc = (globalThis as { process?: Builtins }).process
  if (typeof proc?.getBuiltinModule !== 'function' || !proc.versions?.node) return null
  const http = proc.getBuiltinModule('node:http') as HttpModule | undefined
  const https = proc.getBuiltinModule('node:https') as HttpModule | undefined
  return http && https ? { http, https } : null
}

/** Statuses whose answers have no body (a `Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304])

/**
 * The upstream `fetch` of the kit: on Node, requests over `node:http`/`node:https` agents that
 * keep their connections to the service open (idle ones for 4 s, below the 5 s a Node or nginx
 * server keeps them), so a read costs one exchange on a warm socket, without the web-stream
 * machinery of the built-in `fetch`. Anywhere else (edge runtimes), and for a request it does not
 * handle (a body other than text or bytes), the global `fetch`. Redirects are not followed: the
 * service answers its API paths directly, and a 3xx is an error like any other status.
 *
 * @example
 * createRampClient({ apiKey, baseUrl, fetch: keepAliveFetch() })
 */
export function keepAliveFetch(): typeof fetch {
  const modules = nodeHttp()
  if (modules === null) return (input, init) => fetch(input, init)
  const agents = {
    'http:': new modules.http.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
    'https:': new modules.https.Agent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
  }
  return (input, init) => {
    const body = init?.body
    if (
      input instanceof Request ||
      (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))
    ) {
      return fetch(input, init)
    }
    const url = new URL(String(input))
    const protocol = url.protocol
    if (protocol !== 'http:' && protocol !== 'https:') return fetch(input, init)
    const signal = init?.signal ?? undefined
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const given = init?.headers
      // The client's headers are a plain record: sent as they are; any other form is read.
      let headers: Record<string, string>
      if (given !== undefined && !(given instanceof Headers) && !Array.isArray(given)) {
        headers = given as Record<string, string>
      } else {
        headers = {}
        new Headers(given).forEach((value, key) => {
          headers[key] = value
        })
      }
      const request = (protocol === 'https:' ? modules.https : modules.http).request(url, {
        method: init?.method ?? 'GET',
        headers,
        agent: agents[protocol],
      })
      const onAbort = () => request.destroy(signal?.reason)
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      request.on('error', (error) => {
        done()
        reject(error)
      })
      request.on('response', (response) => {
        const chunks: Uint8Array<ArrayBuffer>[] = []
        response.on('data', (chunk: Uint8Array<ArrayBuffer>) => chunks.push(chunk))
        response.on('error', (error) => {
          done()
          reject(error)
        })
        // Destroyed before its end (an abort, a cut connection): never a half body.
        response.on('close', () => {
          if (!response.complete) reject(signal?.reason ?? new Error('The answer was cut off.'))
        })
        response.on('end', () => {
          done()
          try {
            const status = response.statusCode ?? 0
            const out = new Headers()
            const raw = response.rawHeaders
            for (let i = 0; i + 1 < raw.length; i += 2) {
              out.append(raw[i] as string, raw[i + 1] as string)
            }
            resolve(
              new Response(NULL_BODY.has(status) ? null : new Blob(chunks), {
                status,
                statusText: response.statusMessage ?? '',
                headers: out,
              }),
            )
          } catch (error) {
            // A status a Response cannot carry (outside 200-599).
            reject(error)
          }
        })
      })
      request.end(body ?? undefined)
    })
  }
}
