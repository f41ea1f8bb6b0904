import type { Client } from 'viem'

/** Options of the wallet proof (Sign-In with Ethereum) that guards every sale. */
export type WalletProofOptions = {
  /**
   * A viem public client per chain id. With one for the wallet's chain, signatures are checked
   * by viem's `verifySiweMessage` over that chain's RPC, which accepts smart-contract wallets
   * (ERC-1271, and ERC-6492 for wallets not yet deployed) as well as ordinary accounts. Without
   * one, only ordinary accounts (ECDSA signatures) can be proven on that chain. A function is
   * asked per proof, for chains known only at run time.
   */
  publicClients?:
    | Readonly<Record<number, Client>>
    | ((chainId: number) => Client | null | undefined | Promise<Client | null | undefined>)
  /** How long a proof binds the wallet to the session, ms. Default 12 hours. */
  ttlMs?: number
  /** How long a challenge may wait for its signature, ms. Default 5 minutes. */
  challengeTtlMs?: number
}

export const WALLET_PROOF_DEFAULTS = {
  ttlMs: 12 * 60 * 60 * 1000,
  challengeTtlMs: 5 * 60 * 1000,
} as const

/** The wallet proof's options with their defaults, as the wallet routes read them. */
export type WalletProofSettings = {
  publicClients: WalletProofOptions['publicClients']
  ttlMs: number
  challengeTtlMs: number
}

/** `options` with each default filled in. */
export function walletProofSettings(options: WalletProofOptions = {}): WalletProofSettings {
  return {
    publicClients: options.publicClients,
    ttlMs: options.ttlMs ?? WALLET_PROOF_DEFAULTS.ttlMs,
    challengeTtlMs: options.challengeTtlMs ?? WALLET_PROOF_DEFAULTS.challengeTtlMs,
  }
}

/** What the kit keeps of a challenge it issued, under its nonce. */
export type ChallengeRecord = { owner: string; message: string; chain_id: number; origin: string }

export const challengeKey = (nonce: string) => `rampkit:wallet:challenge:${nonce}`
