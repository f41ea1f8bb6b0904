import {
  type KitOrder,
  kitAcceptQuoteRequest,
  kitQuoteRequest,
  normalizeOrderStatus,
  type OrderStatus,
  type Provider,
  type Quote,
  quoteSides,
  validateQuoteInput,
} from '@rampkit/core'
import type { Context, Hono } from 'hono'
import { invalid, parseWith, readJsonObject } from '../http/body.js'
import { cacheKey } from '../http/cache.js'
import { fail, notFound, ok } from '../http/envelope.js'
import { upstreamError } from '../http/errors.js'
import { limitBody } from '../middleware/body-limit/index.js'
import { idempotency } from '../middleware/idempotency/index.js'
import type { KitContext, RampEnv } from './context.js'
import { vaultError, vaultOf } from './customers.js'
import { mountRoute, provenWallet, sessionOwner } from './guards.js'
import type { SaleToken } from './sale-chain.js'
import { isSignerOfSession } from './signing/keys.js'

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
    /** The token as asked for: its chain is the one a sale's wallet proof must be made on. */
    asset?: SaleToken
  }
  /**
   * Signed accepts: the vault customer the quote named and the address its `signing` block asks
   * to sign (the customer's active key when quoted); null without them.
   */
  customer_id?: string | null
  signer?: string | null
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

/** The id a vault-mode quote is parsed with until the kit puts the user's own in its place. */
const VAULT_STAND_IN = 'pcus_kit_names_the_customer'

/**
 * The signed-in user's approved vault customer, or the answer to return: 403
 * `customer_not_verified` (on `customer_id`) for a user without one, which the widget answers
 * with its identity step.
 */
async function approvedCustomer(
  c: Context,
  kit: KitContext,
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

/** The accept's order status, any word kept (core's order lifecycle); none: `fallback`. */
function toStatus(value: unknown, fallback: OrderStatus): OrderStatus {
  return normalizeOrderStatus(value) ?? fallback
}

/**
 * The refusal of an off-ramp's accept from a wallet this session has not proven on the quote's
 * chain, else null. An off-ramp quote is only a price, and the widget shows it before asking for
 * the wallet proof; accepting it is what lets the service take the tokens from the quote's
 * wallet (its refund address).
 */
function offRampNotProven(c: Context<RampEnv>, record: QuoteRecord): Promise<Response | null> {
  if (record.quote.order_type !== 'OffRamp') return Promise.resolve(null)
  return provenWallet(c, record.quote.wallet_address, 'refund_address', record.quote.asset ?? {})
}

/** Why a signed accept cannot go to the service (signed accepts on), or null when it can. */
async function signedAcceptRefusal(
  c: Context,
  kit: KitContext,
  owner: string,
  record: QuoteRecord,
  signed: { signature: string } | undefined,
): Promise<Response | null> {
  if (!record.signer) {
    return fail(
      c,
      422,
      'Enroll your wallet before confirming: this quote has nothing for it to sign. Then ask for a new quote.',
      { field: 'signed_accept.signature', code: 'signer_not_enrolled' },
    )
  }
  if (!signed) {
    return invalid(
      c,
      'signed_accept.signature',
      'Approve this order in your wallet: signed_accept.signature (the wallet’s signature of the quote’s signing.typed_data) is required.',
    )
  }
  const sale = record.quote.asset ?? {}
  if (!(await isSignerOfSession(kit, owner, record.signer, record.customer_id ?? null, sale))) {
    return fail(
      c,
      403,
      'The wallet asked to sign this quote is not one you enrolled or proved here: enroll it again.',
      { field: 'signed_accept.signature', code: 'signer_not_enrolled' },
    )
  }
  return null
}

/**
 * POST /quotes (a binding quote) and POST /quotes/:quoteId/accept. The quote body is parsed
 * with core's strict `kitQuoteRequest` (a key it does not list is a 422 naming it) and then run
 * through `validateQuoteInput` (section 7's 422 table, with the provider's limits when the
 * catalog is cached), so an invalid quote never reaches the service. The kit remembers which
 * end user asked for each quote: only they can accept it, and the accepted order is recorded
 * with them as owner.
 */
export function registerQuoteRoutes(app: Hono<RampEnv>, kit: KitContext) {
  mountRoute(app, kit, 'quotes', limitBody({ maxBytes: kit.bodyLimitBytes }), async (c) => {
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
  })

  const accept = [
    limitBody({ maxBytes: kit.bodyLimitBytes }),
    // Accepting is idempotent upstream: only successes need replaying.
    idempotency({ store: kit.store, scope: sessionOwner }),
  ]
  mountRoute(app, kit, 'acceptQuote', ...accept, async (c) => {
    const owner = sessionOwner(c)
    const quoteId = c.req.param('quoteId')
    c.header('Cache-Control', 'no-store')
    if (!QUOTE_ID.test(quoteId)) return notFound(c, 'Quote')
    const body = await readJsonObject(c, { optional: true })
    if (!body.ok) return body.response
    const parsed = parseWith(c, kitAcceptQuoteRequest, body.data)
    if (!parsed.ok) return parsed.response
    const saved = await kit.store.kvGet(quoteKey(quoteId))
    const record = saved === null ? null : (JSON.parse(saved) as QuoteRecord)
    if (!record || record.owner !== owner) return notFound(c, 'Quote')
    const notProven = await offRampNotProven(c, record)
    if (notProven) return notProven
    // Signed accepts: the service refuses an accept without the customer's signature, so the
    // kit does too, before the call; and the signer must be a wallet this user enrolled or
    // proved. Without them the body is the empty accept, whatever the browser sent.
    const signed = kit.signedAccepts ? parsed.data.signed_accept : undefined
    if (kit.signedAccepts) {
      const refusal = await signedAcceptRefusal(c, kit, owner, record, signed)
      if (refusal) return refusal
    }

    let accepted: Awaited<ReturnType<typeof kit.client.acceptQuote>>
    try {
      accepted = await kit.client.acceptQuote({
        quote_id: quoteId,
        ...(signed ? { signed_accept: signed } : {}),
      })
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
    const result = await kit.store.saveOrder({ order, owner })
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
