import type { CreatedOrder } from '@rampkit/core'
import { createOrderRequest, type FiatPayload } from '@rampkit/core'
import type { RampEnvironment } from '@rampkit/core/client'
import type { KitOrder } from '@rampkit/core/kit'
import {
  SANDBOX_ONLY_ACCOUNT_MESSAGE,
  SANDBOX_ONLY_PHONE_MESSAGE,
  sandboxTestAccountOutcome,
  sandboxTestPhoneOutcome,
  validateEvmAddress,
} from '@rampkit/core/validation'
import type { Context, Next } from 'hono'
import { invalid } from '../../http/body.js'
import { cacheKey } from '../../http/cache.js'
import { fail, notFound, ok } from '../../http/envelope.js'
import { upstreamError } from '../../http/errors.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { idempotency } from '../../middleware/idempotency/index.js'
import { sessionStartedBy } from '../../middleware/session/index.js'
import type { StoredOrder } from '../../store/types.js'
import type { RampEnv } from '../context.js'
import { defineRoute, type RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'
import { parseBody, parsedBody } from '../owned-body.js'

/** The token symbol of an address, when GET /meta/tokens is cached; else the address. */
function tokenLabel(kit: RouteDeps<'cache'>, address: string): string {
  const tokens = kit.cache.peek<{ tokens: { address: string; symbol: string }[] }>(
    cacheKey('tokens'),
  )
  const match = tokens?.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
  return match?.symbol ?? address
}

/**
 * The `fiat_payload` field holding one of the sandbox's documented test values (a phone
 * `+{code}1111111111`, an account `0000000000`, ...) outside the sandbox, with the message to
 * answer; null when there is none. The rest of the payload is the service's to check.
 */
function sandboxOnlyField(
  environment: RampEnvironment,
  payload: FiatPayload,
): { field: string; message: string } | null {
  if (environment === 'sandbox') return null
  if (sandboxTestPhoneOutcome(payload.phone_number) !== undefined) {
    return { field: 'fiat_payload.phone_number', message: SANDBOX_ONLY_PHONE_MESSAGE }
  }
  if (sandboxTestAccountOutcome(payload.account_number) !== undefined) {
    return { field: 'fiat_payload.account_number', message: SANDBOX_ONLY_ACCOUNT_MESSAGE }
  }
  return null
}

/**
 * Links a direct order's creation hash to the service's `order_id` (GET /orders/tx/{hash}),
 * so webhooks that carry only the `order_id` find the order. Bounded by `linkTimeoutMs`; a
 * failure is logged and left to the worker's backup poll.
 */
async function linkOrderId(
  kit: RouteDeps<'client' | 'store' | 'linkTimeoutMs' | 'logger'>,
  stored: StoredOrder,
): Promise<StoredOrder> {
  const hash = stored.order.tx_hash
  if (!hash || stored.order.order_id) return stored
  try {
    const upstream = await kit.client.getOrderByTxHash(
      { tx_hash: hash },
      { signal: AbortSignal.timeout(kit.linkTimeoutMs) },
    )
    if (!upstream.order_id) return stored
    // Only the id: a status change goes through the worker, which runs the handlers.
    const linked = await kit.store.saveOrder({
      order: { ...stored.order, order_id: upstream.order_id },
      owner: stored.owner,
    })
    return linked.result === 'conflict' ? stored : linked.stored
  } catch (error) {
    kit.logger.warn('createOrder: order_id not linked yet; the worker will retry', {
      tx_hash: hash,
      error: error instanceof Error ? error.name : typeof error,
    })
    return stored
  }
}

/**
 * POST /orders: a direct order (the user sends the tokens or the fiat themselves), saved to
 * the kit's store for its owner and linked to the service's `order_id`. A sale spends from the
 * wallet only once this session has proven it. Nothing here is cacheable.
 */
export const createOrder = defineRoute({
  route: 'createOrder',
  guards: ['origin', 'session', 'walletProof'],
  needs: [
    'client',
    'store',
    'cache',
    'logger',
    'secrets',
    'environment',
    'now',
    'linkTimeoutMs',
    'bodyLimitBytes',
  ],
  // Before the handler: the body's size, then the confirm's idempotency key.
  middleware: (kit) => [
    limitBody({ maxBytes: kit.bodyLimitBytes }),
    async (c: Context<RampEnv>, next: Next) => {
      // Keys live in the end user's key space. A confirm from a browser without a session
      // would start a new one on each send (a double click, a re-send after a lost answer),
      // so each send would be a first: refuse it unsent, with the new cookie, and let the
      // re-send carry it.
      if (c.req.header('Idempotency-Key') === undefined || !sessionStartedBy(c)) return next()
      c.header('Retry-After', '1')
      return fail(c, 409, 'Your session has just started: send the request again.')
    },
    // A create that failed ambiguously (5xx, timeout) may exist upstream: replay that answer
    // rather than risk a second order under the same confirm.
    idempotency({
      store: kit.store,
      scope: sessionOwner,
      keep: (status) => status < 400 || status >= 500,
    }),
    parseBody(createOrderRequest),
  ],
  // A sale makes the service pull the tokens from user_address through its allowance: only the
  // wallet's proven holder may name it (the `walletProof` guard refuses anyone else). Buying to
  // any address harms nobody. An address that is no address holds nothing: the handler
  // answers its 422.
  spends: (c) => {
    const body = parsedBody(c, createOrderRequest)
    if (body.order_type !== 1) return null
    const wallet = validateEvmAddress(body.user_address, { field: 'user_address' })
    const token = validateEvmAddress(body.token, { field: 'token' })
    if (!wallet.ok || !token.ok) return null
    return { address: wallet.value, field: 'user_address', sale: { token: token.value } }
  },
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = parsedBody(c, createOrderRequest)
    const wallet = validateEvmAddress(body.user_address, { field: 'user_address' })
    if (!wallet.ok) return invalid(c, wallet.field, wallet.message)
    const token = validateEvmAddress(body.token, { field: 'token' })
    if (!token.ok) return invalid(c, token.field, token.message)
    const testValue = sandboxOnlyField(kit.environment, body.fiat_payload)
    if (testValue) return invalid(c, testValue.field, testValue.message)
    const request = { ...body, user_address: wallet.value, token: token.value }

    let created: CreatedOrder
    try {
      // Never retried by the client once it may have reached the service.
      created = await kit.client.createOrder(request)
    } catch (error) {
      return upstreamError(c, error, { ...kit, operation: 'createOrder' })
    }
    const nowIso = kit.now().toISOString()
    const order: KitOrder = {
      id: created.tx_hash,
      flow: 'direct',
      order_id: null,
      quote_id: null,
      tx_hash: created.tx_hash,
      status: created.status,
      order_type: request.order_type === 1 ? 'OffRamp' : 'OnRamp',
      amount_fiat: created.fiat_paid,
      currency: request.fiat_payload.currency?.toUpperCase() ?? null,
      amount_crypto: created.amount_sent,
      token: tokenLabel(kit, request.token),
      rate: created.rate_used,
      wallet_address: request.user_address,
      settlement_transaction_hash: null,
      created_at: nowIso,
      updated_at: nowIso,
    }
    const saved = await kit.store.saveOrder({ order, owner })
    if (saved.result === 'conflict') {
      kit.logger.error('createOrder: the creation hash is recorded for another end user', {
        tx_hash: created.tx_hash,
      })
      return notFound(c)
    }
    const linked = await linkOrderId(kit, saved.stored)
    return ok(c, linked.order, 'Order submitted', 201)
  },
})
