import { Hono } from 'hono'
import { type Address, parseUnits } from 'viem'
import {
  createOrderRequest,
  ordersMeQuery,
  validateAmountForProvider,
  validateEvmAddress,
  validatePhone,
} from '../core.js'
import { readJsonBody } from '../http/body.js'
import { ApiError, firstIssue, ok } from '../http/envelope.js'
import type { SandboxEnv } from '../http/types.js'
import { MARKETS, type MarketSeed, type Rail, railProviders } from '../seed/corridors.js'
import { PRODUCTION_TOKEN_ADDRESSES } from '../seed/tokens.js'
import { findTokenByAddress, onChain, orderRef, requireChain } from '../service/chain.js'
import type { SandboxContext } from '../service/context.js'
import { directionOf } from '../service/corridors.js'
import { nextOutcome, startOrder } from '../service/orders.js'
import { documentedOutcome } from '../service/outcomes.js'
import { tokenAmountFor, tokenRate } from '../service/pricing.js'
import { createdOrderView, filterStatus, listItemView, txOrderView } from '../service/views.js'
import { type Order, uuid } from '../state/store.js'

/** Cash-out types of an off-ramp and the `fiat_payload` fields each needs (assumed; spec: not shown). */
export const CASHOUT_REQUIREMENTS: Readonly<Record<string, readonly string[]>> = {
  PHONE: ['phone_number'],
  TILL: ['till_number'],
  PAYBILL: ['paybill_number', 'account_number'],
  BANK: ['bank_code', 'account_number'],
}

/** The rail whose providers' limits bound an order's amount. */
function railFor(market: MarketSeed, cashout: string, direction: 'onramp' | 'offramp'): Rail {
  if (cashout === 'BANK') return 'bank'
  const mobile = railProviders(market, 'mobile_money', direction).some((p) => p.active)
  return mobile ? 'mobile_money' : 'bank'
}

/** Lowest minimum and highest maximum of the rail's active providers. */
function railLimits(market: MarketSeed, rail: Rail, direction: 'onramp' | 'offramp') {
  const limits = railProviders(market, rail, direction)
    .filter((provider) => provider.active)
    .map((provider) => provider.limits[direction]!)
  return {
    min_amount: Math.min(...limits.map((limit) => limit.min)),
    max_amount: Math.max(...limits.map((limit) => limit.max)),
    currency: market.currency,
  }
}

/**
 * The direct order flow at the root: POST /orders/create (4.16), GET /orders/me (4.17) and
 * GET /orders/tx/{tx_hash} (4.19). An off-ramp's tokens are pulled through the spender on the
 * chain at creation, so `tx_hash` is a real transaction.
 */
