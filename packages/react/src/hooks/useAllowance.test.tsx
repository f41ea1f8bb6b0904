import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { polygon } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { TOKENS, WALLET } from '../../test/offline.js'
import { stubWallet } from '../../test/wallet.js'
import { useAllowance } from './useAllowance.js'

const SPENDER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'

async function renderAllowance(allowance: bigint) {
  const wallet = await stubWallet(WALLET, { chain: polygon, allowance })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = (props: { children: ReactNode }) => (
    <WagmiProvider config={wallet.config}>
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </WagmiProvider>
  )
  const view = renderHook(
    () => useAllowance({ token: TOKENS.USDT, owner: WALLET, spender: SPENDER, amount: '35.5' }),
    { wrapper },
  )
  await waitFor(() => expect(view.result.current.allowance).toBe(allowance))
  return { ...view, wallet }
}

describe('useAllowance', () => {
  it('sends one approval when approve() is called again before the first settles', async () => {
    const { result, wallet } = await renderAllowance(0n)
    let outcomes: unknown[] = []
    await act(async () => {
      // Two handlers calling in the same tick, as a double click on a partner's button does.
      outcomes = await Promise.all([result.current.approve(), result.current.approve()])
    })
    expect(wallet.approvals).toEqual([35_500_000n])
    expect(outcomes[1]).toEqual(outcomes[0])
    // Once settled, a new call is a new approval (here: nothing left to approve).
    await act(async () => {
      await result.current.approve()
    })
    expect(wallet.approvals).toEqual([35_500_000n])
  })

  it('resets to 0 first only when a reset-requiring token has an allowance left', async () => {
    const none = await renderAllowance(0n)
    expect(none.result.current.needsReset).toBe(false)
    none.unmount()
    const some = await renderAllowance(1n)
    expect(some.result.current.needsReset).toBe(true)
    await act(async () => {
      await some.result.current.approve()
    })
    expect(some.wallet.approvals).toEqual([0n, 35_500_000n])
  })
})
