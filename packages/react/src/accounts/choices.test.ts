import type { Catalog, MetaTokens } from '@rampkit/core'
import { describe, expect, inject, it } from 'vitest'
import { accountNetworkName, offeredChoices } from './choices.js'
import { DEFAULT_ACCOUNT_CHOICES } from './RampAccounts.js'

const env = inject('ramp')

/** A public read of the kit, as the browser makes it. */
async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${env.signed.endpoint}${path}`, { headers: { origin: env.origin } })
  return ((await response.json()) as { data: T }).data
}

describe('the accounts <RampAccounts /> offers, from the sandbox kit’s catalog and tokens', () => {
  it('offers only currencies a corridor has and names the stablecoin’s network as the checkout does', async () => {
    const catalog = await read<Catalog>('/catalog')
    const tokens = (await read<MetaTokens>('/tokens')).tokens
    const offered = offeredChoices(DEFAULT_ACCOUNT_CHOICES, catalog, tokens)
    const keys = offered.map(
      (choice) => `${choice.currency}${choice.network ? `@${choice.network}` : ''}`,
    )
    // The sandbox's catalog has KES, NGN, GHS and the EUR and USD bank pay-ins, but no CAD.
    expect(keys).toEqual(expect.arrayContaining(['KES', 'NGN', 'GHS', 'EUR', 'USD', 'USDC@Base']))
    expect(keys).not.toContain('CAD')
    // Base USDC of the sandbox lives on its local chain: the checkout calls it "USDC on Anvil".
    const local = tokens.find((token) => token.symbol === 'USDC')!
    expect(local.chain_id).toBe(31337)
    expect(accountNetworkName(tokens, 'USDC', 'Base')).toBe('Anvil')
    // A network no token of the list stands for keeps the service's name.
    expect(accountNetworkName(tokens, 'USDC', 'Polygon')).toBe('Polygon')
  })
})