export function orderRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/create', async (c) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    if (body.order_type === undefined) {
      throw new ApiError(422, 'order_type is required: 0 (OnRamp) or 1 (OffRamp)', {
        field: 'order_type',
      })
    }
    if (body.order_type !== 0 && body.order_type !== 1) {
      throw new ApiError(
        400,
        'order_type must be 0 (OnRamp) or 1 (OffRamp)',
        { field: 'order_type' },
        { code: 'bad_order_type' },
      )
    }
    const parsed = createOrderRequest.safeParse(body)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, body)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const request = parsed.data
    const orderType = request.order_type === 0 ? 'OnRamp' : 'OffRamp'
    const direction = directionOf(orderType)
    const address = validateEvmAddress(request.user_address, { field: 'user_address' })
    if (!address.ok) throw new ApiError(422, address.message, { field: address.field })
    const userAddress: Address = address.value

    const chain = requireChain(ctx.chain)
    const token = findTokenByAddress(chain, request.token)
    if (!token) {
      const production = PRODUCTION_TOKEN_ADDRESSES[request.token.toLowerCase()]
      throw new ApiError(
        400,
        production
          ? `Token ${request.token} (${production}) is configured for the production environment, not sandbox`
          : `Token ${request.token} is not configured for the sandbox environment`,
        {
          field: 'token',
          token: request.token,
          hint: 'Use a token address from GET /meta/tokens for this environment',
        },
        // Spec section 7 names no code for an unknown address, only `data.token` and a hint.
        production ? { code: 'token_env_mismatch' } : {},
      )
    }

    const payload = request.fiat_payload
    const currency = (payload.currency ?? 'KES').toUpperCase()
    const market = MARKETS.find((entry) => entry.currency === currency && entry.configured)
    if (!market?.[direction]) {
      throw new ApiError(
        422,
        `fiat_payload.currency ${currency} has no ${orderType} corridor in the sandbox`,
        { field: 'fiat_payload.currency', currency },
      )
    }
    const cashout = (payload.cashout_type ?? 'PHONE').toUpperCase()
    const needs = CASHOUT_REQUIREMENTS[cashout]
    if (!needs) {
      throw new ApiError(
        422,
        `fiat_payload.cashout_type must be one of ${Object.keys(CASHOUT_REQUIREMENTS).join(', ')}`,
        { field: 'fiat_payload.cashout_type' },
      )
    }
    if (orderType === 'OffRamp') {
      const fields = payload as Record<string, unknown>
      const missing = needs.find((name) => !String(fields[name] ?? '').trim())
      if (missing) {
        throw new ApiError(422, `fiat_payload.${missing} is required for cashout_type ${cashout}`, {
          field: `fiat_payload.${missing}`,
        })
      }
    }
    let phoneNumber: string | null = null
    if (payload.phone_number?.trim()) {
      const phone = validatePhone(payload.phone_number, market.country, { environment: 'sandbox' })
      if (!phone.ok) {
        throw new ApiError(422, phone.message, { field: 'fiat_payload.phone_number' })
      }
      phoneNumber = phone.value
    }
    const limits = railLimits(market, railFor(market, cashout, direction), direction)
    const amount = validateAmountForProvider(payload.amount_fiat, limits)
    if (!amount.ok) {
      throw new ApiError(
        422,
        amount.message,
        { field: 'fiat_payload.amount_fiat', ...limits },
        { code: amount.code },
      )
    }
    const rate = tokenRate(currency, token.symbol, orderType)!
    const amountCrypto = tokenAmountFor(payload.amount_fiat, rate, orderType)
    if (amountCrypto <= 0) {
      throw new ApiError(422, 'The amount is too small to buy any token', {
        field: 'fiat_payload.amount_fiat',
      })
    }
    const baseUnits = parseUnits(amountCrypto.toFixed(6), token.decimals)
    const id = uuid()
    const ref = orderRef(id)

    let creationTxHash: `0x${string}`
    if (orderType === 'OffRamp') {
      const allowance = await onChain('read the allowance', () =>
        chain.allowance(token.address, userAddress),
      )
      if (allowance < baseUnits) {
        throw new ApiError(
          400,
          `Insufficient allowance: approve the spender ${chain.spender} for at least ${baseUnits} base units of ${token.symbol}`,
          {
            required: baseUnits.toString(),
            current: allowance.toString(),
            token: token.address,
            spender: chain.spender,
          },
          { code: 'insufficient_allowance' },
        )
      }
      const balance = await onChain('read the balance', () =>
        chain.balanceOf(token.address, userAddress),
      )
      if (balance < baseUnits) {
        throw new ApiError(
          400,
          `Insufficient balance: ${userAddress} holds ${balance} base units of ${token.symbol}, the order needs ${baseUnits}`,
          { required: baseUnits.toString(), current: balance.toString(), token: token.address },
          { code: 'insufficient_balance' },
        )
      }
      creationTxHash = await onChain('pull the tokens', () =>
        chain.pull(token.address, userAddress, baseUnits, ref),
      )
    } else {
      // The on-ramp is recorded on chain too: a zero-amount pull emits the spender's Pulled
      // event with the order's reference, so `tx_hash` is a real transaction either way.
      creationTxHash = await onChain('record the order', () =>
        chain.pull(token.address, userAddress, 0n, ref),
      )
    }

    const now = ctx.clock.nowPrecise()
    const order: Order = {
      id,
      userId: user.id,
      flow: 'direct',
      quoteId: null,
      orderType,
      status: 'submitted',
      ...nextOutcome(
        ctx,
        user,
        documentedOutcome({
          orderType,
          flow: 'direct',
          phoneNumber,
          accountNumber: payload.account_number,
        }),
      ),
      country: market.country,
      currency,
      amountFiat: payload.amount_fiat,
      amountCrypto,
      baseUnits,
      rate,
      token: token.symbol,
      tokenLabel: token.label,
      tokenAddress: token.address,
      decimals: token.decimals,
      walletAddress: userAddress,
      phoneNumber,
      invoiceId: orderType === 'OnRamp' ? `INV-${id.slice(0, 8).toUpperCase()}` : null,
      ref,
      creationTxHash,
      settlementTxHash: null,
      refundTxHash: null,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    }
    ctx.store.addOrder(order)
    startOrder(ctx, order)
    return ok(c, 'Order submitted', createdOrderView(order), 201)
  })

  app.get('/me', (c) => {
    const user = c.get('user')
    const raw = c.req.query()
    const parsed = ordersMeQuery.safeParse(raw)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues, raw)
      throw new ApiError(422, issue.message, { field: issue.field })
    }
    const query = parsed.data
    if (query.status && query.status_filter && query.status !== query.status_filter) {
      throw new ApiError(422, 'status and status_filter disagree; send one of them', {
        field: 'status_filter',
      })
    }
    const status = query.status ?? query.status_filter
    const orderType = query.order_type
    // Newest first; reversing insertion order first keeps orders made at the same sandbox
    // instant (a frozen clock) newest first too, since the sort is stable.
    const orders = [...ctx.store.orders.values()]
      .reverse()
      .filter((order) => order.userId === user.id && order.flow === 'direct')
      .filter((order) => !status || filterStatus(order.status) === status)
      .filter((order) => !orderType || order.orderType.toLowerCase() === orderType)
      .sort((a, b) => b.createdAt - a.createdAt)
    const page = orders.slice(query.offset, query.offset + query.limit).map(listItemView)
    return ok(c, `${page.length} orders found`, page)
  })

  app.get('/tx/:tx_hash', (c) => {
    const user = c.get('user')
    const hash = c.req.param('tx_hash')
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      throw new ApiError(422, 'tx_hash must be a 0x-prefixed 32-byte hash', { field: 'tx_hash' })
    }
    const order = ctx.store.orderByTx(hash)
    if (!order || order.userId !== user.id) {
      throw new ApiError(404, 'No order with this creation transaction hash', null)
    }
    return ok(c, 'Order retrieved', txOrderView(order))
  })

  return app
}
