import type { KitOrder } from '@rampkit/core/kit'
import { QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { kitFetch } from '../../test/offline.js'
import { RampKitProvider } from '../provider.js'
import { useOrderStatus } from './useOrderStatus.js'

const order = (status: string) => ({ id: 'ord_1', order_id: 'ord_1', status }) as KitOrder

function follow(answers: () => KitOrder) {
  const kit = kitFetch({ 'GET /orders/ord_1': answers })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RampKitProvider endpoint="/api/ramp" queryClient={queryClient} fetch={kit.fetch}>
      {children}
    </RampKitProvider>
  )
  const hook = renderHook(() => useOrderStatus('ord_1', { sse: false, pollIntervalMs: 50 }), {
    wrapper,
  })
  const reads = () => kit.sent.filter((request) => request.path === '/orders/ord_1').length
  return { ...hook, reads }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useOrderStatus without a stream', () => {
  it('polls the order until it is final, then stops', async () => {
    let status = 'processing'
    const { result, reads, unmount } = follow(() => order(status))
    await waitFor(() => expect(result.current.transport).toBe('polling'))
    expect(result.current.data?.status).toBe('processing')
    status = 'settled'
    await waitFor(() => expect(result.current.data?.status).toBe('settled'))
    expect(result.current).toMatchObject({ transport: 'idle', connection: 'idle' })
    const done = reads()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reads()).toBe(done)
    unmount()
  })

  it('says reconnecting while offline, and polls at once when the network is back', async () => {
    let status = 'processing'
    const { result, reads, unmount } = follow(() => order(status))
    await waitFor(() => expect(result.current.connection).toBe('polling'))
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(result.current).toMatchObject({ connection: 'reconnecting', transport: 'polling' })
    status = 'settled'
    const before = reads()
    act(() => void window.dispatchEvent(new Event('online')))
    expect(reads()).toBe(before + 1)
    await waitFor(() => expect(result.current.data?.status).toBe('settled'))
    unmount()
  })
})
