import type { Context } from 'hono'
import type { Address } from 'viem'
import {
  currencyFractionDigits,
  nigerianBankCode,
  type ProviderLimits,
  quoteRequest,
  validateAmountForProvider,
  validateQuoteInput,
} from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, firstIssue, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { findInternational, type Limits, USD_MID_RATES } from '../../seed/corridors.js'
import { MARKUP } from '../../seed/tokens.js'
import { requireChain } from '../../service/chain.js'
import type { SandboxContext } from '../../service/context.js'
import { directionOf, findProvider, selectCorridors } from '../../service/corridors.js'
import { customerNameOf } from '../../service/customers.js'
import { documentedOutcome } from '../../service/outcomes.js'
import { fiatAmountFor, round, tokenAmountFor, tokenRate } from '../../service/pricing.js'
import { issueQuoteSigning, quoteSigningView } from '../../service/signing.js'
import { resolveQuoteAsset } from '../../service/tokens.js'
import { quoteView } from '../../service/views.js'
import type { Quote, SandboxUser } from '../../state/store.js'
import { uuid } from '../../state/store.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The chosen provider (for limits) and how it was named. */
type Selected = {
  code: string | null
  name?: string
  networkId: string | null
  limits: Limits
}

/** A quote request after core's schema. */
type QuoteBody = ReturnType<typeof quoteRequest.parse>

/** POST /partner/orders/quote (4.6): a binding quote, signed-accept typed data when that is on. */
export function createQuote(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    const parsed = quoteRequest.safeParse(body)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, body)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const request = parsed.data
    const orderType = request.order_type
    const currency = request.currency
    const country = request.country ?? null
    const method = request.payment_method
    const selected = selectProvider(request)
    const { token, network } = resolveQuoteAsset(ctx.chain, request.asset)
    const chain = requireChain(ctx.chain)
    const rate = tokenRate(currency, token.symbol, orderType)
    if (rate === undefined) {
      throw new ApiError(422, `No rate for ${currency}`, { field: 'currency', currency })
    }
    if (user.signedAccepts && request.customer_id === undefined) {
      throw new ApiError(
        422,
        'customer_id is required: signed accepts are on for this API key, so a quote names an approved vault customer (pcus_…), not an inline customer',
        { field: 'customer_id' },
      )
    }
    const customer = quoteCustomer(ctx, user, request)
    const limits = { min_amount: selected.limits.min, max_amount: selected.limits.max, currency }
    const check = validateQuoteInput(request, {
      now: () => ctx.clock.now(),
      provider: limits,
      environment: 'sandbox',
      // A Nigerian account number is checked against its bank's CBN code, as a bank would.
      bankCode: request.country === 'NG' ? nigerianBankCode(selected.name) : undefined,
    })
    if (!check.ok) {
      const hints =
        check.field === 'local_amount'
          ? {
              min_amount: limits.min_amount,
              max_amount: Number.isFinite(limits.max_amount) ? limits.max_amount : null,
              currency,
            }
          : {}
      throw new ApiError(422, check.message, { field: check.field, ...hints }, { code: check.code })
    }
    const { amountFiat, amountCrypto } = priceQuote(request, rate, token.symbol, limits)
    // validateQuoteInput hands back the phone in E.164 and the addresses checksummed, the forms
    // the service stores.
    const phone = (check.value.payment_method.phone_number ?? method.phone_number)?.trim()
    const wallet = (check.value.wallet_address ?? check.value.refund_address) as Address
    const testOutcome = documentedOutcome({
      orderType,
      flow: 'quote',
      phoneNumber: phone,
      accountNumber: method.account_number,
      names: customer.names,
    })
    // Quotes live on the real-speed clock: their countdown is the shopper's (see `wallNow`).
    const now = ctx.clock.wallNow()
    const feeFiat = serviceFee(amountFiat, orderType, currency)
    const expiresAt = now + ctx.timings.quoteTtlMs
    const quote: Quote = {
      id: `${orderType === 'OnRamp' ? 'yc_receive' : 'yc_send'}_${uuid()}`,
      userId: user.id,
      orderType,
      country,
      currency,
      rail: method.type,
      networkId: selected.networkId,
      providerCode: selected.code,
      phoneNumber: phone ? phone : null,
      accountNumber: method.account_number?.trim() || null,
      token: token.symbol,
      tokenLabel: token.label,
      tokenAddress: token.address,
      decimals: token.decimals,
      chainId: chain.chainId,
      network,
      rate,
      amountFiat,
      amountCrypto,
      feeFiat,
      feeUsd: round(feeFiat / (USD_MID_RATES[currency] ?? 1), 2),
      walletAddress: wallet,
      customerId: customer.id,
      customerName: customer.names[0] ?? null,
      testOutcome: testOutcome ?? null,
      signing: null,
      createdAt: now,
      expiresAt,
      orderId: null,
      request: body,
    }
    if (user.signedAccepts && customer.id !== null) {
      quote.signing = issueQuoteSigning(ctx, quote, customer.id, expiresAt)
    }
    ctx.store.quotes.set(quote.id, quote)
    return ok(c, 'Partner order quote created', {
      ...quoteView(quote),
      ...(quote.signing ? { signing: quoteSigningView(ctx, quote.signing) } : {}),
    })
  }
}

/**
 * The provider a quote's `payment_method` names, for its limits. On African corridors an active
 * provider of the rail, country and direction (422 on `payment_method.network_id` otherwise); a
 * missing or malformed id is left to `validateQuoteInput`, which names the same field. On the
 * international bank pay-in, the currency's own limits.
 */
