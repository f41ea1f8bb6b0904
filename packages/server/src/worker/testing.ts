// Test support for the multi-instance tests, not part of the package's API (excluded from the
// published files): an SSE reader that follows a stream to its end, and a webhook relay that
// hands each delivery of the real sandbox to several kit instances.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { takeSseEvents } from '../../test/kit.js'

/** One server-sent event as read, with when it was read (`Date.now()`). */
export type SseEvent = { event: string; data: string; at: number }

/**
 * Follows one SSE response: `until` reads events until a predicate holds, `toEnd` until the
 * server closes the stream. Every event read is kept in `events`.
 */
export type SseStream = {
  readonly events: SseEvent[]
  /** Whether the server closed the stream. */
  readonly closed: boolean
  until(check: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>
  /** Reads until the server closes the stream; fails after `timeoutMs`. */
  toEnd(timeoutMs?: number): Promise<SseEvent[]>
  cancel(): Promise<void>
}

export function sseStream(res: Response): SseStream {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  let buffer = ''
  let closed = false
  let reading: Promise<void> | null = null

  /** Reads one chunk and parses the whole events in it. */
  const readChunk = () => {
    reading ??= (async () => {
      const next = await reader.read()
      if (next.done) {
        closed = true
        return
      }
      buffer = takeSseEvents(buffer + decoder.decode(next.value, { stream: true }), events)
    })().finally(() => {
      reading = null
    })
    return reading
  }

  const stream: SseStream = {
    events,
    get closed() {
      return closed
    },
    async until(check, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (!check(events)) {
        if (closed) throw new Error(`stream closed first: ${JSON.stringify(events)}`)
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no match in ${timeoutMs} ms: ${JSON.stringify(events)}`)
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([
          readChunk(),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, left)
          }),
        ]).finally(() => clearTimeout(timer))
      }
      return events
    },
    async toEnd(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (!closed) {
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`still open after ${timeoutMs} ms: ${JSON.stringify(events)}`)
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([
          readChunk(),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, left)
          }),
        ]).finally(() => clearTimeout(timer))
      }
      return events
    },
    async cancel() {
      if (!closed) await reader.cancel().catch(() => {})
      closed = true
    },
  }
  return stream
}

/** What one instance answered to a relayed delivery. */
export type RelayAnswer = {
  target: string
  status: number
  /** `data.duplicate` of the answer's envelope, when it has one. */
  duplicate: boolean | null
  at: number
}

/** One delivery as the relay received it, and what each target answered. */
export type RelayedDelivery = {
  id: string
  event: string
  body: string
  /** When the relay received it (`Date.now()`). */
  receivedAt: number
  answers: RelayAnswer[]
}

export type WebhookRelay = {
  url: string
  deliveries: RelayedDelivery[]
  stop(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

/**
 * A webhook relay on 127.0.0.1 for the sandbox to deliver to, as a load balancer in front of
 * several kit instances that also delivers each request again to the others (a retry landing
 * on another instance): every delivery goes, byte for byte with its headers, to `targets[0]`
 * first and, once it has answered, to each other target in turn. The sandbox gets the first
 * target's answer.
 */
export async function startWebhookRelay(targets: readonly string[]): Promise<WebhookRelay> {
  const deliveries: RelayedDelivery[] = []
  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request)
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) continue
        for (const one of [value ?? []].flat()) headers.append(name, one)
      }
      const header = (name: string) => headers.get(name) ?? ''
      const delivery: RelayedDelivery = {
        id: header('x-webhook-id'),
        event: header('x-webhook-event'),
        body: body.toString('utf8'),
        receivedAt: Date.now(),
        answers: [],
      }
      deliveries.push(delivery)
      let first: { status: number; text: string } | null = null
      for (const target of targets) {
        const res = await fetch(target, { method: 'POST', headers, body: new Uint8Array(body) })
        const text = await res.text()
        let duplicate: boolean | null = null
        try {
          const parsed = JSON.parse(text) as { data?: { duplicate?: unknown } }
          if (typeof parsed.data?.duplicate === 'boolean') duplicate = parsed.data.duplicate
        } catch {
          // Not an envelope: recorded without a duplicate flag.
        }
        delivery.answers.push({ target, status: res.status, duplicate, at: Date.now() })
        first ??= { status: res.status, text }
      }
      response.writeHead(first!.status, { 'content-type': 'application/json' })
      response.end(first!.text)
    } catch {
      response.writeHead(502)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
