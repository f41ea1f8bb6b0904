import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { ProxiedRequest, ProxyRecord, Upstream } from './types.js'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
])

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
  })
}

function endToEnd(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value
  }
  return out
}

/**
 * Sends the request on to the target over a connection of its own (no keep-alive), so an
 * idle pooled socket closing can never pass for a fault. Marks the record forwarded, and its
 * upstream status once the answer is read.
 */
export function forward(
  target: string,
  upstreamTimeoutMs: number,
  request: ProxiedRequest,
  record: ProxyRecord,
): Promise<Upstream> {
  record.forwarded = true
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${target}${request.path}${request.search}`,
      {
        method: request.method,
        headers: {
          ...endToEnd(request.headers),
          'content-length': String(request.body.byteLength),
        },
        agent: false,
        timeout: upstreamTimeoutMs,
      },
      (incoming) => {
        readBody(incoming).then((body) => {
          const status = incoming.statusCode ?? 502
          record.upstreamStatus = status
          const out: Record<string, string> = {}
          for (const [name, value] of Object.entries(endToEnd(incoming.headers))) {
            out[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status, headers: out, body })
        }, reject)
      },
    )
    outgoing.once('timeout', () => outgoing.destroy(new Error('upstream timeout')))
    outgoing.once('error', reject)
    outgoing.end(request.body)
  })
}
