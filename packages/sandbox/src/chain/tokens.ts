import type { ChainToken } from './types.js'

/**
 * What the sandbox deploys for each token the spec's `GET /quote` accepts (`USDC`, `USDT`, `WXM`):
 * the one table for symbol, sandbox label, ERC-20 name, decimals and approve behaviour. Labels
 * follow the spec's snapshot for the sandbox environment (2.12); decimals are the real tokens'
 * (6, 6, 18) so code that assumes 6 everywhere fails here first.
 *
 * @example
 * const wxm = sandboxTokenSpecs.find((spec) => spec.symbol === 'WXM') // decimals 18
 */
export const sandboxTokenSpecs = [
  {
    symbol: 'USDC',
    label: 'BASE_USDC(Testnet)',
    name: 'USD Coin',
    decimals: 6,
    requiresZeroAllowanceReset: false,
  },
  {
    symbol: 'USDT',
    label: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    requiresZeroAllowanceReset: true,
  },
  {
    symbol: 'WXM',
    label: 'ARBITRUM_WXM',
    name: 'WeatherXM',
    decimals: 18,
    requiresZeroAllowanceReset: false,
  },
] as const satisfies readonly (Omit<ChainToken, 'address'> & { name: string })[]
