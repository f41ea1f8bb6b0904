/**
 * A QR code (ISO/IEC 18004, model 2) of one string: byte mode (the string's UTF-8 bytes), error
 * correction level M (a symbol still reads with about 15 % of it damaged), the smallest version
 * that holds it and the mask with the lowest penalty score.
 *
 * This is all the checkout needs of QR codes (a deposit address to scan), so it is all there is:
 * no other modes, levels or renderers. It is checked against a maintained encoder (module for
 * module, every mask) and a decoder in `encode.test.ts`.
 *
 * @example
 * const modules = qrModules('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * modules.length // 29: version 3, 29 × 29 modules, `modules[y][x]` true when dark
 */

// Level M, by version 1–40: error-correction codewords per block, and the number of blocks.
const EC_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
]
const BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26,
  28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
]

/** Level M's two bits in the format information. */
const LEVEL_M = 0

/** The mask conditions by pattern number: a data module where it holds is inverted. */
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

/** Centres of the alignment patterns along each axis (none on version 1). */
function alignmentCentres(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  const centres = [6]
  for (let at = version * 4 + 10; centres.length < count; at -= step) centres.splice(1, 0, at)
  return centres
}

/** Codewords (data and error correction) a version holds: its modules less the fixed patterns. */
function codewordCount(version: number): number {
  let modules = (16 * version + 128) * version + 64
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2
    modules -= (25 * count - 10) * count - 55
    if (version >= 7) modules -= 36
  }
  return modules >> 3
}

/** Bits a version holds for data: its codewords less the error correction, at level M. */
function dataBits(version: number): number {
  return (codewordCount(version) - EC_PER_BLOCK[version - 1]! * BLOCKS[version - 1]!) * 8
}

/** Bits of the byte count after the mode: 8 up to version 9, 16 from version 10. */
const countBits = (version: number) => (version < 10 ? 8 : 16)

// GF(256) over x^8 + x^4 + x^3 + x^2 + 1: exponent and logarithm tables.
const EXP = new Uint8Array(510)
const LOG = new Uint8Array(256)
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = EXP[i + 255] = x
  LOG[x] = i
}
const times = (a: number, b: number) => (a && b ? (EXP[LOG[a]! + LOG[b]!] as number) : 0)

/** The Reed–Solomon error-correction codewords of one block. */
function errorCorrection(data: number[], length: number): number[] {
  // The generator polynomial (x - α^0)…(x - α^(length-1)), highest coefficient (1) left out.
  const generator = new Array<number>(length).fill(0)
  generator[length - 1] = 1
  for (let i = 0, root = 1; i < length; i++, root = times(root, 2)) {
    for (let j = 0; j < length; j++) {
      generator[j] = times(generator[j]!, root) ^ (generator[j + 1] ?? 0)
    }
  }
  const remainder = new Array<number>(length).fill(0)
  for (const codeword of data) {
    const factor = codeword ^ (remainder.shift() as number)
    remainder.push(0)
    for (let j = 0; j < length; j++) remainder[j]! ^= times(generator[j]!, factor)
  }
  return remainder
}

/** The codewords of `bytes` in the given version, blocks interleaved as the symbol holds them. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const blocks = BLOCKS[version - 1]!
  const ecLength = EC_PER_BLOCK[version - 1]!
  const total = codewordCount(version)
  const capacity = dataBits(version)

  const bits: number[] = []
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  push(0b0100, 4)
  push(bytes.length, countBits(version))
  for (const byte of bytes) push(byte, 8)
  push(0, Math.min(4, capacity - bits.length))
  push(0, -bits.length & 7)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8)
  const data: number[] = []
  for (let i = 0; i < bits.length; i += 8) {
    data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0))
  }

  // Blocks of the first kind are one data codeword shorter than the rest.
  const short = blocks - (total % blocks)
  const shortData = Math.floor(total / blocks) - ecLength
  const split: { data: number[]; ec: number[] }[] = []
  for (let b = 0, at = 0; b < blocks; b++) {
    const end = at + shortData + (b < short ? 0 : 1)
    const block = data.slice(at, end)
    at = end
    split.push({ data: block, ec: errorCorrection(block, ecLength) })
  }
  const out: number[] = []
  for (let i = 0; i <= shortData; i++) {
    for (const block of split) if (i < block.data.length) out.push(block.data[i]!)
  }
  for (let i = 0; i < ecLength; i++) for (const block of split) out.push(block.ec[i]!)
  return out
}

/** 15 or 18 bits: `value` followed by its BCH remainder by `generator`, `degree` bits long. */
function bch(value: number, generator: number, degree: number): number {
  let remainder = value
  for (let i = 0; i < degree; i++) {
    remainder = (remainder << 1) ^ ((remainder >>> (degree - 1)) * generator)
  }
  return (value << degree) | remainder
}

