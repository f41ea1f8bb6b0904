import { SERVICE_NETWORKS } from '../core.js'
/** Token symbols the service knows (spec 4.15). */
export const TOKEN_SYMBOLS = ['USDC', 'USDT', 'WXM'] as const
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number]

/** USD price of one token; stablecoins at par, WXM an arbitrary sandbox price. */
export const TOKEN_USD_PRICE: Readonly<Record<TokenSymbol, number>> = {
  USDC: 1,
  USDT: 1,
  WXM: 0.42,
}

/** The service's markup on the mid rate, both directions (1.5 %). */
export const MARKUP = 0.015

/**
 * Token labels of the spec's snapshot that exist only in production. Asking the sandbox for one
 * gives `token_env_mismatch` (spec section 7) instead of `unknown_token`.
 */
export const PRODUCTION_ONLY_LABELS: Readonly<Record<string, TokenSymbol>> = {
  BASE_USDC: 'USDC',
  LISK_USDT: 'USDT',
  SCROLL_USDC: 'USDC',
  SCROLL_USDT: 'USDT',
}

/**
 * Production token contracts the sandbox recognises, so creating an order with one answers
 * `token_env_mismatch` naming the environment (USDC on Base mainnet).
 */
export const PRODUCTION_TOKEN_ADDRESSES: Readonly<Record<string, string>> = {
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': 'BASE_USDC',
}

/**
 * The contracts the service's published quote examples send as `asset.token` in its own
 * sandbox (Base USDC on OnRamp, Polygon USDT on OffRamp), keyed in lower case. A quote naming
 * one gets the local token of that symbol, so the published examples work here unchanged.
 * Base USDC is also in `PRODUCTION_TOKEN_ADDRESSES`: a direct order (`POST /orders/create`),
 * which the published documents never show with it, still answers `token_env_mismatch`.
 */
export const PUBLISHED_ASSET_ADDRESSES: Readonly<Record<string, TokenSymbol>> = {
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': 'USDC',
  '0xc2132d05d31c914a87c6611c10748aeb04b58e8f': 'USDT',
}

/**
 * Network names (and their chain ids) a quote's `asset.network` may give: core's table of the
 * service's names. The sandbox has one local chain, so any of them reaches the local token; they
 * are listed so a misspelt or non-EVM network is refused rather than silently ignored.
 */
export const EVM_NETWORKS = SERVICE_NETWORKS

/**
 * The name `GET /meta/tokens` gives the local chain (`chain`), where every token lives whatever
 * network its label stands for: clients name the tokens by it (core's `tokenDisplayName`,
 * "USDC on Anvil"), while quotes answer with the label's network (`BASE`).
 */
export const LOCAL_CHAIN_NAME = 'anvil'

/** Type guard for a token symbol. */
export function isTokenSymbol(value: string): value is TokenSymbol {
  return (TOKEN_SYMBOLS as readonly string[]).includes(value)
}
