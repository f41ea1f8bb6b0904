import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app.js'

describe('GET /partner/rates/indicative (spec 4.1)', () => {
  const { call } = createTestApp()

  it('answers requested codes, rates against USD and fetched_at, non-binding', async () => {
    const { status, body } = await call('/api/v1/partner/rates/indicative?fiat=kes,NGN,KES,XYZ')
    expect(status).toBe(200)
    expect(body.message).toMatch(/non-binding/)
    expect(body.data.requested).toEqual(['KES', 'NGN', 'XYZ'])
    expect(body.data.rates.map((rate: { currency: string }) => rate.currency)).toEqual([
      'KES',
      'NGN',
    ])
    const kes = body.data.rates[0]
    expect(kes.buy).toBeGreaterThan(kes.sell)
    expect(body.data.fetched_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('answers 422 with data.field fiat when fiat is omitted or empty', async () => {
    for (const path of [
      '/api/v1/partner/rates/indicative',
      '/api/v1/partner/rates/indicative?fiat=',
    ]) {
      const { status, body } = await call(path)
      expect(status).toBe(422)
      expect(body.data).toEqual({ field: 'fiat' })
    }
  })

  it('answers 400 with data.field fiat for a code that is not three letters', async () => {
    for (const fiat of ['KE', 'KES,NGNN', 'K3S', 'KES,,NGN', '%00%00%00']) {
      const { status, body } = await call(`/api/v1/partner/rates/indicative?fiat=${fiat}`)
      expect(status).toBe(400)
      expect(body.data).toEqual({ field: 'fiat' })
    }
  })
})
