import { describe, expect, it } from 'vitest'
import {
  BadRequestError,
  ConflictError,
  CorridorNotConfiguredError,
  errorFromResponse,
  InsufficientAllowanceError,
  InsufficientBalanceError,
  NotFoundError,
  parseRetryAfter,
  RampApiError,
  RampError,
  RampInputError,
  REDACTED,
  redactDeep,
  redactSecrets,
  ServiceUnavailableError,
  sanitizeCause,
  TokenEnvironmentError,
  toBaseUnitInteger,
  UnexpectedResponseError,
  UpstreamUnavailableError,
} from './index.js'

function response(status: number, headers: Record<string, string> = {}) {
  return { status, headers: new Headers(headers) }
}

const envelope = (message: string, data: unknown = null, extra: object = {}) =>
  JSON.stringify({ status: 'error', message, data, ...extra })

describe('errorFromResponse', () => {
  it('reads an already parsed body', () => {
    const error = errorFromResponse(response(400), {
      status: 'error',
      message: 'Insufficient allowance',
      code: 'insufficient_allowance',
      data: { required: '10', current: 2 },
    })
    expect(error).toBeInstanceOf(InsufficientAllowanceError)
    expect(error).toMatchObject({ required: 10n, current: 2n, fromEnvelope: true })
  })

  it('keeps an unsafe JSON number undefined when the body is already parsed', () => {
    const error = errorFromResponse(response(400), {
      status: 'error',
      message: 'Insufficient balance',
      data: { required: 2 ** 60, current: 1.5 },
    })
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(error.required).toBeUndefined()
    expect(error.current).toBeUndefined()
  })

  it('recovers a big JSON integer from the raw text only when unambiguous', () => {
    const big = '99999999999999999999'
    const once = errorFromResponse(
      response(400),
      `{"status":"error","message":"m","code":"insufficient_allowance","data":{"required": ${big}}}`,
    )
    expect(once.required).toBe(99999999999999999999n)
    const twice = errorFromResponse(
      response(400),
      `{"status":"error","message":"m","data":{"required":${big},"x":{"required":${big}}}}`,
    )
    expect(twice.required).toBeUndefined()
    const float = errorFromResponse(
      response(400),
      '{"status":"error","message":"m","data":{"required":1e30}}',
    )
    expect(float.required).toBeUndefined()
  })

  it('a 400 with unknown code and no hints is a plain BadRequestError', () => {
    const error = errorFromResponse(response(400), envelope('Bad', null, { code: 'other' }))
    expect(error.constructor).toBe(BadRequestError)
    expect(error.code).toBe('other')
  })

  it('token_env_mismatch without data.token still maps', () => {
    const error = errorFromResponse(
      response(400),
      envelope('Not in sandbox', null, { code: 'token_env_mismatch' }),
    )
    expect(error).toBeInstanceOf(TokenEnvironmentError)
    expect((error as TokenEnvironmentError).token).toBeUndefined()
  })

  it('insufficient_balance by code', () => {
    const error = errorFromResponse(
      response(400),
      envelope('Low', { code: 'insufficient_balance' }),
    )
    expect(error).toBeInstanceOf(InsufficientBalanceError)
  })

  it.each<[string, boolean, string, Record<string, string>?]>([
    [
      'the envelope naming country and currency',
      true,
      envelope('m', { country: 'CM', currency: 'XAF' }),
    ],
    ['the envelope naming only the currency', true, envelope('m', { currency: 'XAF' })],
    [
      'the same envelope with Retry-After',
      false,
      envelope('m', { country: 'CM' }),
      { 'Retry-After': '2' },
    ],
    ['the envelope with data null', false, envelope('Service temporarily unavailable')],
    ['the envelope with other hints', false, envelope('m', { retry_after: 2 })],
    ['the envelope with an empty country', false, envelope('m', { country: '' })],
    ['a gateway JSON body naming a country', false, JSON.stringify({ country: 'CM' })],
    ['an empty body', false, ''],
  ])('503 with %s: corridor not configured = %s', (_, corridor, body, headers = {}) => {
    const error = errorFromResponse(response(503, headers), body)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error instanceof CorridorNotConfiguredError).toBe(corridor)
  })

  it('maps 404 and 504, and other statuses to the base class', () => {
    expect(errorFromResponse(response(404), envelope('Nope'))).toBeInstanceOf(NotFoundError)
    expect(errorFromResponse(response(504), '')).toBeInstanceOf(UpstreamUnavailableError)
    const teapot = errorFromResponse(response(418), '')
    expect(teapot.constructor).toBe(RampApiError)
    expect(teapot.message).toBe('The ramp service answered HTTP 418.')
    expect(teapot.details).toContain('no content type')
  })

  it('a generic message when the envelope message is empty or missing', () => {
    expect(errorFromResponse(response(409), envelope('  ')).message).toContain('HTTP 409')
    expect(errorFromResponse(response(503), { status: 'error', data: null })).toBeInstanceOf(
      ServiceUnavailableError,
    )
  })

  it('cuts a very long message', () => {
    const error = errorFromResponse(response(400), envelope('x'.repeat(5000)))
    expect(error.message.length).toBe(500)
  })

  it('ignores non-object data and unreadable hints', () => {
    const error = errorFromResponse(response(502), {
      status: 'error',
      message: 'm',
      data: ['a'],
    })
    expect(error.data).toBeNull()
    const odd = errorFromResponse(response(502), envelope('m', { upstream_http_status: '504' }))
    expect(odd.upstreamStatus).toBeUndefined()
  })

  it('redacts secrets from the message, hints and request id', () => {
    const error = errorFromResponse(
      response(409, { 'request-id': 'r-SECRET' }),
      envelope('Echo SECRET', { order_id: 'o-SECRET' }),
      { secrets: ['SECRET'] },
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect(error.message).toBe(`Echo ${REDACTED}`)
    expect((error as ConflictError).orderId).toBe(`o-${REDACTED}`)
    expect(error.requestId).toBe(`r-${REDACTED}`)
  })

  it('serialises bigints through toJSON', () => {
    const error = errorFromResponse(
      response(400),
      envelope('Low', { required: '18446744073709551616', current: '0' }),
    )
    const json = JSON.parse(JSON.stringify(error))
    expect(json).toMatchObject({
      name: 'InsufficientBalanceError',
      message: 'Low',
      status: 400,
      required: '18446744073709551616',
      current: '0',
    })
  })
})

