import { type Address, type Hex, parseUnits } from 'viem'
import { isoMillis, isoOffset } from '../clock/index.js'
import { currencyFractionDigits, isFinalOrderStatus, isWebhookEvent } from '../core.js'
import { ApiError } from '../http/envelope.js'
import { onChain, orderRef } from '../service/chain.js'
import { notify, type SandboxContext } from '../service/context.js'
import { failOrder, finishOrder, refundOrder } from '../service/orders.js'
import { accountEventBody, accountView, partnerOrderView } from '../service/views.js'
import {
  type Account,
  type Customer,
  type ForcedOutcome,
  type SandboxUser,
  uuid,
} from '../state/store.js'
import type { Delivery, NextDeliveryControl } from '../webhooks/dispatcher.js'

/** A forced fault: the next `count` matching calls answer `status`. */
export type FaultOptions = {
  status: 429 | 502 | 503
  /** `Retry-After` seconds on 429 and 503. Default 1. */
  retryAfterSeconds?: number
  /** How many calls. Default 1. */
  count?: number
  /** Only calls whose path starts with this, e.g. `/quote`. */
  path?: string
  method?: string
}

/** An outbound stablecoin send from a customer account. */
export type SendOptions = {
  amount: string | number
  /** Destination wallet; with a chain attached the tokens really move there. */
  to?: string
  outcome?: 'completed' | 'failed'
  reference?: string
}

/**
 * The controls a remote sandbox lacks, in process: the same operations the `/__sandbox` routes
 * expose. Operations on a user's resources take its API key.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 })
 * sandbox.admin.forceNextOrder(sandbox.apiKeys[0], 'fail')
 * await sandbox.admin.advance(10_000)
 */
export type SandboxAdmin = {
  /** Moves sandbox time forward and runs what became due (transitions, webhook retries). */
  advance(ms: number): Promise<{ now: string }>
  clock(): { now: string; speed: number; pending: { at: string; label: string }[] }
  /**
   * The next order of this key ends with `outcome`, whatever its test values or the default.
   */
  forceNextOrder(apiKey: string, outcome: ForcedOutcome): void
  settleOrder(apiKey: string, orderId: string): Promise<unknown>
  failOrder(apiKey: string, orderId: string): unknown
  refundOrder(apiKey: string, orderId: string): Promise<unknown>
  forceFault(options: FaultOptions): void
  /** Delay or duplicate the next webhook of this key (optionally of one event). */
  controlNextWebhook(apiKey: string, control: NextDeliveryControl): void
  setWebhook(apiKey: string, endpoint: { url?: string | null; secret?: string }): void
  creditAccount(
    apiKey: string,
    accountId: number,
    credit: { amount: string | number; reference?: string },
  ): unknown
  sendFromAccount(apiKey: string, accountId: number, send: SendOptions): Promise<unknown>
  deliveries(apiKey?: string, event?: string): Delivery[]
  /** A quote's request body as the sandbox received it, fields it does not read included. */
  quoteRequest(apiKey: string, quoteId: string): unknown
  /** Resolves when no webhook attempt is in flight. */
  idle(): Promise<void>
  mint(token: string, to: string, amount: string | number): Promise<{ tx: unknown }>
}

const MICROS = /^\d{1,15}(?:\.\d{1,6})?$/

function toMicros(amount: string | number, field = 'amount'): bigint {
  const text = typeof amount === 'number' ? String(amount) : String(amount ?? '').trim()
  if (!MICROS.test(text)) {
    throw new ApiError(422, `${field} must be a positive decimal with at most 6 places`, {
      field,
    })
  }
  const micros = parseUnits(text, 6)
  if (micros <= 0n) throw new ApiError(422, `${field} must be greater than 0`, { field })
  return micros
}

function decimal(micros: bigint, places: number): string {
  const whole = micros / 1_000_000n
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').slice(0, places)
  return places > 0 ? `${whole}.${fraction}` : `${whole}`
}

/**
 * Creates the admin controls over a sandbox context (`startSandbox` returns them as `admin`).
 *
 * @example
 * const admin = createSandboxAdmin(ctx)
 * admin.forceFault({ status: 429, retryAfterSeconds: 2, path: '/quote' })
 */
