import { KitConfigurationError } from '@rampkit/core/errors'
import { retryKitRead } from '@rampkit/core/kit/query'
import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { SLOW } from '../test/walk.js'
import { RampKitProvider } from './provider.js'
import { RampCheckout } from './widget/RampCheckout.js'

// The widget pointed at the wrong place, against the real kit of the test setup: the developer
// gets one console error naming the fix and a typed error in onError; the shopper the widget's
// plain message; and no read is sent four times.

const env = inject('ramp')
afterEach(() => vi.restoreAllMocks())

/** Renders the checkout on `endpoint`, counting each URL it asks for. */
function renderOn(endpoint: string) {
  const asked = new Map<string, number>()
  const counting: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    asked.set(url, (asked.get(url) ?? 0) + 1)
    return fetch(input, init)
  }
  const errors: KitConfigurationError[] = []
  // The widget's own client's retries (`retryKitRead`), without their waits.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: retryKitRead, retryDelay: 0 } },
  })
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  render(
    <RampKitProvider
      endpoint={endpoint}
      queryClient={queryClient}
      fetch={counting}
      headers={{ origin: env.origin, 'x-test-user': 'config-user' }}
      onError={(error) => errors.push(error)}
    >
      <RampCheckout />
    </RampKitProvider>,
  )
  return { asked, errors, consoleError }
}

describe('RampKitProvider on a misconfigured endpoint', () => {
  it('where nothing of the kit is mounted: one console error and one onError, no retries', async () => {
    const endpoint = env.endpoint.replace('/api/ramp', '/api/rampkit')
    const { asked, errors, consoleError } = renderOn(endpoint)
    await screen.findByRole('alert', {}, SLOW)
    await waitFor(() => expect(errors).toHaveLength(1))
    expect(errors[0]).toBeInstanceOf(KitConfigurationError)
    expect(errors[0]).toMatchObject({ reason: 'endpoint_not_found', status: 404, endpoint })
    const lines = consoleError.mock.calls.map((call) => String(call[0]))
    const ours = lines.filter((line) => line.startsWith('[rampkit]'))
    expect(ours).toHaveLength(1)
    expect(ours[0]).toContain(`Nothing of the ramp kit answers GET ${endpoint}/`)
    expect(asked.size).toBeGreaterThan(0)
    // Never retried: the checkout controller reads the config once itself and the widget's
    // query once (two readers), and no read is asked a third time.
    for (const [url, times] of asked)
      expect(times, url).toBeLessThanOrEqual(url.endsWith('/config') ? 2 : 1)
    // The shopper reads the widget's words, not the developer's.
    expect(document.body.textContent).not.toContain('createRampHandler')
  })

  it('under the kit, on a path it does not serve: names the base path it is mounted on', async () => {
    const endpoint = `${env.endpoint}/v2`
    const { asked, errors, consoleError } = renderOn(endpoint)
    await waitFor(() => expect(errors).toHaveLength(1), SLOW)
    expect(errors[0]).toMatchObject({ reason: 'route_not_found', code: 'route_not_found' })
    const ours = consoleError.mock.calls
      .map((call) => String(call[0]))
      .filter((line) => line.startsWith('[rampkit]'))
    expect(ours).toHaveLength(1)
    expect(ours[0]).toContain(`is mounted on /api/ramp, not ${endpoint}`)
    expect(ours[0]).toContain('endpoint="/api/ramp"')
    // Never retried: the checkout controller reads the config once itself and the widget's
    // query once (two readers), and no read is asked a third time.
    for (const [url, times] of asked)
      expect(times, url).toBeLessThanOrEqual(url.endsWith('/config') ? 2 : 1)
  })
})