/**
 * The dark (true) and light modules of `text`'s QR code, by row then column, without a quiet
 * zone: draw four light modules around it. `mask` forces a mask pattern (0–7); otherwise the
 * one with the lowest penalty is used.
 */
export function qrModules(text: string, mask?: number): boolean[][] {
  const bytes = new TextEncoder().encode(text)
  let version = 1
  while (4 + countBits(version) + bytes.length * 8 > dataBits(version)) {
    if (++version > 40) throw new RangeError('The text is too long for a QR code.')
  }
  const size = version * 4 + 17
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const set = (x: number, y: number, on: boolean) => {
    dark[y]![x] = on
    fixed[y]![x] = true
  }

  // Timing patterns, then the finder patterns with their separators over them.
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const ring = Math.max(Math.abs(dx), Math.abs(dy))
        const x = cx + dx
        const y = cy + dy
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4)
      }
    }
  }
  const centres = alignmentCentres(version)
  const last = centres.length - 1
  centres.forEach((cx, i) => {
    centres.forEach((cy, j) => {
      // Not where a finder pattern is.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++)
          set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
      }
    })
  })
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12)
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(a, b, on)
      set(b, a, on)
    }
  }
  const format = (pattern: number) => {
    const bits = bch((LEVEL_M << 3) | pattern, 0x537, 10) ^ 0x5412
    const on = (i: number) => ((bits >>> i) & 1) === 1
    for (let i = 0; i < 6; i++) set(8, i, on(i))
    set(8, 7, on(6))
    set(8, 8, on(7))
    set(7, 8, on(8))
    for (let i = 9; i < 15; i++) set(14 - i, 8, on(i))
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, on(i))
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, on(i))
    set(8, size - 8, true)
  }
  format(0) // reserves its modules

  // The data, in two-module columns from the right, upwards then downwards, past the timing column.
  const words = codewords(bytes, version)
  let bit = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    const upwards = ((right + 1) & 2) === 0
    for (let step = 0; step < size; step++) {
      const y = upwards ? size - 1 - step : step
      for (const x of [right, right - 1]) {
        if (fixed[y]![x] || bit >= words.length * 8) continue
        dark[y]![x] = ((words[bit >>> 3]! >>> (7 - (bit & 7))) & 1) === 1
        bit++
      }
    }
  }

  const apply = (pattern: number) => {
    const applies = MASKS[pattern]!
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (!fixed[y]![x] && applies(x, y)) dark[y]![x] = !dark[y]![x]
    }
    format(pattern)
  }
  let chosen = mask ?? 0
  if (mask === undefined) {
    let lowest = Infinity
    for (let pattern = 0; pattern < 8; pattern++) {
      apply(pattern)
      const score = penalty(dark)
      if (score < lowest) {
        lowest = score
        chosen = pattern
      }
      apply(pattern) // undoes it: a mask is its own inverse
    }
  }
  apply(chosen)
  return dark
}

/** The standard's penalty score of a masked symbol: the lower, the easier to read. */
function penalty(dark: boolean[][]): number {
  const size = dark.length
  let score = 0
  let darkCount = 0
  for (let line = 0; line < size; line++) {
    for (const rows of [true, false]) {
      // The line's runs of one colour, light first (possibly empty) and last.
      const runs = [0]
      let colour = false
      for (let i = 0; i < size; i++) {
        const on = rows ? dark[line]![i]! : dark[i]![line]!
        if (rows && on) darkCount++
        if (on !== colour) {
          runs.push(0)
          colour = on
        }
        runs[runs.length - 1]!++
      }
      if (colour) runs.push(0)
      // Runs of five or more of one colour.
      for (const run of runs) if (run >= 5) score += run - 2
      // Dark and light in the finder's ratio (1:1:3:1:1), with light four times its unit on
      // one side; beyond the edge is light (the quiet zone, counted as wide as the symbol).
      runs[0]! += size
      runs[runs.length - 1]! += size
      for (let r = 1; r + 5 < runs.length; r += 2) {
        const n = runs[r]!
        if (runs[r + 1] !== n || runs[r + 2] !== n * 3 || runs[r + 3] !== n || runs[r + 4] !== n) {
          continue
        }
        const before = runs[r - 1]!
        const after = runs[r + 5]!
        if (before >= n * 4 && after >= n) score += 40
        if (after >= n * 4 && before >= n) score += 40
      }
    }
  }
  // Two-by-two blocks of one colour.
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const c = dark[y]![x]
      if (c === dark[y]![x + 1] && c === dark[y + 1]![x] && c === dark[y + 1]![x + 1]) score += 3
    }
  }
  // Ten points for each 5 % the dark share is away from half.
  const total = size * size
  score += (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10
  return score
}
