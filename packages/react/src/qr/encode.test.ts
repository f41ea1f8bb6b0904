import decodeQR from '@paulmillr/qr/decode.js'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { qrModules } from './encode.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Lower-case text of `length` bytes (a maintained encoder takes it as bytes, as ours does). */
function text(length: number, seed = length): string {
  let out = ''
  for (let i = 0; i < length; i++) out += String.fromCharCode(97 + ((seed * 31 + i * 7) % 26))
  return out
}

/** What a decoder reads from the symbol drawn as an RGB image: four light modules around, 4 px each. */
function scan(modules: boolean[][]): string {
  const scale = 4
  const quiet = 4
  const side = (modules.length + quiet * 2) * scale
  const data = new Uint8Array(side * side * 3).fill(255)
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      for (let py = 0; py < scale; py++) {
        const at = (((y + quiet) * scale + py) * side + (x + quiet) * scale) * 3
        data.fill(0, at, at + scale * 3)
      }
    })
  })
  return decodeQR({ width: side, height: side, data })
}

describe('qrModules', () => {
  // Lengths at and just past the byte capacities of level M (versions 1, 2, 3, 5, 9, 10, 15,
  // 27 and 40), where a version, a block layout or the 16-bit count starts.
  const LENGTHS = [1, 14, 15, 26, 42, 84, 85, 180, 181, 213, 214, 520, 1370, 2331]

  it.each(LENGTHS)(
    '%i bytes: module for module what a maintained encoder draws, with every mask',
    (length) => {
      const value = text(length)
      for (let mask = 0; mask < 8; mask++) {
        const reference = encode(value, { ecc: 'M', maskPattern: mask, border: 0, boostEcc: false })
        expect(qrModules(value, mask)).toEqual(reference.data)
      }
    },
  )

  it('takes text as UTF-8 bytes', () => {
    const value = 'Dépôt — 送金 ✓'
    const reference = encode(value, { ecc: 'M', maskPattern: 3, border: 0, boostEcc: false })
    expect(qrModules(value, 3)).toEqual(reference.data)
    expect(scan(qrModules(value))).toBe(value)
  })

  it.each([
    ADDRESS,
    `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${ADDRESS}&uint256=11412345`,
    text(300),
    text(900),
  ])(
    'a decoder reads back what was encoded, with the mask chosen by the penalty rules: %s',
    (value) => {
      expect(scan(qrModules(value))).toBe(value)
    },
  )

  it('chooses the mask a maintained encoder chooses, by the same penalty rules', () => {
    for (let length = 1; length <= 400; length += 3) {
      const value = text(length, length * 13)
      expect(qrModules(value), `${length} bytes`).toEqual(
        encode(value, { ecc: 'M', border: 0, boostEcc: false }).data,
      )
    }
    // 42 bytes need version 3 at level M (29 × 29); version 2 holds 26.
    expect(qrModules(ADDRESS).length).toBe(29)
  })

  it('refuses text longer than the largest symbol holds', () => {
    expect(() => qrModules(text(2332))).toThrow(RangeError)
  })
})
