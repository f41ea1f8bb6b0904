import '@rampkit/react/styles.css'
import './globals.css'
import type { ReactNode } from 'react'

export const metadata = { title: 'rampkit + Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
