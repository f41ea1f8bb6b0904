// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

describe('server-side rendering', () => {
  it('imports every entry without a window, document or sessionStorage', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const entries = await Promise.all([import('./index.js'), import('./hooks/index.js')])
    for (const entry of entries) expect(Object.keys(entry).length).toBeGreaterThan(0)
    expect(typeof window).toBe('undefined')
  })

  it('renders <RampCheckout /> to HTML on the server without touching browser globals', async () => {
    const { RampCheckout, RampKitProvider } = await import('./index.js')
    const html = renderToString(
      <RampKitProvider endpoint="/api/ramp">
        <RampCheckout />
      </RampKitProvider>,
    )
    expect(html).toContain('Where and how')
    expect(html).toContain('data-screen="choose"')
  })
})
