import { normalizeOrderStatus, type OrderStatus } from '@rampkit/core'
import { kitAcceptQuoteRequest } from '@rampkit/core/internal'
import type { KitOrder } from '@rampkit/core/kit'
import type { Context } from 'hono'
import { invalid } from '../../http/body.js'
import { fail, notFound, ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { idempotency } from '../../middleware/idempotency/index.js'
import type { RampEnv } from '../context.js'
import { defineRoute, type RouteDeps } from '../define.js'
import { type Spend, sessionOwner } from '../guards.js'
import { parseBody, parsedBody } from '../owned-body.js'
import { isSignerOfSession } from '../signing/keys.js'
import { QUOTE_ID, type QuoteRecord, quoteKey } from './record.js'

/** The accept's order status, any word kept (core's order lifecycle); none: `fallback`. */
function toStatus(value: unknown, fallback: OrderStatus): OrderStatus {
  return normalizeOrderStatus(value) ?? fallback
}

/** The quote `quoteId` names, when the asking user is the one who asked for it; else null. */
async function ownQuote(
  c: Context<RampEnv>,
  kit: RouteDeps<'store'>,
  quoteId: string,
): Promise<QuoteRecord | null> {
  if (!QUOTE_ID.test(quoteId)) return null
  const saved = await kit.store.kvGet(quoteKey(quoteId))
  const record = saved === null ? null : (JSON.parse(saved) as QuoteRecord)
  return record && record.owner === sessionOwner(c) ? record : null
}

/**
 * What an off-ramp's accept spends from (the `walletProof` guard holds it to a proof on the
 * quote's chain). An off-ramp quote is only a price, and the widget shows it before asking for
 * the wallet proof; accepting it is what lets the service take the tokens from the quote's
 * wallet (its refund address). Someone else's quote, or none, spends nothing: the handler
 * answers its 404.
 */
async function offRampSpend(c: Context<RampEnv>, kit: RouteDeps<'store'>): Promise<Spend | null> {
  const record = await ownQuote(c, kit, c.req.param('quoteId') ?? '')
  if (record?.quote.order_type !== 'OffRamp') return null
  const address = record.quote.wallet_address ?? null
  return { address, field: 'refund_address', sale: record.quote.asset ?? {} }
}

/** Why a signed accept cannot go to the service (signed accepts on), or null when it can. */
async function signedAcceptRefusal(
  c: Context,
  kit: RouteDeps<'client' | 'cache' | 'logger' | 'store' | 'now'>,
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
 * POST /quotes/:quoteId/accept: only the end user who asked for the quote accepts it (anyone
 * else: the 404 of a missing quote), and the accepted order is recorded with them as owner,
 * priced exactly as quoted. An off-ramp needs the quote's wallet proven on its chain.
 */
export const acceptQuote = defineRoute({
  route: 'acceptQuote',
  guards: ['origin', 'session', 'walletProof'],
  needs: [
    'client',
    'store',
    'cache',
    'signedAccepts',
    'now',
    'logger',
    'secrets',
    'bodyLimitBytes',
  ],
  middleware: (kit) => [
    limitBody({ maxBytes: kit.bodyLimitBytes }),
    // Accepting is idempotent upstream: only successes need replaying.
    idempotency({ store: kit.store, scope: sessionOwner }),
    parseBody(kitAcceptQuoteRequest, { optional: true }),
  ],
  spends: offRampSpend,
  handler: async (c, kit) => {
    const owner = sessionOwner(c)
    const quoteId = c.req.param('quoteId')
    c.header('Cache-Control', 'no-store')
    const parsed = { data: parsedBody(c, kitAcceptQuoteRequest) }
    const record = await ownQuote(c, kit, quoteId)
    if (!record) return notFound(c, 'Quote')
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
  },
})
