import type { Context, MiddlewareHandler } from 'hono'
import { fail } from '../../http/envelope.js'

export type BodyLimitOptions = {
  /** Largest body accepted, in bytes. */
  maxBytes: number
  /** The answer for a body that is too large. Defaults to a 413 error envelope. */
  onError?: (c: Context) => Response | Promise<Response>
}

/** Thrown inside {@link readLimited} when the body passes the limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * Reads a body stream to the end, counting the bytes that actually arrive and stopping (and
 * cancelling the stream) as soon as they pass `maxBytes`.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new BodyTooLargeError(`Body is larger than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * Limits request bodies by the bytes that arrive, not by what `Content-Length` claims (hono's
 * `bodyLimit()` trusts the header when it is present). A declared length above the limit is
 * refused before reading; otherwise the stream is counted, and the bytes read are put back on
 * the request for the handler.
 *
 * @example
 * app.post('/quotes', limitBody({ maxBytes: 16 * 1024 }), handler)
 */
export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  const { maxBytes } = options
  const onError =
    options.onError ??
    ((c: Context) => fail(c, 413, `Request body is larger than ${maxBytes} bytes.`))
  return async function limitBody(c, next) {
    const declared = c.req.header('content-length')
    if (declared !== undefined && Number(declared) > maxBytes) return onError(c)
    const body = c.req.raw.body
    if (!body) return next()
    let bytes: Uint8Array
    try {
      bytes = await readLimited(body, maxBytes)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return onError(c)
      throw error
    }
    c.req.raw = new Request(c.req.raw, { body: bytes as BodyInit })
    return next()
  }
}
