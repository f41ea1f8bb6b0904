import type { Context } from 'hono'
import { fail } from '../http/envelope.js'
import type { KitContext, StreamHolder } from './context.js'

/** Milliseconds the browser waits before reconnecting a dropped stream (the `retry:` field). */
export const RECONNECT_MS = 3000

/**
 * Bytes that may wait for one slow client (dozens of frames). Past it the stream is dropped; its
 * client reconnects and resumes from the store.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024

/** The head of every event stream the kit answers (`X-Accel-Buffering: no` for nginx). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
}

/** Seconds a client at its stream limit is told to wait (`Retry-After`) before opening another. */
export const STREAM_RETRY_AFTER_S = 30

/**
 * Whether `owner` may open one more event stream from this client address on this instance (the
 * kit's `streamLimits`; clients with no visible address count as one): its holder to `kit.streams.add` the stream under, or the 429 answer with
 * `Retry-After`. Call it right before `openSseStream`, in the same turn as the `add`.
 */
export function admitStream(
  c: Context,
  kit: Pick<KitContext, 'streams' | 'clientAddress'>,
  owner: string,
): { ok: true; holder: StreamHolder } | { ok: false; response: Response } {
  const holder: StreamHolder = { session: owner, address: kit.clientAddress(c) }
  const full = kit.streams.full(holder)
  if (full === null) return { ok: true, holder }
  c.header('Retry-After', String(STREAM_RETRY_AFTER_S))
  c.header('Cache-Control', 'no-store')
  const who = {
    session: 'for your session',
    address: 'from your network address',
    instance: 'on this server',
  }[full]
  return {
    ok: false,
    response: fail(
      c,
      429,
      `Too many live updates are open ${who}: close some, or try again in ${STREAM_RETRY_AFTER_S} s.`,
      { code: 'too_many_streams' },
    ),
  }
}

/** Why a stream closed: the route ended it, the client went away, or the client fell behind. */
export type SseCloseReason = 'done' | 'client' | 'slow'

/** An open server-sent events stream: frames in, bytes to one client. */
export type SseStream = {
  /** Sends a frame; false when the stream is closed (already, or by this write's slow client). */
  write(frame: Uint8Array): boolean
  /** Sends a keep-alive frame, unless frames already wait for the client (it is alive then). */
  ping(frame: Uint8Array): void
  /** Ends the stream after what was written. */
  close(): void
  /** `direct` when frames go straight to Node's response, `web` when through a web stream. */
  mode(): 'direct' | 'web'
}

export type SseStreamOptions = {
  headers: Record<string, string>
  /**
   * Bytes that may wait for a slow client. Past it the stream is dropped at once (its waiting
   * frames discarded): the client reconnects with `Last-Event-ID` and resumes from the store.
   */
  maxBufferedBytes: number
  /** Called once, however the stream closes. */
  onClose(reason: SseCloseReason): void
}

/** The parts of Node's `ServerResponse` the direct path uses. */
type NodeResponse = {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown
  flushHeaders(): void
  write(chunk: Uint8Array): boolean
  end(): unknown
  destroy(): void
  once(event: 'close', listener: () => void): unknown
  off(event: 'close', listener: () => void): unknown
  readonly headersSent: boolean
  readonly writableEnded: boolean
  readonly destroyed: boolean
  readonly writableLength: number
}

/**
 * The Node response under this request, when the kit runs on `@hono/node-server` (which passes
 * `{ incoming, outgoing }` as the Hono env) over HTTP/1.x. Elsewhere (Next.js route handlers,
 * edge runtimes, `app.request`, HTTP/2) there is none and the stream is a web `ReadableStream`.
 */
function nodeResponseOf(env: unknown): NodeResponse | null {
  if (typeof env !== 'object' || env === null) return null
  const { incoming, outgoing } = env as { incoming?: unknown; outgoing?: unknown }
  const version = (incoming as { httpVersion?: unknown } | undefined)?.httpVersion
  if (version !== '1.1' && version !== '1.0') return null
  const response = outgoing as Partial<NodeResponse> | undefined
  for (const method of ['writeHead', 'flushHeaders', 'write', 'end', 'destroy', 'once', 'off']) {
    if (typeof (response as Record<string, unknown> | undefined)?.[method] !== 'function') {
      return null
    }
  }
  return typeof response!.writableLength === 'number' ? (response as NodeResponse) : null
}

/** `@hono/node-server`'s marker: a response with this header was written by the handler itself. */
const ALREADY_SENT = 'x-hono-already-sent'

/** Headers as `writeHead` takes them; `Set-Cookie` stays a list. */
function nodeHeaders(headers: Headers): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {}
  for (const [name, value] of headers) {
    if (name !== 'set-cookie' && name !== ALREADY_SENT) record[name] = value
  }
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) record['set-cookie'] = cookies
  return record
}

