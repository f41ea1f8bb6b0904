import { type Address, parseUnits } from 'viem'
import { ApiError } from '../http/envelope.js'
import { onChain } from '../service/chain.js'
import type { SandboxContext } from '../service/context.js'
import type { SandboxAdmin } from './types.js'

/** The chain: mint test tokens to an address. */
export function chainControls(ctx: SandboxContext): Pick<SandboxAdmin, 'mint'> {
  return {
    async mint(tokenName, to, amount) {
      const chain = ctx.chain
      if (!chain) throw new ApiError(502, 'The sandbox chain is not available', null)
      const token = chain.tokens.find(
        (entry) =>
          entry.symbol === tokenName.toUpperCase() ||
          entry.address.toLowerCase() === tokenName.toLowerCase(),
      )
      if (!token)
        throw new ApiError(422, 'token must be USDC, USDT, WXM or a token address', {
          field: 'token',
        })
      if (!/^0x[0-9a-fA-F]{40}$/.test(to)) {
        throw new ApiError(422, 'to must be an EVM address', { field: 'to' })
      }
      const text = String(amount).trim()
      if (!/^\d{1,30}(?:\.\d{1,18})?$/.test(text) || Number(text) <= 0) {
        throw new ApiError(422, 'amount must be a positive decimal', { field: 'amount' })
      }
      const value = parseUnits(text, token.decimals)
      const tx = await onChain('mint', () => chain.mint(token.address, to as Address, value))
      return { tx }
    },
  }
}
