import decodeQR from '@paulmillr/qr/decode.js'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import QrCode from './qr.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What a camera reads from the drawn SVG: its squares painted 4 px each on white. */
function scan(svg: SVGSVGElement): string {
  const side = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const scale = 4
  const width = side * scale
  const data = new Uint8Array(width * width * 3).fill(255)
  const path = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let py = 0; py < scale; py++) {
      const at = ((Number(y) * scale + py) * width + Number(x) * scale) * 3
      data.fill(0, at, at + scale * 3)
    }
  }
  return decodeQR({ width, height: width, data })
}

describe('QrCode', () => {
  it('draws a code a scanner reads back as the deposit address, quiet zone included', () => {
    const { container } = render(<QrCode value={ADDRESS} label="Deposit address" />)
    const svg = container.querySelector('svg') as SVGSVGElement
    expect(svg.getAttribute('aria-label')).toBe('Deposit address')
    expect(scan(svg)).toBe(ADDRESS)
  })
})
