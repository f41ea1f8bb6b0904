// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { closedPortUrl, failure, success, type TestReply } from '../../../test/httpServer.js'
import { useKitTestServer } from '../../../test/kitServer.js'
import { NetworkError, RampApiError } from '../../errors/index.js'
import { createKitClient } from '../client.js'
import { uploadCustomerDocument } from './upload.js'

const kit = useKitTestServer({ 'x-csrf': 't1' })
const DOCUMENTS = '/api/ramp/customer/documents'

/**
 * Answers POST /customer/documents with `reply`. The test page (vitest's jsdom) is another
 * origin than the local server, so the server also allows it by CORS, preflight included.
 */
function documentsAnswer(reply: TestReply) {
  const allow = { 'access-control-allow-origin': location.origin }
  kit.server.route('OPTIONS', DOCUMENTS, {
    status: 204,
    headers: {
      ...allow,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'accept, content-type, x-csrf',
    },
  })
  kit.server.route('POST', DOCUMENTS, 'hang' in reply ? reply : { ...reply, headers: allow })
}

/** The uploads the server received, without the preflights. */
const uploads = () => kit.server.requests.filter((request) => request.method === 'POST')

const pdf = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.7'))
  return new Blob([bytes], { type: 'application/pdf' })
}

describe('uploadCustomerDocument in a browser (XMLHttpRequest)', () => {
  it('sends the bytes with their type and headers, reporting progress up to the whole file', async () => {
    expect(typeof XMLHttpRequest).toBe('function')
    documentsAnswer({ status: 201, json: success({ status: 'incomplete' }) })
    const file = pdf(200_000)
    const progress: [number, number][] = []
    const customer = await uploadCustomerDocument(kit.client, {
      category: 'identity',
      side: 'back',
      file,
      onProgress: (sent, total) => progress.push([sent, total]),
    })
    expect(customer).toEqual({ status: 'incomplete' })
    const sent = uploads()[0]!
    expect(sent.bytes).toEqual(new Uint8Array(await file.arrayBuffer()))
    expect(sent.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-csrf': 't1' })
    expect(Object.fromEntries(sent.query)).toEqual({ category: 'identity', side: 'back' })
    // From nothing to the whole file, never backwards.
    expect(progress[0]).toEqual([0, 200_000])
    expect(progress.at(-1)).toEqual([200_000, 200_000])
    const counts = progress.map(([count]) => count)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
  })

  it('rejects a refusal as RampApiError with its field', async () => {
    documentsAnswer({
      status: 413,
      json: failure('The file is larger than 8 MB', { field: 'file' }),
    })
    const upload = uploadCustomerDocument(kit.client, { category: 'identity', file: pdf(16) })
    await expect(upload).rejects.toBeInstanceOf(RampApiError)
    await expect(upload).rejects.toMatchObject({ status: 413, field: 'file' })
  })

  it('rejects with NetworkError when the kit cannot be reached', async () => {
    const offline = createKitClient({ endpoint: `${await closedPortUrl()}/api/ramp` })
    const upload = uploadCustomerDocument(offline, { category: 'identity', file: pdf(16) })
    await expect(upload).rejects.toBeInstanceOf(NetworkError)
  })

  it("rejects with the signal's reason when the caller cancels", async () => {
    documentsAnswer({ hang: true })
    const controller = new AbortController()
    const upload = uploadCustomerDocument(kit.client, {
      category: 'identity',
      file: pdf(16),
      signal: controller.signal,
    })
    await vi.waitFor(() => expect(uploads()).toHaveLength(1))
    const reason = new Error('The user closed the step')
    controller.abort(reason)
    await expect(upload).rejects.toBe(reason)
  })
})
