import { NetworkError, RampApiError, TimeoutError } from '@rampkit/core'
import { describe, expect, it } from 'vitest'
import { errorKind, toCheckoutError } from './errors.js'

const api = (status: number) => new RampApiError({ status, message: 'English from the service' })

describe('errorKind', () => {
  it('tells network failures, whether thrown or read back from storage', () => {
    const network = new NetworkError('Could not reach the ramp.', { beforeSend: false })
    expect(errorKind(network)).toBe('network')
    expect(errorKind(toCheckoutError(network))).toBe('network')
    expect(errorKind(JSON.parse(JSON.stringify(toCheckoutError(network))))).toBe('network')
    expect(errorKind(new TimeoutError('Timed out', { scope: 'attempt', timeoutMs: 1 }))).toBe(
      'network',
    )
  })

  it('tells the service refusing, throttling and being down apart', () => {
    expect(errorKind(api(422))).toBe('refused')
    expect(errorKind(toCheckoutError(api(400)))).toBe('refused')
    expect(errorKind(api(429))).toBe('rateLimited')
    expect(errorKind(api(503))).toBe('unavailable')
    expect(errorKind(toCheckoutError(api(502)))).toBe('unavailable')
  })

  it('keeps wallet outcomes and falls back to generic', () => {
    expect(errorKind({ message: 'x', code: 'rejected' })).toBe('rejected')
    expect(errorKind({ message: 'x', code: 'reverted' })).toBe('reverted')
    expect(errorKind(new Error('boom'))).toBe('generic')
    expect(errorKind(undefined)).toBe('generic')
  })
})
