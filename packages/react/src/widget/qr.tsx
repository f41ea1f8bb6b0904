'use client'
import type { ReactNode } from 'react'
import { encode } from 'uqr'

/** Light modules around the code, as the standard asks: scanners find its edge by them. */
const QUIET = 4

/**
 * A QR code of `value` (uqr's encoder, error correction M) as an SVG: dark modules on white
 * whatever the theme (what scanners read best), with its quiet zone. Its own chunk, loaded when a
 * deposit address shows.
 */
export default function QrCode(props: { value: string; label: string }): ReactNode {
  const modules = encode(props.value, { ecc: 'M', border: 0 }).data
  const size = modules.length + QUIET * 2
  let path = ''
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`
    })
  })
  return (
    <svg
      className="rk-qr"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
