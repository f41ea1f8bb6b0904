import { describe, expect, it } from 'vitest'
import {
  chainDisplayName,
  networkDisplayName,
  quoteNetworkName,
  tokenDisplayName,
} from './display.js'

const token = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', chainId: 8453 }

/** The sandbox's token list: the spec snapshot's labels, every token on the one local chain. */
const LOCAL = [
  { symbol: 'USDC', label: 'BASE_USDC(Testnet)' },
  { symbol: 'USDT', label: 'USDT' },
  { symbol: 'WXM', label: 'ARBITRUM_WXM' },
].map((each) => ({ ...token, ...each, chainId: 31337, chain: 'anvil' }))

describe('tokenDisplayName: a token named for people by the chain it lives on', () => {
  it.each([
    [{ symbol: 'USDC', label: 'BASE_USDC', chainId: 8453 }, 'USDC on Base'],
    [{ symbol: 'USDC', label: 'BASE_USDC(Testnet)', chainId: 84532 }, 'USDC on Base Sepolia'],
    [{ symbol: 'WXM', label: 'ARBITRUM_WXM', chainId: 42161 }, 'WXM on Arbitrum'],
    [{ symbol: 'USDT', label: 'POLYGON_USDT(Testnet)', chainId: 80002 }, 'USDT on Polygon Amoy'],
    // A test network the table does not know: the token list's chain name, else the label's.
    [{ symbol: 'WXM', label: 'ARBITRUM_WXM', chainId: 421614 }, 'WXM on Arbitrum'],
    [{ symbol: 'USDT', label: 'POLYGON_USDT', chainId: 137 }, 'USDT on Polygon'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 137 }, 'USDT on Polygon'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 56 }, 'USDT on BNB Smart Chain'],
    [{ symbol: 'USDT', label: 'USDT', chainId: 31337, chain: 'anvil' }, 'USDT on Anvil'],
    [
      { symbol: 'USDC', label: 'USDC', chainId: 999, chain: 'Base Sepolia' },
      'USDC on Base Sepolia',
    ],
    [{ symbol: 'USDC', label: 'BASE_USDC', chainId: 999 }, 'USDC on Base'],
    [{ symbol: 'USDC', label: 'USDC', chainId: 999 }, 'USDC on 999'],
  ])('%o -> %s', (fields, expected) => {
    expect(tokenDisplayName({ ...token, ...fields })).toBe(expected)
  })

  it('names every token of one local chain by that chain, whatever network its label stands for', () => {
    expect(LOCAL.map((each) => tokenDisplayName(each))).toEqual([
      'USDC on Anvil',
      'USDT on Anvil',
      'WXM on Anvil',
    ])
  })

  it("takes the locale's own words", () => {
    const fr = tokenDisplayName(
      { ...token, symbol: 'USDC', label: 'BASE_USDC' },
      ({ symbol, network }) => `${symbol} sur ${network}`,
    )
    expect(fr).toBe('USDC sur Base')
  })
})

describe('chainDisplayName', () => {
  it('prefers the chain id to the token list’s name, and that name to the label', () => {
    expect(chainDisplayName({ chainId: 8453, chain: 'base-mainnet' })).toBe('Base')
    expect(chainDisplayName({ chainId: 31337, chain: 'anvil', label: 'ARBITRUM_WXM' })).toBe(
      'Anvil',
    )
    expect(chainDisplayName({ chainId: 4242, label: 'ARBITRUM_WXM' })).toBe('Arbitrum')
  })
})

describe('quoteNetworkName: a quote names the network its token list named', () => {
  it('names the chosen token’s chain when the quote is of that token', () => {
    const usdc = LOCAL[0]!
    expect(quoteNetworkName({ token: 'USDC', network: 'BASE' }, usdc)).toBe(
      tokenDisplayName(usdc, ({ network }) => network),
    )
    expect(quoteNetworkName({ token: 'USDC', network: 'BASE' }, usdc)).toBe('Anvil')
  })

  it('falls back to the service’s word for another token, or none', () => {
    expect(quoteNetworkName({ token: 'USDT', network: 'POLYGON' }, LOCAL[0])).toBe('Polygon')
    expect(quoteNetworkName({ token: 'USDT', network: 'POLYGON' })).toBe('Polygon')
    expect(quoteNetworkName({ token: 'USDT' })).toBeUndefined()
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