export function createSandboxAdmin(ctx: SandboxContext): SandboxAdmin {
  function user(apiKey: string): SandboxUser {
    const found = ctx.store.userByKey(apiKey)
    if (!found) throw new ApiError(401, 'Invalid API key', null)
    return found
  }

  function order(apiKey: string, orderId: string) {
    const owner = user(apiKey)
    const found = ctx.store.orders.get(orderId)
    if (!found || found.userId !== owner.id) {
      throw new ApiError(404, 'Order not found', { field: 'order_id' })
    }
    return found
  }

  function account(
    apiKey: string,
    accountId: number,
  ): { owner: SandboxUser; customer: Customer; account: Account } {
    const owner = user(apiKey)
    const found = ctx.store.accounts.get(accountId)
    const customer = found ? ctx.store.customers.get(found.customerId) : undefined
    if (!found || !customer || customer.userId !== owner.id) {
      throw new ApiError(404, 'Account not found', null)
    }
    if (found.status !== 'active') {
      throw new ApiError(409, 'The account has no coordinates yet (wait for account.ready)', {
        status: found.status,
      })
    }
    return { owner, customer, account: found }
  }

  return {
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0 || ms > 366 * 86_400_000) {
        throw new ApiError(422, 'ms must be a number from 0 to one year', { field: 'ms' })
      }
      await ctx.clock.advance(ms)
      return { now: isoMillis(ctx.clock.now()) }
    },
    clock() {
      return {
        now: isoMillis(ctx.clock.now()),
        speed: ctx.clock.speed,
        pending: ctx.clock.pending().map((job) => ({ at: isoMillis(job.at), label: job.label })),
      }
    },
    forceNextOrder(apiKey, outcome) {
      if (!['settle', 'fail', 'refund'].includes(outcome)) {
        throw new ApiError(422, 'outcome must be settle, fail or refund', { field: 'outcome' })
      }
      user(apiKey).forcedOutcomes.push(outcome)
    },
    async settleOrder(apiKey, orderId) {
      const found = order(apiKey, orderId)
      if (isFinalOrderStatus(found.status)) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      found.outcome = 'settle'
      found.outcomeBy = 'control'
      await finishOrder(ctx, found)
      return partnerOrderView(found)
    },
    failOrder(apiKey, orderId) {
      const found = order(apiKey, orderId)
      if (!failOrder(ctx, found, 'Failure forced by the sandbox controls')) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      return partnerOrderView(found)
    },
    async refundOrder(apiKey, orderId) {
      const found = order(apiKey, orderId)
      if (!(await refundOrder(ctx, found))) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      return partnerOrderView(found)
    },
    forceFault(options) {
      if (![429, 502, 503].includes(options.status)) {
        throw new ApiError(422, 'status must be 429, 502 or 503', { field: 'status' })
      }
      const count = options.count ?? 1
      const retryAfter = options.retryAfterSeconds ?? 1
      if (!Number.isInteger(count) || count < 1 || count > 1000) {
        throw new ApiError(422, 'count must be an integer from 1 to 1000', { field: 'count' })
      }
      if (!Number.isInteger(retryAfter) || retryAfter < 0 || retryAfter > 3600) {
        throw new ApiError(422, 'retry_after must be an integer from 0 to 3600', {
          field: 'retry_after',
        })
      }
      ctx.faults.push({
        status: options.status,
        retryAfterSeconds: retryAfter,
        remaining: count,
        path: options.path ?? null,
        method: options.method?.toUpperCase() ?? null,
      })
    },
    controlNextWebhook(apiKey, control) {
      if (control.event !== undefined && !isWebhookEvent(control.event)) {
        throw new ApiError(422, 'event must be one of the 15 webhook events', { field: 'event' })
      }
      const delay = control.delayMs ?? 0
      const duplicates = control.duplicates ?? 0
      if (!Number.isFinite(delay) || delay < 0 || delay > 86_400_000) {
        throw new ApiError(422, 'delay_ms must be from 0 to 86400000', { field: 'delay_ms' })
      }
      if (!Number.isInteger(duplicates) || duplicates < 0 || duplicates > 10) {
        throw new ApiError(422, 'duplicates must be an integer from 0 to 10', {
          field: 'duplicates',
        })
      }
      // A value left out keeps the sandbox's standing setting (`--webhook-delay` and so on).
      ctx.dispatcher.control(user(apiKey).id, { ...control })
    },
    setWebhook(apiKey, endpoint) {
      const owner = user(apiKey)
      if (endpoint.url !== undefined) {
        if (endpoint.url !== null && !/^https?:\/\/\S+$/.test(endpoint.url)) {
          throw new ApiError(422, 'url must be an http(s) URL', { field: 'url' })
        }
        owner.webhookUrl = endpoint.url
      }
      if (endpoint.secret !== undefined) {
        if (!endpoint.secret.trim()) {
          throw new ApiError(422, 'secret must not be empty', { field: 'secret' })
        }
        owner.webhookSecret = endpoint.secret.trim()
      }
    },
    creditAccount(apiKey, accountId, credit) {
      const { owner, customer, account: target } = account(apiKey, accountId)
      const micros = toMicros(credit.amount)
      // Minor units of the currency (cents for most fiat, the token's 6 decimals for USDC): an
      // amount finer than that is refused rather than rounded.
      const minorDigits =
        target.assetType === 'stablecoin' ? 6 : currencyFractionDigits(target.currency)
      const unit = 10n ** BigInt(6 - minorDigits)
      if (micros % unit !== 0n) {
        throw new ApiError(
          422,
          `amount has more decimals than ${target.currency} has (${minorDigits})`,
          { field: 'amount' },
        )
      }
      target.balanceMicros += micros
      const places = target.assetType === 'stablecoin' ? 6 : 2
      notify(
        ctx,
        owner,
        'account.credited',
        accountEventBody('account.credited', customer, target, {
          credit: {
            amount: decimal(micros, places),
            amount_minor: Number(micros / unit),
            currency: target.currency,
            fee_minor: 0,
            reference: credit.reference ?? `CR-${uuid().slice(0, 8).toUpperCase()}`,
            narration: null,
          },
        }),
      )
      return accountView(target)
    },
    async sendFromAccount(apiKey, accountId, send) {
      const { owner, customer, account: target } = account(apiKey, accountId)
      if (target.assetType !== 'stablecoin') {
        throw new ApiError(422, 'Sends go out of stablecoin accounts', { field: 'account_id' })
      }
      const micros = toMicros(send.amount)
      const outcome = send.outcome ?? 'completed'
      const reference = send.reference ?? `SEND-${uuid().slice(0, 8).toUpperCase()}`
      const amount = decimal(micros, 6)
      const sendBody = (status: 'completed' | 'failed', extra: Record<string, unknown>) => ({
        id: uuid(),
        account_id: target.id,
        status,
        currency: target.currency,
        network: target.network,
        to_address: send.to ?? null,
        amount,
        fee: '0.00',
        receive_amount: amount,
        fee_status: 'final',
        reference,
        created_at: isoOffset(ctx.clock.now()),
        ...extra,
      })
      if (outcome === 'failed' || micros > target.balanceMicros) {
        const reason =
          outcome === 'failed' ? 'Failure forced by the sandbox controls' : 'Insufficient balance'
        notify(
          ctx,
          owner,
          'account.send.failed',
          accountEventBody('account.send.failed', customer, target, {
            send: sendBody('failed', { reason }),
          }),
        )
        return { status: 'failed', reason, amount, reference, account: accountView(target) }
      }
      let hash: Hex | undefined
      const token = ctx.chain?.tokens.find((entry) => entry.symbol === target.currency)
      if (send.to && ctx.chain && token) {
        if (!/^0x[0-9a-fA-F]{40}$/.test(send.to)) {
          throw new ApiError(422, 'to must be an EVM address', { field: 'to' })
        }
        const chain = ctx.chain
        hash = await onChain('send the tokens', () =>
          chain.payout(
            token.address,
            send.to as Address,
            parseUnits(amount, token.decimals),
            orderRef(reference),
          ),
        )
      }
      target.balanceMicros -= micros
      notify(
        ctx,
        owner,
        'account.send.completed',
        accountEventBody('account.send.completed', customer, target, {
          send: sendBody('completed', hash ? { transaction_hash: hash } : {}),
        }),
      )
      return {
        status: 'completed',
        amount,
        reference,
        transaction_hash: hash ?? null,
        account: accountView(target),
      }
    },
    deliveries(apiKey, event) {
      const list = ctx.dispatcher.log(apiKey ? user(apiKey).id : undefined)
      return event ? list.filter((delivery) => delivery.event === event) : list
    },
    quoteRequest(apiKey, quoteId) {
      const owner = user(apiKey)
      const found = ctx.store.quotes.get(quoteId)
      if (!found || found.userId !== owner.id) {
        throw new ApiError(404, 'Quote not found', { field: 'quote_id' })
      }
      return found.request
    },
    idle: () => ctx.dispatcher.idle(),
    async mint(tokenName, to, amount) {
      const chain = ctx.chain
      if (!chain) throw new ApiError(502, 'The sandbox chain is not available', null)
      const token = chain.tokens.find(
        (entry) =>
          entry.symbol === tokenName.toUpperCase() ||
          entry.address.toLowerCase() === tokenName.toLowerCase(),
      )
      if (!token)
        throw new ApiError(422, 'token must be USDC, USDT, WXM or a token address', {
          field: 'token',
        })
      if (!/^0x[0-9a-fA-F]{40}$/.test(to)) {
        throw new ApiError(422, 'to must be an EVM address', { field: 'to' })
      }
      const text = String(amount).trim()
      if (!/^\d{1,30}(?:\.\d{1,18})?$/.test(text) || Number(text) <= 0) {
        throw new ApiError(422, 'amount must be a positive decimal', { field: 'amount' })
      }
      const value = parseUnits(text, token.decimals)
      const tx = await onChain('mint', () => chain.mint(token.address, to as Address, value))
      return { tx }
    },
  }
}
