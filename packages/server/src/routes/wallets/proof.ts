import type { WalletProof } from '@rampkit/core/kit'
import { validateEvmAddress } from '@rampkit/core/validation'
import { invalid } from '../../http/body.js'
import { ok } from '../../http/envelope.js'
import { defineRoute } from '../define.js'
import { sessionOwner } from '../guards.js'
import { saleChainId } from '../sale-chain.js'
import { liveWalletProof } from '../wallet-proof.js'

/**
 * GET /wallets/proofs/:address: whether this session has proven the wallet, on the chain asked
 * (`?chain_id=`), else the service's own chain.
 */
export const walletProof = defineRoute({
  route: 'walletProof',
  guards: ['session'],
  needs: ['store', 'now', 'client', 'cache', 'logger'],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const address = validateEvmAddress(c.req.param('address'), { field: 'address' })
    if (!address.ok) return invalid(c, address.field, address.message)
    // The chain asked about (`?chain_id=`), else the service's own chain.
    const asked = c.req.query('chain_id')
    const chainId = asked === undefined ? await saleChainId(kit, {}) : Number(asked)
    if (chainId !== null && (!Number.isSafeInteger(chainId) || chainId <= 0)) {
      return invalid(c, 'chain_id', 'chain_id must be a positive whole number.')
    }
    const proof = await liveWalletProof(kit, owner, address.value)
    const record = proof !== null && proof.chain_id === chainId ? proof : null
    const data: WalletProof = {
      address: address.value,
      proven: record !== null,
      expires_at: record?.expires_at ?? null,
      chain_id: chainId,
    }
    return ok(c, data)
  },
})
