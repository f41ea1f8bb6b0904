import type { Quote } from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import { QueryClient } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { eventSourceFor } from '../../test/eventSource.js'
import { RampKitProvider } from '../provider.js'
import { useOrderStatus } from './useOrderStatus.js'

const env = inject('ramp')
const USER = 'status-reconnect'
/** Published sandbox values: USDC on Base, and M-Pesa Kenya's network id. */
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const MPESA = 'd9128e24-4586-5981-9c1e-a96a091bf8da'

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', origin: env.origin, 'x-test-user': USER },
  })
  const answer = (await response.json()) as { data: T }
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`)
  return 'data' in answer ? answer.data : (answer as T)
}

const streams = () =>
  call<{ instance: number; lastEventId: string | null }[]>(`${env.balanced.admin}/streams`)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('useOrderStatus behind a load balancer', () => {
  it('resumes its stream on the other instance when the one serving it shuts down, instead of falling back to polling', async () => {
    vi.stubGlobal('EventSource', eventSourceFor(USER))
    const { endpoint } = env.balanced
    // A buy that no sandbox test value decides: it stays open.
    const quote = await call<Quote>(`${endpoint}/quotes`, {
      method: 'POST',
      body: JSON.stringify({
        order_type: 'OnRamp',
        country: 'KE',
        currency: 'KES',
        local_amount: 1500,
        asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
        customer: { type: 'user', name: 'Amina Otieno', dob: '04/12/1990' },
        wallet_address: env.testAccounts[1]!.address,
      }),
    })
    const order = await call<KitOrder>(`${endpoint}/quotes/${quote.quote_id}/accept`, {
      method: 'POST',
      body: '{}',
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RampKitProvider
        endpoint={endpoint}
        queryClient={queryClient}
        headers={{ origin: env.origin, 'x-test-user': USER }}
      >
        {children}
      </RampKitProvider>
    )
    const hook = renderHook(() => useOrderStatus(order.id), { wrapper })
    try {
      await waitFor(() => expect(hook.result.current.transport).toBe('sse'))
      expect(hook.result.current.data?.status).toBe('processing')
      expect(await streams()).toEqual([{ instance: 0, lastEventId: null }])

      // A deploy: new traffic goes to the second instance, and the first closes, ending its
      // streams without a final status.
      await call(`${env.balanced.admin}/fail-over`, { method: 'POST' })
      // The stream comes back by itself (after the kit's `retry`), on the second instance,
      // with the id of the last status it saw (processing's rank), and is live again.
      await waitFor(async () => expect(await streams()).toHaveLength(2), { timeout: 8_000 })
      expect((await streams())[1]).toEqual({ instance: 1, lastEventId: '2' })
      await waitFor(() => expect(hook.result.current.transport).toBe('sse'))
    } finally {
      hook.unmount()
    }
  }, 20_000)
})
