import { tokenPreviewQuery } from '@rampkit/core'
import { parseQuery } from '../../http/body.js'
import { cacheKey } from '../../http/cache.js'
import { ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { defineRoute } from '../define.js'

/** GET /preview: a token price for an amount, public; coalesced while in flight, never kept. */
export const preview = defineRoute({
  route: 'preview',
  guards: [],
  needs: ['client', 'flights', 'logger', 'secrets'],
  handler: async (c, kit) => {
    const query = parseQuery(c, tokenPreviewQuery)
    if (!query.ok) return query.response
    try {
      const data = await kit.flights.get(cacheKey('preview', query.data), () =>
        kit.client.getTokenPreview(query.data),
      )
      c.header('Cache-Control', 'no-store')
      return ok(c, data)
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'preview' })
    }
  },
})
