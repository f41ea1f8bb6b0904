import type { MutationOptions } from '@tanstack/query-core'
import type {
  AcceptQuoteRequest,
  CreateOrderRequest,
  Quote,
  QuoteRequest,
  SigningKey,
} from '../../schemas/index.js'
import type { KitClient } from '../client.js'
import type { KitOrder, WalletProof } from '../schemas.js'

/** Variables of `acceptQuoteMutationOptions`. */
export type AcceptQuoteVariables = {
  quoteId: string
  /** Sent as `Idempotency-Key`: the same key for a re-send of the same confirm. */
  idempotencyKey: string
  body?: AcceptQuoteRequest
}

/** Variables of `createOrderMutationOptions`. */
export type CreateOrderVariables = {
  body: CreateOrderRequest
  /** Sent as `Idempotency-Key` and never re-generated for the same confirm. */
  idempotencyKey: string
}

/**
 * Mutation options of POST /quotes, the binding quote (spec 4.6). Never retried: a 422 names
 * the field to fix, a 410 asks for a new quote.
 *
 * @example
 * useMutation(quoteMutationOptions(client)).mutateAsync(request)
 */
export function quoteMutationOptions(
  client: KitClient,
): MutationOptions<Quote, Error, QuoteRequest> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'quote'],
    mutationFn: (body) => client.request('quotes', { body }),
    retry: false,
  }
}

/**
 * Mutation options of POST /quotes/:quoteId/accept. Accepting is idempotent upstream (a 409
 * returns the existing order), so a re-send with the same idempotency key is safe.
 *
 * @example
 * useMutation(acceptQuoteMutationOptions(client)).mutateAsync({ quoteId, idempotencyKey })
 */
export function acceptQuoteMutationOptions(
  client: KitClient,
): MutationOptions<KitOrder, Error, AcceptQuoteVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'accept'],
    mutationFn: ({ quoteId, idempotencyKey, body }) =>
      client.request('acceptQuote', {
        params: { quoteId },
        body: body ?? {},
        headers: { 'idempotency-key': idempotencyKey },
      }),
    retry: false,
  }
}

/**
 * Mutation options of POST /orders, a direct order (off-ramp pulls the approved tokens). Never
 * retried: a double order moves money twice.
 *
 * @example
 * useMutation(createOrderMutationOptions(client)).mutateAsync({ body, idempotencyKey })
 */
export function createOrderMutationOptions(
  client: KitClient,
): MutationOptions<KitOrder, Error, CreateOrderVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'create-order'],
    mutationFn: ({ body, idempotencyKey }) =>
      client.request('createOrder', {
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    retry: false,
  }
}

/** Variables of `proveWalletMutationOptions`. */
export type ProveWalletVariables = {
  /** The wallet to prove, as the wallet reports it. */
  address: string
  /** The chain the wallet is on (EIP-4361 `Chain ID`). */
  chainId: number
  /**
   * Signs the kit's message with the wallet (`personal_sign`), for example wagmi's
   * `signMessageAsync({ message })` or viem's `walletClient.signMessage({ message })`.
   */
  signMessage: (message: string) => Promise<string>
}

/**
 * Mutation options of the wallet proof: POST /wallets/challenge for a Sign-In with Ethereum
 * message with a single-use nonce, the wallet's signature of it, then POST /wallets/proofs. The
 * session is then bound to the wallet until `expires_at`, and may sell from it. Never retried:
 * a declined signature is the user's answer, and a used nonce cannot be sent twice.
 *
 * @example
 * const prove = useMutation(proveWalletMutationOptions(client))
 * await prove.mutateAsync({ address, chainId, signMessage: (message) => signMessageAsync({ message }) })
 */
export function proveWalletMutationOptions(
  client: KitClient,
): MutationOptions<WalletProof, Error, ProveWalletVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'prove-wallet'],
    mutationFn: async ({ address, chainId, signMessage }) => {
      const challenge = await client.request('walletChallenge', {
        body: { address, chain_id: chainId },
      })
      const signature = await signMessage(challenge.message)
      return client.request('walletProofs', {
        body: { message: challenge.message, signature },
      })
    },
    retry: false,
  }
}

/**
 * Mutation options of POST /signing-keys/:keyId/revoke: the user revokes one of their own
 * signing keys (a lost or replaced wallet), so no accept signed with it goes through again.
 * Revoking is idempotent upstream; not retried here, the user sees the answer.
 *
 * @example
 * useMutation(revokeSigningKeyMutationOptions(client)).mutateAsync({ keyId: 'skey_abc' })
 */
export function revokeSigningKeyMutationOptions(
  client: KitClient,
): MutationOptions<SigningKey, Error, { keyId: string }> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'revoke-signing-key'],
    mutationFn: ({ keyId }) => client.request('revokeSigningKey', { params: { keyId } }),
    retry: false,
  }
}
