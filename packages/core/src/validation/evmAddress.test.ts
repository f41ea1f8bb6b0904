import { describe, expect, it } from 'vitest'
import { validateEvmAddress } from './evmAddress.js'

const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('validateEvmAddress', () => {
  it('accepts a checksummed address as is', () => {
    expect(validateEvmAddress(CHECKSUMMED)).toEqual({ ok: true, value: CHECKSUMMED })
  })

  it('accepts all-lowercase and all-uppercase hex and returns it checksummed', () => {
    const hex = CHECKSUMMED.slice(2)
    expect(validateEvmAddress(`0x${hex.toLowerCase()}`)).toEqual({ ok: true, value: CHECKSUMMED })
    expect(validateEvmAddress(`0x${hex.toUpperCase()}`)).toEqual({ ok: true, value: CHECKSUMMED })
    expect(validateEvmAddress(` ${CHECKSUMMED}\n`)).toEqual({ ok: true, value: CHECKSUMMED })
  })

  it('refuses mixed case with a wrong checksum and says so', () => {
    const wrong = CHECKSUMMED.replace('dA6', 'Da6')
    expect(validateEvmAddress(wrong)).toEqual({
      ok: false,
      field: 'user_address',
      code: 'bad_checksum',
      message: 'The address checksum is wrong: check it for typos',
    })
  })

  it.each([
    ['too short', CHECKSUMMED.slice(0, -1)],
    ['too long', `${CHECKSUMMED}0`],
    ['no 0x', CHECKSUMMED.slice(2)],
    ['0X prefix', `0X${CHECKSUMMED.slice(2)}`],
    ['non-hex', `0x${'g'.repeat(40)}`],
    ['an ENS name', 'vitalik.eth'],
  ])('refuses an address that is %s', (_label, input) => {
    expect(validateEvmAddress(input)).toMatchObject({ code: 'invalid_format' })
  })

  it('refuses the zero address', () => {
    expect(validateEvmAddress(`0x${'0'.repeat(40)}`)).toMatchObject({ code: 'zero_address' })
  })

  it('refuses empty input', () => {
    expect(validateEvmAddress('')).toMatchObject({ code: 'required' })
    expect(validateEvmAddress(undefined)).toMatchObject({ code: 'required' })
  })

  it('reports the field it is given', () => {
    expect(validateEvmAddress('0x12', { field: 'wallet_address' })).toMatchObject({
      field: 'wallet_address',
    })
  })
})
