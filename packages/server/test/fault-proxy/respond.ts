import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Fault, Upstream } from './types.js'

const HTML_PAGE = (status: number) =>
  `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n`

export const gone = (res: ServerResponse) =>
  res.destroyed || res.socket === null || res.socket.destroyed

export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
) {
  if (gone(res)) return
  res.writeHead(status, { ...headers, 'content-length': String(body.byteLength) })
  res.end(body)
}

export function envelope(message: string, data: Record<string, string> | null = null) {
  return Buffer.from(JSON.stringify({ status: 'error', message, data }))
}

/** Whether the fault needs the upstream's answer (or lets the upstream act first). */
export function needsUpstream(fault: Fault): boolean {
  const after = 'after' in fault && fault.after === true
  return (
    fault.kind === 'pass' ||
    fault.kind === 'slowHeaders' ||
    fault.kind === 'slowBody' ||
    fault.kind === 'truncate' ||
    after
  )
}

/** A made-up answer: the service's error envelope, a 429, or a gateway's HTML page. */
function answerInstead(
  res: ServerResponse,
  fault: Fault & { kind: 'status' | 'rateLimit' | 'html' },
) {
  if (fault.kind === 'status') {
    const status = fault.status ?? 502
    send(
      res,
      status,
      { 'content-type': 'application/json' },
      envelope(
        status === 503 ? 'Service unavailable' : 'Upstream temporarily unavailable',
        fault.data ?? null,
      ),
    )
  } else if (fault.kind === 'rateLimit') {
    send(
      res,
      429,
      { 'content-type': 'application/json', 'retry-after': String(fault.retryAfter ?? 1) },
      envelope('Too many requests'),
    )
  } else {
    const status = fault.status ?? 502
    send(
      res,
      status,
      { 'content-type': 'text/html; charset=utf-8' },
      Buffer.from(HTML_PAGE(status)),
    )
  }
}

/**
 * Applies the fault to the answer: the upstream's own (`pass`), late or cut short, a closed or
 * reset connection, or a made-up answer.
 */
export async function respond(
  res: ServerResponse,
  socket: Socket,
  fault: Fault,
  upstream: Upstream | undefined,
  later: (ms: number) => Promise<void>,
): Promise<void> {
  switch (fault.kind) {
    case 'pass':
      send(res, upstream!.status, upstream!.headers, upstream!.body)
      return
    case 'drop':
      socket.destroy()
      return
    case 'reset':
      socket.resetAndDestroy()
      return
    case 'status':
    case 'rateLimit':
    case 'html':
      answerInstead(res, fault)
      return
    case 'slowHeaders':
      await later(fault.delayMs)
      send(res, upstream!.status, upstream!.headers, upstream!.body)
      return
    case 'slowBody': {
      if (gone(res)) return
      res.writeHead(upstream!.status, {
        ...upstream!.headers,
        'content-length': String(upstream!.body.byteLength),
      })
      res.flushHeaders()
      await later(fault.delayMs)
      if (!gone(res)) res.end(upstream!.body)
      return
    }
    case 'truncate': {
      if (gone(res)) return
      const body = upstream!.body
      const declared = body.byteLength >= 2 ? body.byteLength : body.byteLength + 16
      res.writeHead(upstream!.status, {
        ...upstream!.headers,
        'content-length': String(declared),
      })
      res.write(body.subarray(0, Math.floor(body.byteLength / 2)), () => socket.destroy())
      return
    }
  }
}
