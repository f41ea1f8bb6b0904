import type { Context } from 'hono'
import { type Address, parseUnits } from 'viem'
import {
  createOrderRequest,
  validateAmountForProvider,
  validateEvmAddress,
  validatePhone,
} from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, firstIssue, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import { MARKETS, type MarketSeed, type Rail, railProviders } from '../../seed/corridors.js'
import { PRODUCTION_TOKEN_ADDRESSES } from '../../seed/tokens.js'
import { findTokenByAddress, onChain, orderRef, requireChain } from '../../service/chain.js'
import type { SandboxContext } from '../../service/context.js'
import { directionOf } from '../../service/corridors.js'
import { nextOutcome, startOrder } from '../../service/orders.js'
import { documentedOutcome } from '../../service/outcomes.js'
import { tokenAmountFor, tokenRate } from '../../service/pricing.js'
import { createdOrderView } from '../../service/views.js'
import { type Order, uuid } from '../../state/store.js'

type OrderRequest = ReturnType<typeof createOrderRequest.parse>
type OrderType = Order['orderType']

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

/** The body's `order_type`, shape and wallet address, each refused with its own field. */
function parseOrderRequest(body: Record<string, unknown>) {
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
  const orderType: OrderType = request.order_type === 0 ? 'OnRamp' : 'OffRamp'
  const address = validateEvmAddress(request.user_address, { field: 'user_address' })
  if (!address.ok) throw new ApiError(422, address.message, { field: address.field })
  const userAddress: Address = address.value
  return { request, orderType, userAddress }
}

/** The sandbox chain's token at `address`; a production address is named as such. */
function orderToken(chain: ReturnType<typeof requireChain>, address: string) {
  const token = findTokenByAddress(chain, address)
  if (token) return token
  const production = PRODUCTION_TOKEN_ADDRESSES[address.toLowerCase()]
  throw new ApiError(
    400,
    production
      ? `Token ${address} (${production}) is configured for the production environment, not sandbox`
      : `Token ${address} is not configured for the sandbox environment`,
    {
      field: 'token',
      token: address,
      hint: 'Use a token address from GET /meta/tokens for this environment',
    },
    // Spec section 7 names no code for an unknown address, only `data.token` and a hint.
    production ? { code: 'token_env_mismatch' } : {},
  )
}

/** The `fiat_payload`'s corridor, cash-out fields, phone and amount, checked against the rail. */
function checkFiatPayload(payload: OrderRequest['fiat_payload'], orderType: OrderType) {
  const direction = directionOf(orderType)
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
  return { currency, market, phoneNumber }
}

/**
 * The order's creation transaction: an off-ramp pulls its tokens through the spender after
 * checking allowance and balance; an on-ramp is recorded on chain too, as a zero-amount pull
 * that emits the spender's Pulled event with the order's reference, so `tx_hash` is a real
 * transaction either way.
 */
async function creationTransaction(
  chain: ReturnType<typeof requireChain>,
  token: ReturnType<typeof orderToken>,
  orderType: OrderType,
  userAddress: Address,
  baseUnits: bigint,
  ref: ReturnType<typeof orderRef>,
): Promise<`0x${string}`> {
  if (orderType !== 'OffRamp') {
    return onChain('record the order', () => chain.pull(token.address, userAddress, 0n, ref))
  }
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
  return onChain('pull the tokens', () => chain.pull(token.address, userAddress, baseUnits, ref))
}

/** POST /orders/create (4.16): a direct order, its tokens moved on the chain at creation. */
export function createOrder(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>) => {
    const user = c.get('user')
    const body = await readJsonBody(c)
    const { request, orderType, userAddress } = parseOrderRequest(body)
    const chain = requireChain(ctx.chain)
    const token = orderToken(chain, request.token)
    const payload = request.fiat_payload
    const { currency, market, phoneNumber } = checkFiatPayload(payload, orderType)
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
    const creationTxHash = await creationTransaction(
      chain,
      token,
      orderType,
      userAddress,
      baseUnits,
      ref,
    )

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
  }
}
