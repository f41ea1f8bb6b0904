import type { Context } from 'hono'
import type { Address } from 'viem'
import { fail } from '../http/envelope.js'
import type { KitContext } from './context.js'

/** What the kit keeps of a wallet proof: the wallet, the chain it was signed on, until when. */
export type ProofRecord = { address: Address; chain_id: number; expires_at: string }

/**
 * Where the kit keeps `owner`'s proof of `address` (one key per session and wallet: a proof on
 * another chain replaces it, and the record says which chain it counts on).
 */
export const walletProofKey = (owner: string, address: string) =>
  `rampkit:wallet:proof:${encodeURIComponent(owner)}:${address.toLowerCase()}`

/** `owner`'s proof of `address` while it is still valid (on the chain it names), else null. */
export async function liveWalletProof(
  kit: Pick<KitContext, 'store' | 'now'>,
  owner: string,
  address: string,
): Promise<ProofRecord | null> {
  const saved = await kit.store.kvGet(walletProofKey(owner, address), kit.now())
  if (saved === null) return null
  const record = JSON.parse(saved) as ProofRecord
  return Date.parse(record.expires_at) > kit.now().getTime() ? record : null
}

/** The answer to a write that spends from a wallet this session has not proven (on its chain). */
export function walletNotProven(c: Context, field: string): Response {
  return fail(
    c,
    403,
    'Prove you control this wallet before selling from it: sign the wallet check (free, no transaction), then try again.',
    { field, code: 'wallet_not_proven' },
  )
}
