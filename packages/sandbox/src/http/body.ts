import type { Context } from 'hono'
import { ApiError } from './envelope.js'

/**
 * Largest request body the sandbox reads: 1 MiB. Larger bodies get 413 in the envelope, with
 * `data.max_bytes`.
 *
 * @example
 * expect(response.status).toBe(body.length > MAX_BODY_BYTES ? 413 : 201)
 */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Reads the raw request bytes, counting them as they stream in: `Content-Length` can lie or be
 * absent (chunked uploads), so the limit is enforced on what actually arrives.
 */
export async function readRawBody(c: Context, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes)
  const stream = c.req.raw.body
  if (!stream) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw tooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(400, 'The request body could not be read', null)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(maxBytes: number) {
  return new ApiError(413, `The request body is larger than ${maxBytes} bytes`, {
    max_bytes: maxBytes,
  })
}

/** Options of `readJsonBody`. */
export type ReadJsonOptions = {
  /** When true an empty body reads as `{}` (accept and revoke take no body). */
  optional?: boolean
  /** Largest body read, bytes. Default `MAX_BODY_BYTES`; document uploads take more. */
  maxBytes?: number
}

/**
 * Reads a JSON object body: 415 unless the content type is JSON, 413 above the size limit, 400
 * for malformed JSON or a body that is not an object.
 */
export async function readJsonBody(
  c: Context,
  options: ReadJsonOptions = {},
): Promise<Record<string, unknown>> {
  const bytes = await readRawBody(c, options.maxBytes)
  if (bytes.byteLength === 0) {
    if (options.optional) return {}
    throw new ApiError(400, 'A JSON request body is required', null)
  }
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError(415, 'Content-Type must be application/json', {
      field: 'Content-Type',
    })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON', null)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, 'The request body must be a JSON object', null)
  }
  return parsed as Record<string, unknown>
}
