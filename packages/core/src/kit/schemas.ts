import { z } from 'zod'
import { orderTypeName, reportedOrderStatus } from '../schemas/index.js'

/** How an order was made: a binding partner quote that was accepted, or a direct create. */
export const kitOrderFlow = z.enum(['quote', 'direct'])
export type KitOrderFlow = z.infer<typeof kitOrderFlow>

/**
 * An order as the kit shows it to its owner: one shape for both upstream flows, lower-case
 * status (any word the service reported, known or not: see the order lifecycle), human-unit
 * amounts. `id` is the service's `order_id` once known,
 * otherwise the creation `tx_hash` of a direct order.
 */
export const kitOrder = z.looseObject({
  id: z.string(),
  flow: kitOrderFlow,
  order_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  tx_hash: z.string().nullable(),
  status: reportedOrderStatus,
  order_type: orderTypeName,
  amount_fiat: z.number().nullable(),
  currency: z.string().nullable(),
  amount_crypto: z.number().nullable(),
  token: z.string().nullable(),
  rate: z.number().nullable(),
  wallet_address: z.string().nullable(),
  settlement_transaction_hash: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type KitOrder = z.infer<typeof kitOrder>

/** `data` of GET /config: what the widget needs to know about the environment. */
export const kitConfig = z.looseObject({
  environment: z.enum(['sandbox', 'production']),
  chain_id: z.number().int().nullable(),
  spender: z.string().nullable(),
  sse: z.boolean(),
})
export type KitConfig = z.infer<typeof kitConfig>

/**
 * Body of POST /wallets/challenge: the wallet to prove and the chain it signs for. Strict, like
 * every browser body the kit parses: another key is a 422 naming it.
 */
export const walletChallengeRequest = z.strictObject({
  address: z.string().max(64),
  chain_id: z
    .number({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .int({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .positive({ error: 'chain_id must be the wallet’s chain id, a positive integer' })
    .max(Number.MAX_SAFE_INTEGER),
})
export type WalletChallengeRequest = z.infer<typeof walletChallengeRequest>

/**
 * Body of POST /wallets/proofs: the challenge's message exactly as signed, and the wallet's hex
 * signature (longer than 65 bytes for smart-contract wallets, ERC-6492 included). Strict.
 */
export const walletProofRequest = z.strictObject({
  message: z
    .string({ error: 'Send the message of POST /wallets/challenge, as signed' })
    .min(1, { error: 'Send the message of POST /wallets/challenge, as signed' })
    .max(2000, { error: 'Send the message of POST /wallets/challenge, as signed' }),
  signature: z
    .string({ error: 'signature must be the wallet’s hex signature (0x…)' })
    .regex(/^0x[0-9a-fA-F]{2,8192}$/, {
      error: 'signature must be the wallet’s hex signature (0x…)',
    }),
})
export type WalletProofRequest = z.infer<typeof walletProofRequest>

/**
 * `data` of POST /wallets/challenge: a Sign-In with Ethereum (EIP-4361) message the kit issued
 * for this session, with a single-use nonce. The wallet signs `message` exactly as given
 * (`personal_sign`), and the signature goes to POST /wallets/proofs.
 */
export const walletChallenge = z.looseObject({
  address: z.string(),
  chain_id: z.number().int(),
  message: z.string(),
  expires_at: z.string(),
})
export type WalletChallenge = z.infer<typeof walletChallenge>

/**
 * `data` of POST /wallets/proofs and GET /wallets/proofs/:address: whether this session has
 * proven it controls `address`, and until when. Only a proven wallet may be sold from.
 */
export const walletProof = z.looseObject({
  address: z.string(),
  proven: z.boolean(),
  expires_at: z.string().nullable(),
})
export type WalletProof = z.infer<typeof walletProof>
