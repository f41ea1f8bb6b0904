import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A local HTTP server for client tests (node:http on 127.0.0.1, port 0): it records every
 * request and answers from a route table, so tests exercise the real fetch, headers, bodies,
 * status codes and connection failures rather than a mocked fetch. Test-only: never imported by
 * package code.
 */

/** A request as the server saw it. */
export type RecordedRequest = {
  method: string
  /** Path without the query. */
  path: string
  query: URLSearchParams
  /** Header names lower-cased. */
  headers: Record<string, string>
  body: string
  /** The body as received, byte for byte (a binary upload is not valid UTF-8). */
  bytes: Uint8Array
  json: unknown
}

/** How the server answers one request. */
export type TestReply =
  | {
      status?: number
      /** Serialised with JSON.stringify. */
      json?: unknown
      /** Sent as it is (an HTML page, a JSON text with big integers...). */
      text?: string
      headers?: Record<string, string>
      /** Wait before answering. */
      delayMs?: number
    }
  /** Never answer (the client must time out). */
  | { hang: true }
  /** Read the request, then drop the connection without answering. */
  | { destroy: true }

export type TestResponder = TestReply | ((request: RecordedRequest) => TestReply)

export type TestServer = {
  /** Base address, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /**
   * Answers `method path` with these replies in turn; the last one repeats. Replaces an
   * earlier route for the same method and path.
   */
  route(method: string, path: string, ...replies: TestResponder[]): void
  /** Forgets routes and recorded requests. */
  reset(): void
  close(): Promise<void>
}

/** The service's success envelope. */
export function success(
  data: unknown,
  message = 'OK',
): { status: 'success'; message: string; data: unknown } {
  return { status: 'success', message, data }
}

/** The service's error envelope. */
export function failure(
  message: string,
  data: unknown = null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { status: 'error', message, data, ...extra }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Starts a server; close it in `afterAll`/`afterEach`. */
export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, { replies: TestResponder[]; next: number }>()
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  const pending = new Set<ServerResponse>()

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
    const bytes = await readBody(incoming)
    const body = bytes.toString('utf8')
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      bytes: new Uint8Array(bytes),
      json: parseJson(body),
    }
    requests.push(recorded)

    const route = routes.get(`${recorded.method} ${recorded.path}`)
    const responder = route?.replies[Math.min(route.next++, route.replies.length - 1)] ?? {
      status: 404,
      json: failure('Route not found in test server'),
    }
    const reply = typeof responder === 'function' ? responder(recorded) : responder
    if ('hang' in reply) {
      pending.add(response)
      return
    }
    if ('destroy' in reply) {
      incoming.socket.destroy()
      return
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
    response.writeHead(reply.status ?? 200, {
      'Content-Type': reply.text === undefined ? 'application/json' : 'text/plain',
      ...reply.headers,
    })
    response.end(text)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, path, ...replies) {
      routes.set(`${method.toUpperCase()} ${path}`, { replies, next: 0 })
    },
    reset() {
      routes.clear()
      requests.length = 0
    },
    close() {
      for (const socket of sockets) socket.destroy()
      pending.clear()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A local address where nothing listens: connecting is refused (ECONNREFUSED). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
