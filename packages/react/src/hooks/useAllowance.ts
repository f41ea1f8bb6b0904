'use client'
import { RampError } from '@rampkit/core/errors'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { type Address, erc20Abi, type Hash } from 'viem'
import { useConfig, useReadContract } from 'wagmi'
import {
  getConnection,
  readContract,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'
import { baseUnitsCovering } from '../utils/units.js'
import { isUserRejection } from '../utils/wallet.js'

/** The token fields an allowance needs; decimals always come from the token list. */
export type AllowanceToken = {
  address: string
  decimals: number
  chainId: number
  /** USDT-like tokens refuse to change a non-zero allowance: approve(0) first. */
  requiresZeroAllowanceReset?: boolean
}

/** Parameters of `useAllowance`. */
export type UseAllowanceParameters = {
  token: AllowanceToken | undefined
  /** The wallet that holds the tokens. */
  owner: string | undefined
  /** The service's spender (GET /tokens `spender`). */
  spender: string | undefined
  /** The amount the order will pull, in human units (`'12.5'`). */
  amount: string | number | undefined
  /** Called with each transaction hash as soon as the wallet returns it. */
  onTransaction?: (hash: Hash, kind: 'reset' | 'approve') => void
}

/** Why an approval did not complete. */
export type ApprovalErrorReason = 'missing_input' | 'rejected' | 'reverted'

/**
 * An approval that did not complete: `rejected` when the user declined in their wallet (the
 * chain switch or the transaction), `reverted` when a transaction failed on chain,
 * `missing_input` when the token, wallet, spender or amount is not known yet. Other failures
 * (the node unreachable, for one) reach the caller as the wallet library threw them.
 *
 * @example
 * try {
 *   await allowance.approve()
 * } catch (error) {
 *   if (error instanceof ApprovalError && error.reason === 'rejected') showDeclined()
 * }
 */
export class ApprovalError extends RampError {
  override name = 'ApprovalError'
  readonly reason: ApprovalErrorReason

  constructor(reason: ApprovalErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}

/** Where an approval is. */
export type AllowancePhase = 'idle' | 'resetting' | 'approving' | 'waiting' | 'confirmed' | 'error'

/** What `useAllowance` returns. */
export type UseAllowanceReturnType = {
  /** Current allowance of `owner` for `spender`, in base units. */
  allowance: bigint | undefined
  /** Base units the order needs, from `amount` and the token's decimals. */
  required: bigint | undefined
  needsApproval: boolean
  /** Whether approve(0) will be sent first. */
  needsReset: boolean
  /**
   * Sends approve(0) when needed, then approve(required), and waits for the receipts. Single
   * flight: a call while one is under way returns that one's promise.
   */
  approve: () => Promise<{ hash?: Hash; resetHash?: Hash }>
  phase: AllowancePhase
  txHash: Hash | undefined
  resetTxHash: Hash | undefined
  error: Error | null
  isLoading: boolean
  refetch: () => Promise<unknown>
}

/**
 * The off-ramp allowance: reads the ERC-20 allowance of the owner for the service's spender and
 * approves EXACTLY the base units the order needs (never an unlimited approval), computed with
 * the token's own decimals. For tokens that require it (USDT) and a non-zero current allowance,
 * approve(0) goes first. Each step waits for its receipt; the hashes are exposed as they come.
 *
 * @example
 * const allowance = useAllowance({ token, owner: address, spender, amount: quote.amountCrypto })
 * if (allowance.needsApproval) await allowance.approve()
 */
export function useAllowance(parameters: UseAllowanceParameters): UseAllowanceReturnType {
  const { token, owner, spender, amount, onTransaction } = parameters
  const config = useConfig()
  const [phase, setPhase] = useState<AllowancePhase>('idle')
  const [txHash, setTxHash] = useState<Hash>()
  const [resetTxHash, setResetTxHash] = useState<Hash>()
  // The approval in flight: a second call (a double click) gets the same promise, not a second
  // wallet prompt and gas fee. A ref, because state would reach the second call a render late.
  const inFlight = useRef<Promise<{ hash?: Hash; resetHash?: Hash }> | null>(null)
  const ready = Boolean(token && owner && spender)
  const read = useReadContract({
    address: token?.address as Address | undefined,
    abi: erc20Abi,
    functionName: 'allowance',
    args: ready ? [owner as Address, spender as Address] : undefined,
    chainId: token?.chainId,
    query: { enabled: ready },
  })
  const required =
    token && amount !== undefined ? baseUnitsCovering(amount, token.decimals) : undefined
  const allowance = read.data
  const needsApproval = required !== undefined && allowance !== undefined && allowance < required
  const needsReset =
    needsApproval && Boolean(token?.requiresZeroAllowanceReset) && (allowance ?? 0n) > 0n

  const mutation = useMutation({
    mutationKey: ['rampkit', 'approve', token?.address, owner, spender, required?.toString()],
    retry: false,
    mutationFn: async () => {
      try {
        return await sendApproval()
      } catch (error) {
        if (error instanceof ApprovalError || !isUserRejection(error)) throw error
        throw new ApprovalError('rejected', 'The approval was declined in the wallet.', {
          cause: error,
        })
      }
    },
    onSuccess: async () => {
      await read.refetch()
      setPhase('confirmed')
    },
    onError: () => setPhase('error'),
  })

  async function sendApproval(): Promise<{ hash?: Hash; resetHash?: Hash }> {
    if (!token || !owner || !spender || required === undefined) {
      throw new ApprovalError(
        'missing_input',
        'Choose a token, a wallet and an amount before approving.',
      )
    }
    const address = token.address as Address
    const chainId = token.chainId
    if (getConnection(config).chainId !== chainId) await switchChain(config, { chainId })
    const current = await readContract(config, {
      address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner as Address, spender as Address],
      chainId,
    })
    if (current >= required) return {}
    let resetHash: Hash | undefined
    if (token.requiresZeroAllowanceReset && current > 0n) {
      setPhase('resetting')
      resetHash = await writeContract(config, {
        address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender as Address, 0n],
        chainId,
      })
      setResetTxHash(resetHash)
      onTransaction?.(resetHash, 'reset')
      const receipt = await waitForTransactionReceipt(config, { hash: resetHash, chainId })
      if (receipt.status !== 'success') {
        throw new ApprovalError('reverted', 'The allowance reset was reverted.')
      }
    }
    setPhase('approving')
    const hash = await writeContract(config, {
      address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender as Address, required],
      chainId,
    })
    setTxHash(hash)
    onTransaction?.(hash, 'approve')
    setPhase('waiting')
    const receipt = await waitForTransactionReceipt(config, { hash, chainId })
    if (receipt.status !== 'success') {
      throw new ApprovalError('reverted', 'The approval was reverted.')
    }
    return resetHash ? { hash, resetHash } : { hash }
  }

  return {
    allowance,
    required,
    needsApproval,
    needsReset,
    approve: () => {
      if (!inFlight.current) {
        inFlight.current = mutation.mutateAsync().finally(() => {
          inFlight.current = null
        })
      }
      return inFlight.current
    },
    phase,
    txHash,
    resetTxHash,
    error: mutation.error ?? read.error,
    isLoading: read.isLoading,
    refetch: read.refetch,
  }
}
