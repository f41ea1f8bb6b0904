import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '../src/core.js'

/** One request the receiver got, with the outcome of verifying its signature. */
export type ReceivedWebhook = {
  headers: IncomingHttpHeaders
  event: string
  deliveryId: string
  raw: string
  body: Record<string, unknown>
  verified: boolean
  /** The status answered, or `null` when the connection was dropped without an answer. */
  answered: number | null
}

/** A status to answer with, or `'drop'` to close the connection without answering. */
export type ReceiverAnswer = number | 'drop'

/**
 * A real webhook receiver for tests: node:http on 127.0.0.1:0 that verifies every request with
 * core's `verifyWebhook` over the raw bytes and answers `respond()`'s status (default 200), or
 * drops the connection unanswered (`'drop'`): a network error for the sender.
 */
export async function startReceiver(secret: string) {
  const received: ReceivedWebhook[] = []
  let respond: (webhook: Omit<ReceivedWebhook, 'answered'>) => ReceiverAnswer = () => 200
  const waiters: { test: () => boolean; resolve: () => void }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let verified = false
      try {
        await verifyWebhook({
          body: raw,
          header: request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string | undefined,
          secrets: secret,
        })
        verified = true
      } catch {}
      const webhook = {
        headers: request.headers,
        event: String(request.headers['x-webhook-event'] ?? ''),
        deliveryId: String(request.headers['x-webhook-id'] ?? ''),
        raw,
        body: JSON.parse(raw) as Record<string, unknown>,
        verified,
      }
      const answer = verified ? respond(webhook) : 401
      received.push({ ...webhook, answered: answer === 'drop' ? null : answer })
      if (answer === 'drop') request.socket.destroy()
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok')
      for (const waiter of [...waiters]) {
        if (waiter.test()) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    /** Sets the status the receiver answers verified deliveries with, or `'drop'`. */
    respondWith(next: typeof respond) {
      respond = next
    },
    /** Resolves once `test` holds (checked after each request), or rejects after `timeoutMs`. */
    waitFor(test: () => boolean, timeoutMs = 5_000): Promise<void> {
      if (test()) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('receiver: condition not met in time')),
          timeoutMs,
        )
        waiters.push({
          test,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          },
        })
      })
    },
    events(event?: string) {
      return received.filter((webhook) => !event || webhook.event === event)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>
