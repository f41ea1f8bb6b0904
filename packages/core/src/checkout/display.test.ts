import { describe, expect, it } from 'vitest'
import { networkDisplayName, tokenDisplayName } from './display.js'

const token = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', chainId: 8453 }

describe('tokenDisplayName: a token named for people, not by its label', () => {
  it.each([
    [{ symbol: 'USDC', label: 'BASE_USDC(Testnet)', chainId: 84532 }, 'USDC on Base'],
    [{ symbol: 'WXM', label: 'ARBITRUM_WXM', chainId: 421614 }, 'WXM on Arbitrum'],
    [{ symbol: 'USDT', label: 'POLYGON_USDT', chainId: 137 }, 'USDT on Polygon'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 137 }, 'USDT on Polygon'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 56 }, 'USDT on BNB Smart Chain'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 31337, chain: 'anvil' }, 'USDT on Anvil'],
    [
      { symbol: 'USDC', label: 'USDC', chainId: 999, chain: 'Base Sepolia' },
      'USDC on Base Sepolia',
    ],
    [{ symbol: 'USDC', label: 'USDC', chainId: 999 }, 'USDC on 999'],
  ])('%o -> %s', (fields, expected) => {
    expect(tokenDisplayName({ ...token, ...fields })).toBe(expected)
  })

  it("takes the locale's own words", () => {
    const fr = tokenDisplayName(
      { ...token, symbol: 'USDC', label: 'BASE_USDC' },
      ({ symbol, network }) => `${symbol} sur ${network}`,
    )
    expect(fr).toBe('USDC sur Base')
  })
})

describe('networkDisplayName', () => {
  it.each([
    ['BASE', 'Base'],
    ['base', 'Base'],
    ['POLYGON_POS', 'Polygon Pos'],
    ['BSC', 'BNB Smart Chain'],
  ])('%s -> %s', (network, expected) => {
    expect(networkDisplayName(network)).toBe(expected)
  })
})
