import { describe, expect, it } from 'vitest'
import { NetworkError, RampApiError, TimeoutError } from '../errors/index.js'
import { isRefusal, toCheckoutError } from './errors.js'

describe('toCheckoutError', () => {
  it("keeps the service's message, status, code and field, and the limits a refused amount named", () => {
    const error = new RampApiError({
      status: 422,
      message: 'The maximum is 250,000 KES.',
      data: {
        code: 'amount_above_maximum',
        field: 'amount',
        min_amount: 50,
        max_amount: 250_000,
        currency: 'KES',
      },
    })
    expect(toCheckoutError(error)).toEqual({
      message: 'The maximum is 250,000 KES.',
      status: 422,
      code: 'amount_above_maximum',
      field: 'amount',
      limits: { min: 50, max: 250_000, currency: 'KES' },
    })
  })

  it('names no limits from values that are not finite numbers, and keeps one named alone', () => {
    const none = new RampApiError({
      status: 422,
      message: 'Refused.',
      data: { min_amount: '50', max_amount: Number.NaN },
    })
    expect(toCheckoutError(none)).not.toHaveProperty('limits')
    const min = new RampApiError({ status: 422, message: 'Too small.', data: { min_amount: 1 } })
    expect(toCheckoutError(min).limits).toEqual({ min: 1 })
  })

  it('calls an unreachable or silent service a network error, and keeps any other message', () => {
    const offline = new NetworkError('Could not reach the ramp.', { beforeSend: true })
    expect(toCheckoutError(offline)).toEqual({
      message: 'Could not reach the ramp.',
      code: 'network',
    })
    const slow = new TimeoutError('No answer in time.', { timeoutMs: 10_000, scope: 'attempt' })
    expect(toCheckoutError(slow).code).toBe('network')
    expect(toCheckoutError(new Error('boom'))).toEqual({ message: 'boom' })
    expect(toCheckoutError('plain')).toEqual({ message: 'plain' })
  })
})

describe('isRefusal', () => {
  it('is a 4xx that provably created nothing; a timeout, a conflict, a 5xx or no answer is not', () => {
    const answer = (status: number) => new RampApiError({ status, message: 'x' })
    for (const status of [400, 403, 410, 422])
      expect(isRefusal(answer(status)), String(status)).toBe(true)
    for (const status of [408, 409, 500, 503])
      expect(isRefusal(answer(status)), String(status)).toBe(false)
    expect(isRefusal(new NetworkError('x', { beforeSend: false }))).toBe(false)
  })
})
