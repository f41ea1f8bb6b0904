import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import { afterEach, describe, expect, it } from 'vitest'
import { readEvents, waitFor } from '../../test/kit.js'
import { openSseStream, type SseCloseReason, type SseStream } from './sse.js'

const encoder = new TextEncoder()
const frame = (n: number) => encoder.encode(`id: ${n}\nevent: order\ndata: {"n":${n}}\n\n`)
const LIMIT = 32 * 1024

/** An app whose one route opens a stream and hands it to the test. */
function streamingApp() {
  const opened: { stream: SseStream; closed: SseCloseReason[] }[] = []
  const app = new Hono()
  app.use('*', secureHeaders())
  app.use('*', compress())
  app.get('/events', (c) => {
    const closed: SseCloseReason[] = []
    const { response, stream } = openSseStream(c, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
      maxBufferedBytes: LIMIT,
      onClose: (reason) => closed.push(reason),
    })
    stream.write(frame(1))
    opened.push({ stream, closed })
    return response
  })
  return { app, opened }
}

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function listen(app: Hono): Promise<number> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return (server.address() as AddressInfo).port
}

describe('openSseStream on Node (@hono/node-server, HTTP/1.1)', () => {
  it('writes straight to the response after the head, with every middleware header, and ends on close', async () => {
    const { app, opened } = streamingApp()
    const port = await listen(app)
    const res = await fetch(`http://127.0.0.1:${port}/events`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    // Set by secureHeaders after the handler returned: the head is written after the chain.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-encoding')).toBeNull()
    const first = await readEvents(res.clone(), (all) => all.length >= 1)
    expect(first.map((e) => e.id)).toEqual(['1'])
    const { stream, closed } = opened[0]!
    expect(stream.mode()).toBe('direct')
    for (let n = 2; n <= 5; n++) expect(stream.write(frame(n))).toBe(true)
    stream.close()
    const events = await readEvents(res, () => false)
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4', '5'])
    expect(closed).toEqual(['done'])
    expect(stream.write(frame(6))).toBe(false)
  })

  it('closes with the client: a dropped connection is seen once, and writes stop', async () => {
    const { app, opened } = streamingApp()
    const port = await listen(app)
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/events`, { signal: controller.signal })
    await readEvents(res, (all) => all.length >= 1)
    controller.abort()
    const { stream, closed } = opened[0]!
    await waitFor(() => closed.length > 0)
    expect(closed).toEqual(['client'])
    expect(stream.write(frame(2))).toBe(false)
  })

  it('drops a client that stops reading once more than the limit waits, instead of buffering on', async () => {
    const { app, opened } = streamingApp()
    const port = await listen(app)
    const socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    // Read the head and the first frame, then stop reading for good.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()))
    socket.pause()
    const { stream, closed } = opened[0]!
    expect(stream.mode()).toBe('direct')
    const big = encoder.encode(`event: order\ndata: ${'x'.repeat(16 * 1024)}\n\n`)
    let written = 0
    // Bounded: the kernel's socket buffers hold a few MB at most before Node starts queueing.
    while (written < 4000 && stream.write(big)) {
      written++
      if (written % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    expect(closed).toEqual(['slow'])
    expect(written).toBeLessThan(4000)
    expect(stream.write(big)).toBe(false)
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve())
      socket.resume()
    })
  })
})

describe('openSseStream elsewhere (a web ReadableStream)', () => {
  it('streams through the body when there is no Node response, and drops a reader that falls behind', async () => {
    const { app, opened } = streamingApp()
    const res = await app.request('/events')
    expect(res.headers.get('transfer-encoding')).toBeNull()
    const { stream, closed } = opened[0]!
    expect(stream.mode()).toBe('web')
    const first = await readEvents(res.clone(), (all) => all.length >= 1)
    expect(first.map((e) => e.id)).toEqual(['1'])

    let written = 0
    const big = encoder.encode(`data: ${'x'.repeat(4 * 1024)}\n\n`)
    while (written < 1000 && stream.write(big)) written++
    expect(closed).toEqual(['slow'])
    // The queue held at most the limit and one frame before the drop.
    expect(written * big.byteLength).toBeLessThanOrEqual(LIMIT + 2 * big.byteLength)
    await expect(res.text()).rejects.toThrow()
  })

  it('ends the body on close', async () => {
    const { app, opened } = streamingApp()
    const res = await app.request('/events')
    opened[0]!.stream.write(frame(2))
    opened[0]!.stream.close()
    const events = await readEvents(res, () => false)
    expect(events.map((e) => e.id)).toEqual(['1', '2'])
    expect(opened[0]!.closed).toEqual(['done'])
  })
})
