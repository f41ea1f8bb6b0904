import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { limitBody, readLimited } from './index.js'

function app() {
  const hono = new Hono()
  hono.post('/x', limitBody({ maxBytes: 10 }), async (c) => c.text(await c.req.text()))
  return hono
}

function streamOf(...chunks: string[]) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('limitBody', () => {
  it('passes a body within the limit on to the handler intact', async () => {
    const res = await app().request('/x', { method: 'POST', body: '0123456789' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('0123456789')
  })

  it('refuses a declared Content-Length above the limit with 413', async () => {
    const res = await app().request('/x', {
      method: 'POST',
      body: 'short',
      headers: { 'content-length': '1000' },
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ status: 'error' })
  })

  it('counts the bytes that arrive when no length is declared (streamed body)', async () => {
    const res = await app().request('/x', {
      method: 'POST',
      body: streamOf('01234', '56789', 'A'),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('counts bytes, not characters', async () => {
    const res = await app().request('/x', { method: 'POST', body: 'ééééé€' })
    expect(res.status).toBe(413)
  })

  it('readLimited stops at the limit', async () => {
    await expect(readLimited(streamOf('abc', 'def'), 5)).rejects.toThrow('larger than 5')
    expect(new TextDecoder().decode(await readLimited(streamOf('abc', 'de'), 5))).toBe('abcde')
  })
})
