import {
  acceptQuoteRequest,
  KIT_API,
  type KitOrder,
  normalizeOrderStatus,
  type OrderStatus,
  type Provider,
  type Quote,
  quoteRequest,
  quoteSides,
  validateQuoteInput,
} from '@rampkit/core'
import type { Hono } from 'hono'
import { cacheKey } from './cache.js'
import type { KitContext, RampEnv } from './context.js'
import { notFound, ok } from './envelope.js'
import { requireEndUser } from './owned.js'
import { upstreamError } from './upstream-error.js'
import { invalid, parseWith, readJsonObject } from './validate.js'
import { isWalletProven, walletNotProven } from './wallets.js'

const QUOTE_ID = /^[A-Za-z0-9_.:-]{1,200}$/
/** How long after its expiry a quote's owner is remembered (for a late, idempotent accept). */
const QUOTE_GRACE_MS = 24 * 60 * 60 * 1000
const MAX_QUOTE_MEMORY_MS = 7 * 24 * 60 * 60 * 1000

/** What the kit remembers of a quote it made: whose it is, and what the order will be. */
type QuoteRecord = {
  owner: string
  quote: Pick<Quote, 'quote_id' | 'order_type'> & {
    /** The fiat currency and the token's symbol. */
    currency: string
    token: string
    rate: number
    amount_fiat: number
    amount_crypto: number
    /** An on-ramp's `wallet_address`, an off-ramp's `refund_address`. */
    wallet_address: string | null
  }
}

const quoteKey = (quoteId: string) => `rampkit:quote:${quoteId}`

/** The provider's limits, when the catalog for the corridor is already cached (no upstream call). */
function cachedProvider(kit: KitContext, body: Record<string, unknown>): Provider | undefined {
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

/** The accept's order status, any word kept (core's order lifecycle); none: `fallback`. */
function toStatus(value: unknown, fallback: OrderStatus): OrderStatus {
  return normalizeOrderStatus(value) ?? fallback
}

/**
 * POST /quotes (a binding quote) and POST /quotes/:quoteId/accept. The quote body is parsed
 * with core's `quoteRequest` and then run through `validateQuoteInput` (section 7's 422 table,
 * with the provider's limits when the catalog is cached), so an invalid quote never reaches
 * the service. The kit remembers which end user asked for each quote: only they can accept
 * it, and the accepted order is recorded with them as owner.
 */
export function registerQuoteRoutes(app: Hono<RampEnv>, kit: KitContext) {
  app.on(KIT_API.quotes.method, KIT_API.quotes.path, async (c) => {
    const user = await requireEndUser(c)
    if (!user.ok) return user.response
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const parsed = parseWith(c, quoteRequest, body.data)
    if (!parsed.ok) return parsed.response
    // Who the order is for is the server's to say, never the browser's: a `customer_id` would
    // quote (and, accepted, order) as another user's verified vault customer, and a
    // `customer.uid` would claim another user's id at the service.
    for (const [present, field] of [
      [parsed.data.customer_id !== undefined, 'customer_id'],
      [parsed.data.customer?.uid !== undefined, 'customer.uid'],
    ] as const) {
      if (present) {
        return invalid(c, field, `${field} is set by the server, not sent from the browser`)
      }
    }
    // The kit knows its environment (the key's prefix): the sandbox's test phones and account
    // numbers pass with a sandbox key and are refused, on their field, with a live one.
    const checked = validateQuoteInput(parsed.data, {
      provider: cachedProvider(kit, parsed.data),
      environment: kit.environment,
    })
    if (!checked.ok) return invalid(c, checked.field, checked.message)
    const request = { ...parsed.data, ...checked.value }
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
      owner: user.owner,
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
      },
    }
    await kit.store.kvSet({ key: quoteKey(quote.quote_id), value: JSON.stringify(record), ttlMs })
    c.header('Cache-Control', 'no-store')
    return ok(c, quote, 'Quote created', 201)
  })

  app.on(KIT_API.acceptQuote.method, KIT_API.acceptQuote.path, async (c) => {
    const user = await requireEndUser(c)
    if (!user.ok) return user.response
    const quoteId = c.req.param('quoteId')
    c.header('Cache-Control', 'no-store')
    if (!QUOTE_ID.test(quoteId)) return notFound(c, 'Quote')
    const body = await readJsonObject(c, { optional: true })
    if (!body.ok) return body.response
    const parsed = parseWith(c, acceptQuoteRequest, body.data)
    if (!parsed.ok) return parsed.response
    const saved = await kit.store.kvGet(quoteKey(quoteId))
    const record = saved === null ? null : (JSON.parse(saved) as QuoteRecord)
    if (!record || record.owner !== user.owner) return notFound(c, 'Quote')
    // An off-ramp quote is only a price, and the widget shows it before asking for the wallet
    // proof; accepting it is what lets the service take the tokens from the quote's wallet (its
    // refund address).
    const seller = record.quote.wallet_address
    if (
      record.quote.order_type === 'OffRamp' &&
      (!seller || !(await isWalletProven(kit, user.owner, seller)))
    ) {
      return walletNotProven(c, 'refund_address')
    }

    let accepted: Awaited<ReturnType<typeof kit.client.acceptQuote>>
    try {
      accepted = await kit.client.acceptQuote({ ...parsed.data, quote_id: quoteId })
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'acceptQuote' })
    }
    const nowIso = kit.now().toISOString()
    const { quote } = record
    const order: KitOrder = {
      id: accepted.order_id,
      flow: 'quote',
      order_id: accepted.order_id,
      quote_id: quoteId,
      tx_hash: null,
      status: toStatus(accepted.status, 'processing'),
      order_type: quote.order_type,
      amount_fiat: quote.amount_fiat,
      currency: quote.currency,
      amount_crypto: quote.amount_crypto,
      token: quote.token,
      rate: quote.rate,
      wallet_address: quote.wallet_address ?? null,
      settlement_transaction_hash: null,
      created_at: nowIso,
      updated_at: nowIso,
    }
    const result = await kit.store.saveOrder({ order, owner: user.owner })
    if (result.result === 'conflict') {
      kit.logger.error('accept: the order is recorded for another end user', {
        order_id: accepted.order_id,
      })
      return notFound(c, 'Quote')
    }
    const instructions = accepted.alreadyAccepted ? undefined : accepted.payment_instructions
    return ok(
      c,
      { ...result.stored.order, ...(instructions ? { payment_instructions: instructions } : {}) },
      accepted.alreadyAccepted ? 'Quote already accepted' : 'Quote accepted',
    )
  })
}
