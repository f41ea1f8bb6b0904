'use client'
import type { SigningKey } from '@rampkit/core'
import { RampApiError, RampError } from '@rampkit/core/errors'
import { configQueryOptions } from '@rampkit/core/kit/query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { signTypedData } from 'wagmi/actions'
import { useRampKit } from '../provider.js'
import { isUserRejection } from '../utils/wallet.js'

/**
 * Why a signed accept could not go on: the user declined a signature in the wallet
 * (`rejected`), the enrollment's challenge ran out (`expired`, about ten minutes), the key the
 * quote names was revoked or replaced (`revoked`), or no wallet is connected (`no_wallet`).
 */
export type SignedAcceptErrorReason = 'rejected' | 'expired' | 'revoked' | 'no_wallet'

/**
 * A signed accept (enrollment or signature) that did not complete, with its `reason`. Other
 * refusals of the kit reach the caller as core's `RampApiError`.
 *
 * @example
 * if (error instanceof SignedAcceptError && error.reason === 'expired') enrollAgain()
 */
export class SignedAcceptError extends RampError {
  override name = 'SignedAcceptError'
  readonly reason: SignedAcceptErrorReason

  constructor(reason: SignedAcceptErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}

/** The typed data of the service, as the kit passes it on (challenge or quote `signing`). */
type ServiceTypedData = {
  primaryType: string
  domain: Record<string, unknown>
  types: Record<string, unknown>
  message: Record<string, unknown>
}

/** What `useSignedAccept` returns. */
export type UseSignedAcceptReturnType = {
  /** Whether the kit runs with signed accepts (`signed_accepts` of GET /config). */
  enabled: boolean
  /** Whether `address` is the active signing key of the user's customer. */
  enrolled: boolean
  isLoading: boolean
  /**
   * Whether a quote can be signed by `address` as it is: signed accepts are on, `address` is
   * enrolled, and the quote's `signing` asks that address. Otherwise enroll (or re-enroll a
   * changed wallet) and ask for a new quote.
   */
  canSign: (signing: { signer_address: string } | undefined) => boolean
  /** Enrolls `address`: the kit's challenge, the wallet's signature of it, completion. */
  enroll: () => Promise<SigningKey>
  isEnrolling: boolean
  /** The wallet's signature of a quote's `signing.typed_data`, exactly as the service sent it. */
  sign: (typedData: ServiceTypedData) => Promise<Hex>
  isSigning: boolean
  /** Reads the user's keys again (after a refused accept: the key may have been revoked). */
  refresh: () => void
  error: Error | null
}

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/**
 * Wallet-signed accepts (the kit's `signedAccepts`): the connected wallet is enrolled once as
 * the signing key of the user's verified customer (challenge, `signTypedData` of the service's
 * typed data as returned, complete), then signs each quote's `signing.typed_data`; the widget
 * sends that signature with the accept. A lost or changed wallet enrolls again, which replaces
 * the old key. Errors are `SignedAcceptError` with a `reason`, or the kit's `RampApiError`.
 *
 * @example
 * const signed = useSignedAccept(address)
 * if (signed.enabled && !signed.canSign(quote.signing)) await signed.enroll()
 * const signature = await signed.sign(quote.signing.typed_data)
 */
export function useSignedAccept(address: string | undefined): UseSignedAcceptReturnType {
  const { client } = useRampKit()
  const wagmi = useConfig()
  const queryClient = useQueryClient()
  const config = useQuery(configQueryOptions(client))
  const enabled = config.data?.signed_accepts === true
  const keysKey = ['rampkit', client.endpoint, 'signing-keys'] as const
  const keys = useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => client.request('signingKeys', { signal }),
    enabled,
    staleTime: 30_000,
  })
  const enrolled =
    keys.data?.keys.some((key) => key.status === 'active' && same(key.address, address)) === true

  async function walletSign(typedData: ServiceTypedData): Promise<Hex> {
    if (!address) throw new SignedAcceptError('no_wallet', 'Connect the wallet that signs.')
    try {
      return await signTypedData(wagmi, {
        account: address as Address,
        domain: typedData.domain,
        types: typedData.types,
        primaryType: typedData.primaryType,
        message: typedData.message,
      } as Parameters<typeof signTypedData>[1])
    } catch (error) {
      if (!isUserRejection(error)) throw error
      throw new SignedAcceptError('rejected', 'The signature was declined in the wallet.', {
        cause: error,
      })
    }
  }

  const enrollment = useMutation({
    mutationFn: async () => {
      if (!address) throw new SignedAcceptError('no_wallet', 'Connect the wallet to enroll.')
      const challenge = await client.request('signingKeyChallenge', { body: { address } })
      const signature = await walletSign(challenge.typed_data)
      try {
        return await client.request('completeSigningKey', {
          body: { key_id: challenge.key_id, signature },
        })
      } catch (error) {
        // The challenge lives about ten minutes: a wallet left open longer must enroll again.
        if (error instanceof RampApiError && error.field === 'key_id') {
          throw new SignedAcceptError('expired', 'The enrollment expired; enroll again.', {
            cause: error,
          })
        }
        throw error
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  })

  const signing = useMutation({ mutationFn: walletSign })

  return {
    enabled,
    enrolled,
    isLoading: config.isLoading || (enabled && keys.isLoading),
    canSign: (quoteSigning) => enabled && enrolled && same(quoteSigning?.signer_address, address),
    enroll: () => enrollment.mutateAsync(),
    isEnrolling: enrollment.isPending,
    sign: (typedData) => signing.mutateAsync(typedData),
    isSigning: signing.isPending,
    refresh: () => void queryClient.invalidateQueries({ queryKey: keysKey }),
    error: enrollment.error ?? signing.error ?? keys.error,
  }
}
