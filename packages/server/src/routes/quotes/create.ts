import type { Provider, Quote } from '@rampkit/core'
import { quoteSides } from '@rampkit/core/checkout'
import { kitQuoteRequest } from '@rampkit/core/internal'
import { validateQuoteInput } from '@rampkit/core/validation'
import type { Context } from 'hono'
import { invalid, parseWith, readJsonObject } from '../../http/body.js'
import { cacheKey } from '../../http/cache.js'
import { fail, ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { vaultError, vaultOf } from '../customers/vault.js'
import { defineRoute, type RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'
import { MAX_QUOTE_MEMORY_MS, QUOTE_GRACE_MS, type QuoteRecord, quoteKey } from './record.js'

/** The provider's limits, when the catalog for the corridor is already cached (no upstream call). */
function cachedProvider(
  kit: RouteDeps<'cache'>,
  body: Record<string, unknown>,
): Provider | undefined {
  const method = body.payment_method as { type?: unknown; network_id?: unknown } | undefined
  const networkId = method?.network_id
  if (typeof networkId !== 'string' || typeof body.country !== 'string') return undefined
  for (const query of [
    { country: body.country, order_type: body.order_type },
    { country: body.country },
    {},
  ]) {
    const catalog = kit.cache.peek<{
      onramp?: { countries: Record<string, unknown> }
      offramp?: { countries: Record<string, unknown> }
    }>(cacheKey('catalog', query))
    if (!catalog) continue
    const direction = body.order_type === 'OffRamp' ? catalog.offramp : catalog.onramp
    const country = direction?.countries[body.country] as
      | { payment_methods?: Record<string, { providers?: Provider[] } | undefined> }
      | undefined
    for (const bucket of Object.values(country?.payment_methods ?? {})) {
      const provider = bucket?.providers?.find((p) => p.id === networkId)
      if (provider) return provider
    }
  }
  return undefined
}

/** The id a vault-mode quote is parsed with until the kit puts the user's own in its place. */
const VAULT_STAND_IN = 'pcus_kit_names_the_customer'

/**
 * The signed-in user's approved vault customer, or the answer to return: 403
 * `customer_not_verified` (on `customer_id`) for a user without one, which the widget answers
 * with its identity step.
 */
async function approvedCustomer(
  c: Context,
  kit: RouteDeps<'customers' | 'logger' | 'secrets'>,
  owner: string,
): Promise<{ ok: true; id: string } | { ok: false; response: Response }> {
  const vault = vaultOf(c, kit)
  if (!vault.ok) return vault
  let id: string | null
  try {
    id = await vault.vault.approvedId(owner)
  } catch (error) {
    return { ok: false, response: vaultError(c, kit, error, 'getCustomer') }
  }
  if (id) return { ok: true, id }
  return {
    ok: false,
    response: fail(c, 403, 'Verify your identity before your first order.', {
      field: 'customer_id',
      code: 'customer_not_verified',
    }),
  }
}

/**
 * POST /quotes: a binding quote (accepted by `accept.ts`). The quote body is parsed
 * with core's strict `kitQuoteRequest` (a key it does not list is a 422 naming it) and then run
 * through `validateQuoteInput` (section 7's 422 table, with the provider's limits when the
 * catalog is cached), so an invalid quote never reaches the service. The kit remembers which
 * end user asked for each quote: only they can accept it, and the accepted order is recorded
 * with them as owner.
 */
export const createQuote = defineRoute({
  route: 'quotes',
  guards: ['origin', 'session'],
  needs: [
    'client',
    'store',
    'cache',
    'customers',
    'signedAccepts',
    'environment',
    'now',
    'logger',
    'secrets',
    'bodyLimitBytes',
  ],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    const owner = sessionOwner(c)
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    // Who the order is for is the server's to say, never the browser's: a `customer_id` would
    // quote (and, accepted, order) as another user's verified vault customer, and a
    // `customer.uid` would claim another user's id at the service.
    const inline = body.data.customer
    for (const [present, field] of [
      [body.data.customer_id !== undefined, 'customer_id'],
      [typeof inline === 'object' && inline !== null && 'uid' in inline, 'customer.uid'],
    ] as const) {
      if (present) {
        return invalid(c, field, `${field} is set by the server, not sent from the browser`)
      }
    }
    // In vault mode the kit names the user's approved customer after the body is checked; an
    // inline customer is dropped. The body is parsed with a stand-in id meanwhile, so the
    // schema's "customer_id or customer" holds and the inline rules are skipped.
    // Signed accepts quote only a verified vault customer, whatever the mode.
    const vaultMode = kit.customers.mode === 'vault' || kit.signedAccepts
    const { customer: _dropped, ...withoutInline } = body.data
    const parsed = parseWith(
      c,
      kitQuoteRequest,
      vaultMode ? { ...withoutInline, customer_id: VAULT_STAND_IN } : body.data,
    )
    if (!parsed.ok) return parsed.response
    // The kit knows its environment (the key's prefix): the sandbox's test phones and account
    // numbers pass with a sandbox key and are refused, on their field, with a live one.
    const checked = validateQuoteInput(parsed.data, {
      provider: cachedProvider(kit, parsed.data),
      environment: kit.environment,
    })
    if (!checked.ok) return invalid(c, checked.field, checked.message)
    const request = { ...parsed.data, ...checked.value }
    if (vaultMode) {
      const customerId = await approvedCustomer(c, kit, owner)
      if (!customerId.ok) return customerId.response
      request.customer_id = customerId.id
    } else if (request.customer && kit.customers.vault) {
      // The service knows an inline customer by `uid`: the user's keyed ref, never their id.
      request.customer = { ...request.customer, uid: await kit.customers.vault.refOf(owner) }
    }
    let quote: Quote
    try {
      quote = await kit.client.createQuote(request as typeof parsed.data)
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'createQuote' })
    }
    const now = kit.now().getTime()
    const expiresAt = Date.parse(quote.expires_at)
    const ttlMs = Math.min(
      MAX_QUOTE_MEMORY_MS,
      Math.max(0, (Number.isNaN(expiresAt) ? now : expiresAt) - now) + QUOTE_GRACE_MS,
    )
    // The order the accept records is priced exactly as quoted; the wallet is where an
    // on-ramp's tokens go, or where an off-ramp's come from (its refund address).
    const { rate, fiat, crypto } = quoteSides(quote)
    const record: QuoteRecord = {
      owner,
      quote: {
        quote_id: quote.quote_id,
        order_type: quote.order_type,
        currency: fiat.currency,
        token: crypto.currency,
        rate,
        amount_fiat: fiat.amount,
        amount_crypto: crypto.amount,
        wallet_address:
          (quote.order_type === 'OffRamp' ? request.refund_address : request.wallet_address) ??
          null,
        asset: { token: request.asset?.token ?? null, network: request.asset?.network ?? null },
      },
      customer_id: request.customer_id ?? null,
      signer: quote.signing?.signer_address ?? null,
    }
    await kit.store.kvSet({ key: quoteKey(quote.quote_id), value: JSON.stringify(record), ttlMs })
    c.header('Cache-Control', 'no-store')
    return ok(c, quote, 'Quote created', 201)
  },
})
