import type { ReactNode } from 'react'

// The checkout's few icons: inline SVG strokes in the text colour, hidden from screen readers
// (the control they sit in has its own name). No icon library.
const PATHS = {
  back: 'M15 18l-6-6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
} as const

/** A 24×24 stroke icon, `1.25em` square. */
export function Icon(props: { name: keyof typeof PATHS }): ReactNode {
  return (
    <svg
      className="rk-icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[props.name]} />
    </svg>
  )
}
