import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import { userOf } from './lookup.js'
import type { SandboxAdmin } from './types.js'

/** What the sandbox kept of a key's quotes: the request body as it arrived. */
export function quoteControls(ctx: SandboxContext): Pick<SandboxAdmin, 'quoteRequest'> {
  return {
    quoteRequest(apiKey, quoteId) {
      const owner = userOf(ctx, apiKey)
      const found = ctx.store.quotes.get(quoteId)
      if (!found || found.userId !== owner.id) {
        throw new ApiError(404, 'Quote not found', { field: 'quote_id' })
      }
      return found.request
    },
  }
}
