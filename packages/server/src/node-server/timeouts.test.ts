/**
 * Slow clients against a real Node server: `serve` from `@hono/node-server` with
 * `nodeServerTimeouts()`, the kit mounted at `/api/ramp` as the storefront mounts it, and raw
 * TCP clients (`node:net`) that trickle a request one byte every 200 ms. The limits are set to
 * about a second so the file is quick; each wait is bounded wide (a cut-off comes within about a
 * second and a half, a hang would run to the end of what the client has to send).
 */
import { connect } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { ConfigurationError } from '@rampkit/core'
import { KIT_ROUTES } from '@rampkit/core/kit'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRampHandler, type RampHandler } from '../handler.js'
import { memoryStore } from '../store/memory/store.js'
import { nodeServerTimeouts } from './timeouts.js'

const TRICKLE_MS = 200
/** The limits under test: a second for the whole request, half of it for the headers. */
const LIMITS = { requestTimeout: 1000, headersTimeout: 500, connectionsCheckingInterval: 100 }
/** A client still sending after this long was not cut off (limit + check interval, wide). */
const CUT_OFF_BY_MS = 8000
/** How long a trickling client would keep going if nobody cut it off. */
const TRICKLE_FOR_MS = 15_000

const figures = { slowBody: -1, slowHeaders: -1, silent: -1 }
afterAll(() => {
  const held = Object.values(figures).filter((ms) => ms < 0).length
  console.log(
    `[security] ${JSON.stringify({ area: 'server.timeouts', slowClients: 3, held, cutOffAfterMs: figures })}`,
  )
})

type Outcome = {
  /** Milliseconds from connect until the server closed the connection, or null if it did not. */
  closedAfterMs: number | null
  /** Everything the server wrote back. */
  response: string
  /** Bytes the client managed to send. */
  sent: number
}

/**
 * Sends `head` at once, then `trickle` one byte every `TRICKLE_MS`, until the server closes the
 * connection or `TRICKLE_FOR_MS` passes (then it gives up and reports no cut-off).
 */
function slowClient(port: number, head: string, trickle: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect({ host: '127.0.0.1', port })
    let response = ''
    let sent = 0
    let timer: ReturnType<typeof setInterval> | undefined
    const finish = (closed: boolean) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ closedAfterMs: closed ? Date.now() - started : null, response, sent })
    }
    const giveUp = setTimeout(() => finish(false), TRICKLE_FOR_MS)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      response += chunk
    })
    socket.once('close', () => finish(true))
    socket.once('error', () => finish(true))
    socket.once('connect', () => {
      if (head) socket.write(head)
      sent += head.length
      let next = 0
      timer = setInterval(() => {
        if (next >= trickle.length || socket.destroyed) return
        socket.write(trickle[next]!)
        next++
        sent++
      }, TRICKLE_MS)
    })
  })
}

/** A cut-off is a closed connection, with a 408 when Node could still answer. */
function expectCutOff(outcome: Outcome) {
  expect(outcome.closedAfterMs, 'the server let the slow client go on').not.toBeNull()
  expect(outcome.closedAfterMs!).toBeLessThan(CUT_OFF_BY_MS)
  if (outcome.response !== '') expect(outcome.response).toMatch(/^HTTP\/1\.1 408 /)
}

describe('nodeServerTimeouts', () => {
  let ramp: RampHandler
  let server: ServerType
  let port = 0

  beforeAll(async () => {
    ramp = createRampHandler({
      apiKey: 'is_test_timeouts_key',
      // Nothing here is called: the slow clients never get past reading the request.
      baseUrl: 'http://127.0.0.1:9',
      webhookSecret: 'whsec_timeouts_0123456789',
      sessionSecret: 'timeouts-session-secret-0123456789-abcdef',
      store: memoryStore(),
      worker: false,
      logger: false,
    })
    const app = new Hono().route('/api/ramp', ramp)
    // A response slower than the request limit, as a live-status stream is.
    app.get('/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, LIMITS.requestTimeout * 2))
      return c.text('late but whole')
    })
    server = serve({
      fetch: app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      serverOptions: nodeServerTimeouts(LIMITS),
    })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    port = (server.address() as { port: number }).port
  })

  afterAll(async () => {
    await ramp?.ramp.close()
    await new Promise<void>((resolve) => server?.close(() => resolve()))
  })

  it('answers a request sent at normal speed', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/ramp${KIT_ROUTES.webhooks}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-id': 'd1' },
      body: JSON.stringify({ order_id: 'o', status: 'settled' }),
    })
    // Answered (no signature, so refused), not cut off.
    expect(res.status).toBe(400)
    expect((await res.json()) as { status: string }).toMatchObject({ status: 'error' })
  })

  it('cuts off a webhook body trickled a byte at a time', async () => {
    const body = JSON.stringify({ order_id: 'o', status: 'settled', pad: 'x'.repeat(200) })
    const head = [
      `POST /api/ramp${KIT_ROUTES.webhooks} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n')
    const outcome = await slowClient(port, head, body)
    expectCutOff(outcome)
    // It was cut off mid-body, not answered after sending it all.
    expect(outcome.sent).toBeLessThan(head.length + body.length)
    figures.slowBody = outcome.closedAfterMs!
  })

  it('cuts off headers trickled a byte at a time', async () => {
    const head = [
      `GET /api/ramp${KIT_ROUTES.config} HTTP/1.1`,
      'Host: 127.0.0.1',
      `X-Padding: ${'x'.repeat(200)}`,
      '',
      '',
    ].join('\r\n')
    const outcome = await slowClient(port, '', head)
    expectCutOff(outcome)
    expect(outcome.sent).toBeLessThan(head.length)
    figures.slowHeaders = outcome.closedAfterMs!
  })

  it('cuts off a connection that sends nothing', async () => {
    const outcome = await slowClient(port, '', '')
    expectCutOff(outcome)
    figures.silent = outcome.closedAfterMs!
  })

  it('times the request only: a response slower than the limit still arrives whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/slow`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('late but whole')
  })
})

describe('nodeServerTimeouts options', () => {
  it('defaults to 10 s for headers, 30 s for the request, checked every second', () => {
    expect(nodeServerTimeouts()).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    })
  })

  it('lowers the header limit with a lower request limit, and refuses what Node would', () => {
    expect(nodeServerTimeouts({ requestTimeout: 4000 })).toMatchObject({
      headersTimeout: 4000,
      requestTimeout: 4000,
    })
    expect(() => nodeServerTimeouts({ headersTimeout: 5000, requestTimeout: 4000 })).toThrow(
      ConfigurationError,
    )
    expect(() => nodeServerTimeouts({ requestTimeout: 0 })).toThrow(/requestTimeout/)
    expect(() => nodeServerTimeouts({ keepAliveTimeout: 1.5 })).toThrow(/keepAliveTimeout/)
  })
})
