import {
  BadRequestError,
  ConflictError,
  CorridorNotConfiguredError,
  NetworkError,
  QuoteExpiredError,
  RampApiError,
  RampInputError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  UpstreamUnavailableError,
  ValidationError,
} from '@rampkit/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { RampLogger } from '../logger.js'
import { upstreamError } from './errors.js'

const KEY = 'is_test_secretkey123'
const lines: string[] = []
const logger: RampLogger = {
  info: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  warn: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  error: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
}

async function answer(error: unknown) {
  const app = new Hono()
  app.get('/', (c) => upstreamError(c, error, { logger, secrets: [KEY], operation: 'test' }))
  const res = await app.request('/')
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
}

describe('upstreamError', () => {
  it('passes 400/409/410/422 with the message and only whitelisted hints', async () => {
    const error = new BadRequestError({
      status: 400,
      message: 'Allowance too low',
      code: 'insufficient_allowance',
      data: {
        required: '1000000',
        current: '5',
        upstream_http_status: 500,
        provider_blob: { x: 1 },
      },
    })
    const { status, body } = await answer(error)
    expect(status).toBe(400)
    expect(body).toEqual({
      status: 'error',
      message: 'Allowance too low',
      data: { code: 'insufficient_allowance', required: '1000000', current: '5' },
    })
    for (const [Class, code] of [
      [ConflictError, 409],
      [QuoteExpiredError, 410],
      [ValidationError, 422],
    ] as const) {
      const res = await answer(
        new Class({ status: code, message: `m${code}`, data: { field: 'customer.dob' } }),
      )
      expect(res.status).toBe(code)
      expect(res.body.data).toEqual({ field: 'customer.dob' })
    }
  })

  it('passes the limits a refused amount names, so the widget can say them', async () => {
    const { status, body } = await answer(
      new ValidationError({
        status: 422,
        message: 'crypto_amount 0.1 USDT is 12.73 KES; the provider’s minimum is 50 KES',
        code: 'below_minimum',
        data: {
          field: 'crypto_amount',
          min_amount: 0.392739,
          max_amount: 1178.214345,
          currency: 'USDT',
          fiat_amount: 12.73,
        },
      }),
    )
    expect(status).toBe(422)
    expect(body.data).toEqual({
      field: 'crypto_amount',
      code: 'below_minimum',
      min_amount: 0.392739,
      max_amount: 1178.214345,
      currency: 'USDT',
    })
  })

  it('turns a refused API key into a generic 502 and logs it', async () => {
    const { status, body } = await answer(
      new UnauthorizedError({ status: 401, message: `Invalid API key ${KEY}` }),
    )
    expect(status).toBe(502)
    expect(body.data).toBeNull()
    expect(JSON.stringify(body)).not.toContain('API key')
    expect(lines.some((line) => line.includes('refused the API key'))).toBe(true)
  })

  it('keeps Retry-After on 429', async () => {
    const res = await answer(new RateLimitedError({ status: 429, message: 'slow', retryAfter: 7 }))
    expect(res.status).toBe(429)
    expect(res.retryAfter).toBe('7')
  })

  it('answers outages, timeouts and network failures generically', async () => {
    const cases: [unknown, number][] = [
      [new UpstreamUnavailableError({ status: 502, message: 'rail X at 10.0.0.3 down' }), 502],
      [new CorridorNotConfiguredError({ status: 503, message: 'corridor internal name' }), 503],
      [new RampApiError({ status: 500, message: 'stack trace here' }), 502],
      [new TimeoutError('timed out', { timeoutMs: 10, scope: 'attempt' }), 502],
      [new NetworkError(`connect ECONNREFUSED ${KEY}`, { beforeSend: true }), 502],
      [new Error(`boom ${KEY}`), 500],
    ]
    for (const [error, expected] of cases) {
      const res = await answer(error)
      expect(res.status).toBe(expected)
      expect(res.body.data).toBeNull()
      for (const word of ['10.0.0.3', 'internal', 'stack', 'ECONNREFUSED', 'boom']) {
        expect(res.body.message).not.toContain(word)
      }
    }
    expect(lines.join('\n')).not.toContain(KEY)
  })

  it('maps a client-side input refusal to 422 with its field', async () => {
    const res = await answer(new RampInputError([{ field: 'limit', message: 'limit too big' }]))
    expect(res).toMatchObject({ status: 422, body: { data: { field: 'limit' } } })
  })
})