describe('parseRetryAfter', () => {
  const now = () => Date.parse('2025-01-01T00:00:00Z')
  it.each([
    [null, undefined],
    [undefined, undefined],
    ['5', 5],
    [' 2.5 ', 2.5],
    ['-3', undefined],
    ['soon', undefined],
    ['Wed, 01 Jan 2025 00:00:10 GMT', 10],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
  ])('%s -> %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected)
  })

  it('defaults to the real clock', () => {
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50)
  })
})

describe('toBaseUnitInteger', () => {
  it.each([
    ['123456789012345678901234567890', 123456789012345678901234567890n],
    ['-5', -5n],
    [42, 42n],
    [7n, 7n],
    ['1.5', undefined],
    ['1e21', undefined],
    [' 1', undefined],
    [2 ** 53, undefined],
    [1.5, undefined],
    [null, undefined],
  ])('%s -> %s', (value, expected) => {
    expect(toBaseUnitInteger(value)).toBe(expected)
  })
})

describe('redaction helpers', () => {
  it('redactSecrets removes plain and URL-encoded forms, ignoring empty secrets', () => {
    expect(redactSecrets('a k/y b k%2Fy', ['k/y', ''])).toBe(`a ${REDACTED} b ${REDACTED}`)
    expect(redactSecrets('text', undefined)).toBe('text')
  })

  it('redactDeep copies arrays, objects and keys', () => {
    expect(redactDeep({ s: ['xSx', 1, null], S: true }, ['S'])).toEqual({
      s: [`x${REDACTED}x`, 1, null],
      [REDACTED]: true,
    })
    const value = { a: 1 }
    expect(redactDeep(value, [])).toBe(value)
  })

  it('sanitizeCause keeps codes and nested causes, drops other properties', () => {
    const inner = Object.assign(new Error('inner S'), { code: 'ECONNREFUSED', headers: { k: 'S' } })
    const outer = new TypeError('outer S', { cause: inner })
    const copy = sanitizeCause(outer, ['S'])
    expect(copy).toBeInstanceOf(Error)
    expect(copy?.name).toBe('TypeError')
    expect(copy?.message).toBe(`outer ${REDACTED}`)
    const cause = copy?.cause as Error & { code?: string; headers?: unknown }
    expect(cause.code).toBe('ECONNREFUSED')
    expect(cause.headers).toBeUndefined()
    expect(cause.message).toBe(`inner ${REDACTED}`)
    expect(sanitizeCause(undefined, ['S'])).toBeUndefined()
    expect(sanitizeCause(42, ['S'])?.message).toBe('42')
  })
})

describe('client error classes', () => {
  it('RampInputError without issues has a generic message', () => {
    const error = new RampInputError([])
    expect(error).toBeInstanceOf(RampError)
    expect(error.field).toBe('')
    expect(error.message).toBe('Invalid parameters')
  })

  it('UnexpectedResponseError defaults to no issues', () => {
    const error = new UnexpectedResponseError('x', { status: 200 })
    expect(error.issues).toEqual([])
    expect(error.code).toBe('unexpected_response')
  })

  it('RampApiError without data', () => {
    const error = new RampApiError({ status: 500, message: 'x' })
    expect(error.data).toBeNull()
    expect(error.fromEnvelope).toBe(false)
    expect(Object.keys(error)).not.toContain('code')
  })
})
