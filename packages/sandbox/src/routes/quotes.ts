import { type Context, Hono } from 'hono'
import { parseUnits } from 'viem'
import { isoMillis } from '../clock/index.js'
import {
  acceptQuoteRequest,
  currencyFractionDigits,
  quoteRequest,
  validateAmountForProvider,
  validateCustomerName,
  validateQuoteInput,
} from '../core.js'
import { readJsonBody } from '../http/body.js'
import { ApiError, firstIssue, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { findInternational, type Limits, providerId, railProviders } from '../seed/corridors.js'
import { MARKUP } from '../seed/tokens.js'
import { orderRef, requireChain } from '../service/chain.js'
import type { SandboxContext } from '../service/context.js'
import { directionOf, findProvider, selectCorridors } from '../service/corridors.js'
import { nextOutcome, startOrder } from '../service/orders.js'
import { documentedOutcome } from '../service/outcomes.js'
import { fiatAmountFor, round, tokenAmountFor, tokenRate } from '../service/pricing.js'
import { resolveTokenName } from '../service/tokens.js'
import { partnerOrderView, quoteView } from '../service/views.js'
import type { Order, Quote } from '../state/store.js'
import { uuid } from '../state/store.js'

const ID = /^[A-Za-z0-9_-]{1,128}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The chosen provider (for limits) and how it was named. */
type Selected = { code: string | null; networkId: string | null; limits: Limits }

/**
 * Binding quotes and their orders: POST /partner/orders/quote (4.6), POST
 * /partner/orders/quote/{quote_id}/accept (4.7) and GET /partner/orders/{order_id} (4.8).
 */
export function quoteRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/orders/quote', async (c) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    const parsed = quoteRequest.safeParse(body)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, body)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const request = parsed.data
    const orderType = request.order_type
    const direction = directionOf(orderType)
    const currency = request.currency
    const country = request.country ?? null
    const method = request.payment_method
    let selected: Selected

    if (country) {
      const [market] = selectCorridors({ country, currency, orderType }).markets
      if (!market) throw new ApiError(422, 'Corridor not supported', { country, currency })
      if (method.type !== 'mobile_money' && method.type !== 'bank') {
        throw new ApiError(422, 'payment_method.type must be mobile_money or bank', {
          field: 'payment_method.type',
        })
      }
      const rail = method.type
      const networkId = method.network_id?.trim()
      if (networkId) {
        // A malformed id is left to validateQuoteInput, which names the same field.
        const wellFormed = UUID.test(networkId)
        const provider = wellFormed ? findProvider(market, rail, direction, networkId) : undefined
        if (wellFormed && !provider?.active) {
          throw new ApiError(
            422,
            `payment_method.network_id is not an active ${rail} provider of ${country} for ${orderType}; take it from the catalog providers or the banks listing`,
            { field: 'payment_method.network_id' },
          )
        }
        selected = provider
          ? {
              code: provider.code,
              networkId: networkId.toLowerCase(),
              limits: provider.limits[direction]!,
            }
          : { code: null, networkId, limits: { min: 0, max: Number.POSITIVE_INFINITY } }
      } else {
        // Mobile money may omit the network: the corridor's first active operator is used.
        const fallback = railProviders(market, rail, direction).find((provider) => provider.active)
        if (!fallback) {
          throw new ApiError(422, `No ${rail} provider serves ${orderType} in ${country}`, {
            field: 'payment_method.type',
          })
        }
        selected = {
          code: fallback.code,
          networkId: rail === 'mobile_money' ? providerId(country, rail, fallback.code) : null,
          limits: fallback.limits[direction]!,
        }
      }
    } else {
      const entry = findInternational(currency)
      if (!entry) {
        throw new ApiError(422, 'country is required for African corridors', {
          field: 'country',
          currency,
        })
      }
      selectCorridors({ currency, orderType })
      if (!entry.paymentMethodTypes.includes(method.type)) {
        throw new ApiError(
          422,
          `payment_method.type must be one of ${entry.paymentMethodTypes.join(', ')} for ${currency}`,
          { field: 'payment_method.type' },
        )
      }
      selected = { code: null, networkId: method.network_id ?? null, limits: entry.limits }
    }

    const token = resolveTokenName(ctx.chain, request.token)
    const chain = requireChain(ctx.chain)
    const rate = tokenRate(currency, token.symbol, orderType)
    if (rate === undefined) {
      throw new ApiError(422, `No rate for ${currency}`, { field: 'currency', currency })
    }
    const amountFiat =
      request.amount_fiat ?? fiatAmountFor(round(request.amount_crypto ?? 0, 6), rate, currency)
    const limits = { min_amount: selected.limits.min, max_amount: selected.limits.max, currency }
    const candidate = { ...body, country, currency, amount_fiat: amountFiat }
    const check = country
      ? validateQuoteInput(candidate, {
          now: () => ctx.clock.now(),
          provider: limits,
          environment: 'sandbox',
        })
      : (() => {
          const name = validateCustomerName(request.customer.name)
          return name.ok ? validateAmountForProvider(amountFiat, limits) : name
        })()
    if (!check.ok) {
      const hints =
        check.field === 'amount_fiat'
          ? {
              min_amount: limits.min_amount,
              max_amount: Number.isFinite(limits.max_amount) ? limits.max_amount : null,
              currency,
            }
          : {}
      throw new ApiError(422, check.message, { field: check.field, ...hints }, { code: check.code })
    }
    const amountCrypto =
      request.amount_crypto !== undefined
        ? round(request.amount_crypto, 6)
        : tokenAmountFor(amountFiat, rate, orderType)
    if (amountCrypto <= 0) {
      throw new ApiError(422, 'The amount is too small to buy any token', { field: 'amount_fiat' })
    }
    // validateQuoteInput hands back the phone in E.164, the form the service stores.
    const normalised =
      check.ok && typeof check.value === 'object'
        ? check.value.payment_method.phone_number
        : undefined
    const phone = (normalised ?? method.phone_number)?.trim()
    // An institution's business name counts like a person's name (the sandbox guide), once
    // the quote request carries one.
    const customer: Readonly<Record<string, unknown>> = request.customer
    const testOutcome = documentedOutcome({
      orderType,
      flow: 'quote',
      phoneNumber: phone,
      accountNumber: method.account_number,
      names: [customer.name, customer.business_name],
    })
    const now = ctx.clock.now()
    const quote: Quote = {
      id: uuid(),
      userId: user.id,
      orderType,
      country,
      currency,
      rail: method.type,
      networkId: selected.networkId,
      providerCode: selected.code,
      phoneNumber: phone ? phone : null,
      token: token.symbol,
      tokenLabel: token.label,
      tokenAddress: token.address,
      decimals: token.decimals,
      chainId: chain.chainId,
      rate,
      amountFiat,
      amountCrypto,
      feeFiat: round((amountFiat * MARKUP) / (1 + MARKUP), currencyFractionDigits(currency)),
      walletAddress: request.wallet_address,
      customerName: request.customer.name,
      testOutcome: testOutcome ?? null,
      clientRef: request.client_ref ?? null,
      createdAt: now,
      expiresAt: now + ctx.timings.quoteTtlMs,
      orderId: null,
    }
    ctx.store.quotes.set(quote.id, quote)
    return ok(c, `Quote valid until ${isoMillis(quote.expiresAt)}`, quoteView(quote), 201)
  })

  const accept = async (c: Context<SandboxEnv>) => {
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
    if (ctx.clock.now() > quote.expiresAt) {
      throw new ApiError(410, 'Quote expired; create a new quote', {
        quote_id: quote.id,
        expires_at: isoMillis(quote.expiresAt),
      })
    }
    if (parsed.data.signed_accept !== undefined) checkSignedAccept(ctx, user.id)
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
    // The published form: the order under `order`, the instructions under `accepted`.
    return ok(c, 'Partner order quote accepted', {
      quote_id: quote.id,
      status: order.status,
      order: partnerOrderView(order),
      accepted: { payment_instructions: paymentInstructions(ctx, quote, order) },
      rail: quote.rail,
    })
  }
  app.post('/orders/:quote_id/accept', accept)
  // The path rampkit used before the service published its own; kept as an alias.
  app.post('/orders/quote/:quote_id/accept', accept)

  app.get('/orders/:order_id', (c) => {
    const user = c.get('user')
    const orderId = c.req.param('order_id')
    const order = ID.test(orderId) ? ctx.store.orders.get(orderId) : undefined
    if (!order || order.userId !== user.id) {
      throw new ApiError(404, 'Order not found', { field: 'order_id' })
    }
    return ok(c, 'Partner order', { order: partnerOrderView(order) })
  })

  return app
}

/**
 * A customer-signed accept (`signed_accept.signature`). The sandbox cannot check the EIP-712
 * signature against typed data it does not issue, so it checks what it can: the user has an
 * active signing key, whose nonce the accept consumes (replay protection).
 */
function checkSignedAccept(ctx: SandboxContext, userId: string) {
  const key = [...ctx.store.signingKeys.values()].find(
    (candidate) =>
      candidate.status === 'active' &&
      ctx.store.customers.get(candidate.customerId)?.userId === userId,
  )
  if (!key) {
    throw new ApiError(422, 'No active signing key: enroll the customer’s wallet first', {
      field: 'signed_accept.signature',
    })
  }
  key.nonceHighWater += 1
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
