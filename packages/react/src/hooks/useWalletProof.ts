'use client'
import { RampError } from '@rampkit/core/errors'
import type { WalletProof } from '@rampkit/core/kit'
import { proveWalletMutationOptions, walletProofQueryOptions } from '@rampkit/core/kit/query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { signMessage } from 'wagmi/actions'
import { useRampKit } from '../provider.js'
import { isUserRejection } from '../utils/wallet.js'

/** Why a wallet proof did not complete. */
export type WalletProofErrorReason = 'missing_input' | 'rejected'

/**
 * A wallet proof that did not complete: `rejected` when the user declined to sign, and
 * `missing_input` when the wallet or its chain is not known yet. The kit's refusals (an expired
 * check, a signature by another wallet) reach the caller as core's `RampApiError`, with `code`.
 *
 * @example
 * try {
 *   await proof.prove()
 * } catch (error) {
 *   if (error instanceof WalletProofError && error.reason === 'rejected') showDeclined()
 * }
 */
export class WalletProofError extends RampError {
  override name = 'WalletProofError'
  readonly reason: WalletProofErrorReason

  constructor(reason: WalletProofErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}

/** Parameters of `useWalletProof`. */
export type UseWalletProofParameters = {
  /** The wallet to prove: the one the order sells from. */
  address: string | undefined
  /** The chain the wallet signs for (the token's chain). */
  chainId: number | undefined
}

/** What `useWalletProof` returns. */
export type UseWalletProofReturnType = {
  /** Whether this session has proven `address` (and the proof has not lapsed). */
  proven: boolean
  /** When the proof lapses, or null. */
  expiresAt: string | null
  isLoading: boolean
  /** Asks the wallet to sign the kit's Sign-In with Ethereum message, then sends the proof. */
  prove: () => Promise<WalletProof>
  isProving: boolean
  error: Error | null
}

/**
 * The proof that this session controls the wallet an off-ramp sells from. The server kit
 * refuses to sell from a wallet the session has not proven (403 `wallet_not_proven`); this hook
 * reads whether `address` is proven and, with `prove()`, asks the wallet for one signature of
 * the kit's Sign-In with Ethereum (EIP-4361) message: free, no transaction. Each wallet is
 * proven once per session; a different wallet needs its own proof.
 *
 * @example
 * const proof = useWalletProof({ address, chainId: token.chainId })
 * if (!proof.proven) await proof.prove()
 */
export function useWalletProof(parameters: UseWalletProofParameters): UseWalletProofReturnType {
  const { address, chainId } = parameters
  const { client } = useRampKit()
  const config = useConfig()
  const queryClient = useQueryClient()
  const options = walletProofQueryOptions(client, address, chainId)
  const read = useQuery(options)
  const mutation = useMutation({
    ...proveWalletMutationOptions(client),
    onSuccess: (data) => queryClient.setQueryData(options.queryKey, data),
  })

  async function prove(): Promise<WalletProof> {
    if (!address || chainId === undefined) {
      throw new WalletProofError('missing_input', 'Connect the wallet to prove before signing.')
    }
    try {
      return await mutation.mutateAsync({
        address,
        chainId,
        signMessage: (message) => signMessage(config, { message, account: address as Address }),
      })
    } catch (error) {
      if (!isUserRejection(error)) throw error
      throw new WalletProofError('rejected', 'The signature was declined in the wallet.', {
        cause: error,
      })
    }
  }

  return {
    proven: read.data?.proven === true,
    expiresAt: read.data?.expires_at ?? null,
    isLoading: read.isLoading,
    prove,
    isProving: mutation.isPending,
    error: mutation.error ?? read.error,
  }
}
