import type { Context } from 'hono'
import { parseUnits } from 'viem'
import { isoMillis } from '../../clock/index.js'
import { acceptQuoteRequest } from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, firstIssue, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { orderRef, requireChain } from '../../service/chain.js'
import type { SandboxContext } from '../../service/context.js'
import { nextOutcome, startOrder } from '../../service/orders.js'
import { payoutOutcome } from '../../service/outcomes.js'
import { verifySignedAccept } from '../../service/signing.js'
import { partnerOrderView, serviceRail } from '../../service/views.js'
import type { Order, Quote } from '../../state/store.js'
import { uuid } from '../../state/store.js'

import { ID } from './ids.js'

/** POST /partner/orders/{quote_id}/accept (4.7): the quote's order, started. */
export function acceptQuote(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>) => {
    const user = c.get('user')
    const quoteId = c.req.param('quote_id') ?? ''
    const quote = ID.test(quoteId) ? ctx.store.quotes.get(quoteId) : undefined
    if (!quote || quote.userId !== user.id) {
      throw new ApiError(404, 'Quote not found', { field: 'quote_id' })
    }
    const body = await readJsonBody(c, { optional: true })
    const parsed = acceptQuoteRequest.safeParse(body)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, body)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    if (quote.orderId) {
      throw new ApiError(409, 'Quote already accepted; use the returned order_id', {
        order_id: quote.orderId,
        quote_id: quote.id,
      })
    }
    if (ctx.clock.wallNow() > quote.expiresAt) {
      throw new ApiError(410, 'Quote expired; create a new quote', {
        quote_id: quote.id,
        expires_at: isoMillis(quote.expiresAt),
      })
    }
    if (user.signedAccepts) {
      await verifySignedAccept(ctx, quote, parsed.data.signed_accept?.signature)
    } else if (parsed.data.signed_accept !== undefined) {
      checkSignedAccept(ctx, user.id, quote.customerId)
    }
    const now = ctx.clock.nowPrecise()
    const order: Order = {
      id: uuid(),
      userId: user.id,
      flow: 'quote',
      quoteId: quote.id,
      orderType: quote.orderType,
      status: 'processing',
      ...nextOutcome(ctx, user, quote.testOutcome),
      country: quote.country,
      currency: quote.currency,
      amountFiat: quote.amountFiat,
      amountCrypto: quote.amountCrypto,
      baseUnits: parseUnits(quote.amountCrypto.toFixed(6), quote.decimals),
      rate: quote.rate,
      token: quote.token,
      tokenLabel: quote.tokenLabel,
      tokenAddress: quote.tokenAddress,
      decimals: quote.decimals,
      walletAddress: quote.walletAddress,
      phoneNumber: quote.phoneNumber,
      ...(quote.orderType === 'OffRamp'
        ? {
            payoutOutcome:
              payoutOutcome({
                phoneNumber: quote.phoneNumber,
                accountNumber: quote.accountNumber,
              }) ?? null,
          }
        : {}),
      invoiceId: null,
      ref: '0x',
      creationTxHash: null,
      settlementTxHash: null,
      refundTxHash: null,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    }
    order.ref = orderRef(order.id)
    quote.orderId = order.id
    ctx.store.addOrder(order)
    startOrder(ctx, order)
    // The published form: the order under `order`, the instructions under `accepted`, and an
    // off-ramp's deposit address as `crypto_deposit`.
    return ok(c, 'Partner order quote accepted', {
      quote_id: quote.id,
      status: order.status,
      order: partnerOrderView(order),
      accepted: { payment_instructions: paymentInstructions(ctx, quote, order) },
      ...(quote.orderType === 'OffRamp' ? { crypto_deposit: cryptoDeposit(ctx, quote) } : {}),
      rail: serviceRail(quote),
    })
  }
}

/**
 * A customer-signed accept (`signed_accept.signature`) while signed accepts are off: the quote
 * issued no typed data, so there is no signature to check; what is checked is an active signing
 * key (of the quote's vault customer when it names one, else of any of the user's customers),
 * whose nonce the accept consumes (replay protection). With signed accepts on, see
 * `verifySignedAccept`.
 */
function checkSignedAccept(ctx: SandboxContext, userId: string, customerId: string | null) {
  const key = [...ctx.store.signingKeys.values()].find(
    (candidate) =>
      candidate.status === 'active' &&
      (customerId === null || candidate.customerId === customerId) &&
      ctx.store.customers.get(candidate.customerId)?.userId === userId,
  )
  if (!key) {
    throw new ApiError(422, 'No active signing key: enroll the customer’s wallet first', {
      field: 'signed_accept.signature',
    })
  }
  key.nonceHighWater += 1
}

/**
 * Where an off-ramp's tokens go (`crypto_deposit`, as the quote guide publishes it): the
 * service's treasury on the local chain, which settlement collects the seller's approved tokens
 * into. The sandbox watches no transfer to it: an off-ramp settles by the allowance of the
 * refund address, or by the `Successful` name alone, as the sandbox guide says.
 */
function cryptoDeposit(ctx: SandboxContext, quote: Quote) {
  return {
    address: requireChain(ctx.chain).treasury,
    network: quote.network,
    currency: quote.token,
    amount: quote.amountCrypto,
  }
}

/** How the user pays (on-ramp) or delivers tokens (off-ramp) for an accepted quote. */
function paymentInstructions(ctx: SandboxContext, quote: Quote, order: Order) {
  const reference = `SBX${order.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`
  if (quote.orderType === 'OffRamp') {
    return {
      type: 'erc20_allowance',
      chain_id: quote.chainId,
      token_address: quote.tokenAddress,
      spender: ctx.chain?.spender ?? null,
      amount: quote.amountCrypto,
      amount_base_units: order.baseUnits.toString(),
      message:
        'Approve the spender for amount_base_units before settlement; the service collects the tokens then.',
    }
  }
  if (quote.rail === 'mobile_money') {
    return {
      type: 'mobile_money',
      phone_number: quote.phoneNumber,
      amount: quote.amountFiat,
      currency: quote.currency,
      reference,
      message: 'The sandbox simulates the payment prompt; no action is needed.',
    }
  }
  return {
    type: quote.rail,
    bank_name: 'Sandbox Collections Bank',
    account_number: '0012345678',
    ...(quote.currency === 'EUR' ? { iban: 'DE89370400440532013000', bic: 'SNDBDEFF' } : {}),
    amount: quote.amountFiat,
    currency: quote.currency,
    reference,
  }
}
