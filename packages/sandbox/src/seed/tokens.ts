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

/** Type guard for a token symbol. */
export function isTokenSymbol(value: string): value is TokenSymbol {
  return (TOKEN_SYMBOLS as readonly string[]).includes(value)
}
