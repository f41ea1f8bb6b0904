import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { keepAliveFetch } from './keep-alive.js'

let server: Server | undefined
afterEach(async () => {
  const open = server
  server = undefined
  if (open) {
    open.closeAllConnections()
    await new Promise((resolve) => open.close(resolve))
  }
})

/** A real server that counts its TCP connections and echoes what it received. */
async function echoServer() {
  let connections = 0
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/empty') {
        response.writeHead(204).end()
        return
      }
      if (request.url === '/hang') return // never answers
      response.setHeader('Set-Cookie', ['a=1', 'b=2'])
      response.setHeader('Content-Type', 'application/json')
      response.statusCode = request.url === '/missing' ? 404 : 200
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          key: request.headers['x-api-key'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, connections: () => connections }
}

describe('keepAliveFetch', () => {
  it('sends method, headers and body, and answers a Response with status and every header', async () => {
    const upstream = await echoServer()
    const fetchUp = keepAliveFetch()
    const response = await fetchUp(`${upstream.url}/quote?x=1`, {
      method: 'POST',
      headers: { 'X-API-Key': 'is_test_k', 'Content-Type': 'application/json' },
      body: '{"amount":"1.50"}',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/quote?x=1',
      key: 'is_test_k',
      body: '{"amount":"1.50"}',
    })
    for (const headers of [
      new Headers({ 'X-API-Key': 'h' }),
      [['X-API-Key', 'h']] as [string, string][],
    ]) {
      const echoed = await fetchUp(`${upstream.url}/h`, { headers })
      expect(((await echoed.json()) as { key: string }).key).toBe('h')
    }
    const missing = await fetchUp(`${upstream.url}/missing`)
    expect(missing.status).toBe(404)
    const empty = await fetchUp(`${upstream.url}/empty`)
    expect(empty.status).toBe(204)
    expect(empty.body).toBeNull()
  })

  it('keeps one connection open across sequential requests', async () => {
    const upstream = await echoServer()
    const fetchUp = keepAliveFetch()
    for (let i = 0; i < 5; i++) {
      const response = await fetchUp(`${upstream.url}/read/${i}`)
      expect(((await response.json()) as { url: string }).url).toBe(`/read/${i}`)
    }
    expect(upstream.connections()).toBe(1)
  })

  it('rejects with the signal reason when aborted, and the next request still works', async () => {
    const upstream = await echoServer()
    const fetchUp = keepAliveFetch()
    const controller = new AbortController()
    const pending = fetchUp(`${upstream.url}/hang`, { signal: controller.signal })
    const reason = new Error('stop')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    const already = new AbortController()
    already.abort(reason)
    await expect(fetchUp(`${upstream.url}/x`, { signal: already.signal })).rejects.toBe(reason)
    expect((await fetchUp(`${upstream.url}/after`)).status).toBe(200)
  })

  it('fails like fetch when nothing listens', async () => {
    const upstream = await echoServer()
    const url = upstream.url
    await new Promise((resolve) => {
      server?.closeAllConnections()
      server?.close(resolve)
    })
    server = undefined
    await expect(keepAliveFetch()(`${url}/gone`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })
})
