'use client'
import type { ReactNode } from 'react'
import { encode } from 'uqr'

/**
 * A QR code of `value` as an SVG: dark modules on white whatever the theme (what scanners read
 * best), with a quiet zone of two modules. Its own chunk, loaded when a deposit address shows.
 */
export default function QrCode(props: { value: string; label: string }): ReactNode {
  const qr = encode(props.value, { ecc: 'M', border: 2 })
  let path = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      className="rk-qr"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