function selectProvider(request: QuoteBody): Selected {
  const { order_type: orderType, currency, payment_method: method } = request
  const direction = directionOf(orderType)
  const country = request.country
  if (!country) {
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
    return { code: null, networkId: method.network_id ?? null, limits: entry.limits }
  }
  const [market] = selectCorridors({ country, currency, orderType }).markets
  if (!market) throw new ApiError(422, 'Corridor not supported', { country, currency })
  if (method.type !== 'mobile_money' && method.type !== 'bank') {
    throw new ApiError(422, 'payment_method.type must be mobile_money or bank', {
      field: 'payment_method.type',
    })
  }
  const rail = method.type
  const networkId = method.network_id?.trim()
  const provider =
    networkId && UUID.test(networkId) ? findProvider(market, rail, direction, networkId) : undefined
  if (networkId && UUID.test(networkId) && !provider?.active) {
    throw new ApiError(
      422,
      `payment_method.network_id is not an active ${rail} provider of ${country} for ${orderType}; take it from the catalog providers or the banks listing`,
      { field: 'payment_method.network_id' },
    )
  }
  return provider
    ? {
        code: provider.code,
        name: provider.name,
        networkId: networkId!.toLowerCase(),
        limits: provider.limits[direction]!,
      }
    : {
        code: null,
        networkId: networkId || null,
        limits: { min: 0, max: Number.POSITIVE_INFINITY },
      }
}

/**
 * Who the quote is for: an approved vault case of the caller's key (`customer_id`; 404 when
 * unknown, 422 `customer_status` when not approved, as the quote guide's error table has it),
 * or the inline `customer`. `names` are what the sandbox's test values read: the vault case's
 * name, or the inline name and business name.
 */
function quoteCustomer(
  ctx: SandboxContext,
  user: SandboxUser,
  request: QuoteBody,
): { id: string | null; names: string[] } {
  if (request.customer_id === undefined) {
    const inline = request.customer ?? {}
    const names = [inline.name, inline.business_name].filter(
      (name): name is string => typeof name === 'string' && name.trim() !== '',
    )
    return { id: null, names }
  }
  const customer = ctx.store.customers.get(request.customer_id)
  if (!customer || customer.userId !== user.id) {
    throw new ApiError(404, 'Customer not found', { field: 'customer_id' })
  }
  if (customer.status !== 'approved') {
    throw new ApiError(
      422,
      `customer_status: ${customer.status}; only an approved customer can be quoted: finish the customer's KYC (documents, submit) and wait for review`,
      { field: 'customer_id', customer_status: customer.status },
    )
  }
  const name = customerNameOf(customer)
  return { id: customer.id, names: name === null ? [] : [name] }
}

/**
 * The quote's two amounts at its rate. `local_amount` (already checked against the provider's
 * limits) buys tokens at 6 decimals, rounded down on an on-ramp. `crypto_amount` is worth its
 * fiat at the rate, in the currency's places; the provider's limits are fiat, so that fiat is
 * checked against them, and a failure names `crypto_amount` with the limits in tokens
 * (`min_amount`, `max_amount`, `currency`) and in fiat (`fiat_*`).
 */
function priceQuote(
  request: QuoteBody,
  rate: number,
  symbol: string,
  limits: ProviderLimits,
): { amountFiat: number; amountCrypto: number } {
  const { currency, order_type: orderType } = request
  if (request.local_amount !== undefined) {
    const amountCrypto = tokenAmountFor(request.local_amount, rate, orderType)
    if (amountCrypto <= 0) {
      throw new ApiError(422, `local_amount is too small for any ${symbol} at the rate`, {
        field: 'local_amount',
      })
    }
    return { amountFiat: request.local_amount, amountCrypto }
  }
  const amountCrypto = round(request.crypto_amount ?? 0, 6)
  if (amountCrypto <= 0) {
    throw new ApiError(422, 'crypto_amount must be at least 0.000001', { field: 'crypto_amount' })
  }
  const amountFiat = fiatAmountFor(amountCrypto, rate, currency)
  const check = validateAmountForProvider(amountFiat, limits, { field: 'crypto_amount' })
  if (!check.ok) {
    const finite = Number.isFinite(limits.max_amount)
    // Tokens for a fiat limit: the fewest that reach the minimum (rounded up), the most that
    // stay within the maximum (rounded down).
    const minTokens = tokenAmountFor(limits.min_amount, rate, 'OffRamp')
    const maxTokens = finite ? tokenAmountFor(limits.max_amount, rate, 'OnRamp') : null
    const limit =
      check.code === 'above_maximum'
        ? `the provider's maximum is ${limits.max_amount} ${currency} (${maxTokens} ${symbol})`
        : `the provider's minimum is ${limits.min_amount} ${currency} (${minTokens} ${symbol})`
    throw new ApiError(
      422,
      `crypto_amount ${amountCrypto} ${symbol} is ${amountFiat} ${currency} at ${rate} ${currency} per ${symbol}; ${limit}`,
      {
        field: 'crypto_amount',
        min_amount: minTokens,
        max_amount: maxTokens,
        currency: symbol,
        fiat_amount: amountFiat,
        fiat_min_amount: limits.min_amount,
        fiat_max_amount: finite ? limits.max_amount : null,
        fiat_currency: currency,
      },
      { code: check.code },
    )
  }
  return { amountFiat, amountCrypto }
}

/**
 * The service fee in fiat: the markup's share of the fiat side. An on-ramp user pays
 * mid x (1 + markup), so the fee is fiat x markup / (1 + markup); an off-ramp user receives
 * mid x (1 - markup), so it is fiat x markup / (1 - markup).
 */
function serviceFee(amountFiat: number, orderType: 'OnRamp' | 'OffRamp', currency: string) {
  const share = orderType === 'OnRamp' ? MARKUP / (1 + MARKUP) : MARKUP / (1 - MARKUP)
  return round(amountFiat * share, currencyFractionDigits(currency))
}