/**
 * Opens a server-sent events response.
 *
 * On Node (`@hono/node-server`, HTTP/1.x) frames are written straight to the Node response: the
 * route returns an empty response marked as already sent, which every middleware sees and may
 * add headers to (CORS, secure headers), and the head is written from it once the middleware
 * chain has returned (on the next turn of the event loop), then each frame is one
 * `response.write`. No web stream, no promise per chunk, and nothing of the request's context
 * (Hono's context, its Request and Response objects) is kept for the stream's lifetime. Should
 * something else have answered by then (a middleware that replaced the response), the stream
 * closes unused.
 *
 * Elsewhere (Next.js route handlers, edge runtimes, `app.request`, HTTP/2) the body is a web
 * `ReadableStream` the runtime reads.
 *
 * Backpressure: a client that reads slower than events arrive holds at most `maxBufferedBytes`
 * (Node's buffer for its socket, or the stream's queue); past it the client is dropped, never
 * buffered without bound.
 */
export function openSseStream(
  c: Context,
  options: SseStreamOptions,
): { response: Response; stream: SseStream } {
  const node = nodeResponseOf(c.env)
  return node ? openNodeStream(c, node, options) : openWebStream(c, options)
}

function openNodeStream(
  c: Context,
  node: NodeResponse,
  options: SseStreamOptions,
): { response: Response; stream: SseStream } {
  const stream = new NodeSseStream(node, options.maxBufferedBytes, options.onClose)
  let context: Context | null = c
  setImmediate(() => {
    // Every middleware has returned by now; the context's response is the final one.
    const final = context!.res
    context = null
    stream.writeHead(final.headers)
  })
  return { response: c.body(null, 200, { ...options.headers, [ALREADY_SENT]: '1' }), stream }
}

/**
 * One stream on a Node response. A class, not closures: ten thousand open streams share its
 * methods, and each holds only its fields.
 */
class NodeSseStream implements SseStream {
  /** Frames written before the head is (the snapshot, usually); null once the head is out. */
  private early: Uint8Array[] | null = []
  private closed = false
  // 'close' comes on every way out: finished, reset by the client, or answered by someone else.
  private readonly gone = () => this.finish('client')

  constructor(
    private readonly node: NodeResponse,
    private readonly maxBufferedBytes: number,
    private readonly onClose: (reason: SseCloseReason) => void,
  ) {
    node.once('close', this.gone)
  }

  writeHead(headers: Headers) {
    const { node } = this
    if (node.headersSent || node.writableEnded || node.destroyed) return this.finish('client')
    node.writeHead(200, nodeHeaders(headers))
    node.flushHeaders()
    const early = this.early ?? []
    this.early = null
    for (const frame of early) node.write(frame)
    // Closed before the head: what was written goes out, then the end.
    if (this.closed) node.end()
  }

  write(frame: Uint8Array): boolean {
    if (this.closed) return false
    if (this.early) {
      this.early.push(frame)
      return true
    }
    if (this.node.writableLength > this.maxBufferedBytes) {
      this.finish('slow')
      return false
    }
    this.node.write(frame)
    return true
  }

  ping(frame: Uint8Array) {
    if (!this.early && this.node.writableLength === 0) this.write(frame)
  }

  close() {
    this.finish('done')
  }

  mode(): 'direct' {
    return 'direct'
  }

  private finish(reason: SseCloseReason) {
    if (this.closed) return
    this.closed = true
    this.node.off('close', this.gone)
    if (reason === 'slow') this.node.destroy()
    else if (reason === 'done' && !this.early) this.node.end()
    this.onClose(reason)
  }
}

function openWebStream(
  c: Context,
  options: SseStreamOptions,
): { response: Response; stream: SseStream } {
  const { maxBufferedBytes, onClose } = options
  const signal = c.req.raw.signal
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false

  const finish = (reason: SseCloseReason) => {
    if (closed) return
    closed = true
    signal.removeEventListener('abort', onGone)
    if (reason === 'slow') {
      controller.error(new Error('The client fell behind the event stream'))
    } else {
      try {
        controller.close()
      } catch {
        // Already cancelled by the client.
      }
    }
    onClose(reason)
  }
  const onGone = () => finish('client')

  const body = new ReadableStream<Uint8Array>(
    {
      start(ctrl) {
        controller = ctrl
      },
      cancel() {
        finish('client')
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  )
  if (signal.aborted) finish('client')
  else signal.addEventListener('abort', onGone, { once: true })

  const stream: SseStream = {
    write(frame) {
      if (closed) return false
      if (-(controller.desiredSize ?? 0) > maxBufferedBytes) {
        finish('slow')
        return false
      }
      controller.enqueue(frame)
      return true
    },
    ping(frame) {
      if (!closed && (controller.desiredSize ?? 0) >= 0) stream.write(frame)
    },
    close: () => finish('done'),
    mode: () => 'web',
  }
  return { response: c.body(body, 200, options.headers), stream }
}
