import { describe, expect, it } from 'vitest'
import { validateNetworkId } from './networkId.js'

describe('validateNetworkId', () => {
  it.each([
    '3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
    '3F2B8C1E-6A4D-4F7E-8C21-0D5E6F7A8B9C',
    '00000000-0000-0000-0000-000000000001',
  ])('accepts the UUID %s', (id) => {
    expect(validateNetworkId(id)).toEqual({ ok: true, value: id })
  })

  it.each([
    ['a provider code', 'mpesa', 'invalid_format'],
    ['a UUID without dashes', '3f2b8c1e6a4d4f7e8c210d5e6f7a8b9c', 'invalid_format'],
    ['a braced UUID', '{3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c}', 'invalid_format'],
    ['empty', '', 'required'],
    ['missing', undefined, 'required'],
  ])('refuses %s', (_label, input, code) => {
    expect(validateNetworkId(input)).toMatchObject({
      ok: false,
      field: 'payment_method.network_id',
      code,
    })
  })
})
