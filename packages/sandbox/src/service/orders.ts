import type { Hex } from 'viem'
import type { ScheduledJob } from '../clock/index.js'
import { canMoveOrderStatus, type WebhookEvent } from '../core.js'
import type { Order, OrderStatus, SandboxUser } from '../state/store.js'
import { shortReason } from './chain.js'
import { notify, type SandboxContext } from './context.js'
import { webhookOrderView } from './views.js'

const EVENTS: Readonly<Partial<Record<OrderStatus, WebhookEvent>>> = {
  processing: 'order.processing',
  settled: 'order.settled',
  failed: 'order.failed',
  refunded: 'order.refunded',
}

const jobs = new WeakMap<Order, ScheduledJob[]>()

/**
 * Whether the order may move to `next`: core's order lifecycle, the rule the kit applies to the
 * events this sandbox sends. Forward only; nothing leaves a final state except to `refunded`;
 * `pending_settlement` (the sandbox guide's state for an order no test value decides) waits for
 * a control to settle, fail or refund it.
 */
export function canMove(order: Order, next: OrderStatus): boolean {
  return canMoveOrderStatus(order.status, next)
}

/**
 * How a new order will end: the user's next forced outcome (admin control) if any, else what
 * its documented sandbox test values decide (`documentedOutcome`), else the sandbox's default
 * (`pending` unless `--order-outcome` says otherwise).
 */
export function nextOutcome(
  ctx: SandboxContext,
  user: SandboxUser,
  documented: 'settle' | 'fail' | null | undefined,
): Pick<Order, 'outcome' | 'outcomeBy'> {
  const forced = user.forcedOutcomes.shift()
  if (forced) return { outcome: forced, outcomeBy: 'control' }
  if (documented) return { outcome: documented, outcomeBy: 'test_value' }
  return { outcome: ctx.defaultOutcome, outcomeBy: 'default' }
}

function move(ctx: SandboxContext, order: Order, next: OrderStatus): boolean {
  if (!canMove(order, next)) return false
  order.status = next
  order.updatedAt = ctx.clock.nowPrecise()
  const event = EVENTS[next]
  const user = ctx.store.users.get(order.userId)
  if (event && user) notify(ctx, user, event, webhookOrderView(order))
  ctx.log(`order ${order.id} -> ${next}`)
  return true
}

function schedule(ctx: SandboxContext, order: Order, delayMs: number, run: () => Promise<void>) {
  const job = ctx.clock.schedule(delayMs, run, `order ${order.id}`)
  jobs.set(order, [...(jobs.get(order) ?? []), job])
}

function cancelJobs(order: Order) {
  for (const job of jobs.get(order) ?? []) job.cancel()
  jobs.delete(order)
}

/**
 * Starts the clock on a new order: a direct order moves `submitted` -> `processing` after
 * `processingAfterMs`; an accepted quote starts in `processing` (its event sent here); both end
 * `settleAfterMs` later with the order's outcome.
 */
export function startOrder(ctx: SandboxContext, order: Order) {
  if (order.status === 'processing') {
    const user = ctx.store.users.get(order.userId)
    if (user) notify(ctx, user, 'order.processing', webhookOrderView(order))
    schedule(ctx, order, ctx.timings.settleAfterMs, () => finishOrder(ctx, order))
    return
  }
  schedule(ctx, order, ctx.timings.processingAfterMs, async () => {
    if (!move(ctx, order, 'processing')) return
    schedule(ctx, order, ctx.timings.settleAfterMs, () => finishOrder(ctx, order))
  })
}

/**
 * Ends an order with its outcome. Settling an on-ramp pays the tokens out to the wallet on the
 * chain; settling an off-ramp quote pulls the seller's approved tokens through the spender (the
 * direct off-ramp pulled them at creation), or, with no allowance, settles with no transaction
 * when the `Successful` test value decided it (the guide's auto-credit). A chain failure fails the order, as a real rail failure would. An
 * order with nothing to decide it (`pending`) moves to `pending_settlement` and stays there
 * (no event: the service documents none) until a control ends it.
 */
export async function finishOrder(ctx: SandboxContext, order: Order): Promise<void> {
  cancelJobs(order)
  if (order.status === 'submitted') move(ctx, order, 'processing')
  if (order.status !== 'processing' && order.status !== 'pending_settlement') return
  if (order.outcome === 'pending') {
    // An off-ramp quote waits for its deposit. In the sandbox the deposit is the seller's
    // approval of the tokens to the spender (the accept's payment instructions): once it covers
    // the order, the payout identity decides, as for any order; a success phone or account
    // settles it and the tokens are collected.
    if (order.payoutOutcome !== 'settle' || !(await depositCovers(ctx, order))) {
      move(ctx, order, 'pending_settlement')
      return
    }
  }
  if (order.outcome === 'fail') {
    order.failureReason =
      order.outcomeBy === 'test_value'
        ? 'Failure forced by a sandbox test value'
        : 'Failure forced by the sandbox controls'
    move(ctx, order, 'failed')
    return
  }
  if (order.outcome === 'refund') {
    await refundOrder(ctx, order)
    return
  }
  try {
    order.settlementTxHash = await settleOnChain(ctx, order)
  } catch (error) {
    order.failureReason = `Settlement failed: ${shortReason(error)}`
    move(ctx, order, 'failed')
    return
  }
  move(ctx, order, 'settled')
}

/** Whether an off-ramp quote's seller approved, and holds, the order's tokens. */
async function depositCovers(ctx: SandboxContext, order: Order): Promise<boolean> {
  const chain = ctx.chain
  if (!chain || order.orderType !== 'OffRamp' || order.flow !== 'quote') return false
  const allowance = await chain.allowance(order.tokenAddress, order.walletAddress)
  if (allowance < order.baseUnits) return false
  return (await chain.balanceOf(order.tokenAddress, order.walletAddress)) >= order.baseUnits
}

async function settleOnChain(ctx: SandboxContext, order: Order): Promise<Hex | null> {
  const chain = ctx.chain
  if (!chain) throw new Error('no chain attached to this sandbox')
  if (order.orderType === 'OnRamp') {
    return chain.payout(order.tokenAddress, order.walletAddress, order.baseUnits, order.ref)
  }
  if (order.creationTxHash) return order.creationTxHash
  // Off-ramp quote: collect the tokens the seller's wallet (the quote's refund address) approved
  // to the spender (payment instructions).
  const allowance = await chain.allowance(order.tokenAddress, order.walletAddress)
  const balance =
    allowance < order.baseUnits
      ? 0n
      : await chain.balanceOf(order.tokenAddress, order.walletAddress)
  if (allowance >= order.baseUnits && balance >= order.baseUnits) {
    return chain.pull(order.tokenAddress, order.walletAddress, order.baseUnits, order.ref)
  }
  // The sandbox guide's auto-credit: `Successful` in the customer's name settles an off-ramp
  // quote with nothing sent on the chain, so there is no settlement transaction.
  if (order.outcomeBy === 'test_value') return null
  throw new Error(
    allowance < order.baseUnits
      ? `deposit not received: allowance ${allowance} is below the required ${order.baseUnits} base units`
      : `deposit not received: balance ${balance} is below the required ${order.baseUnits} base units`,
  )
}

/** Fails an order that has not ended yet (admin control). Returns false when it cannot move. */
export function failOrder(ctx: SandboxContext, order: Order, reason: string): boolean {
  if (!canMove(order, 'failed')) return false
  cancelJobs(order)
  order.failureReason = reason
  return move(ctx, order, 'failed')
}

/**
 * Refunds an order from any state but `refunded`. Tokens the service holds for the order (an
 * off-ramp whose tokens were pulled) go back to the wallet on the chain.
 */
export async function refundOrder(ctx: SandboxContext, order: Order): Promise<boolean> {
  if (!canMove(order, 'refunded')) return false
  cancelJobs(order)
  const pulled =
    order.orderType === 'OffRamp' && (order.creationTxHash !== null || order.settlementTxHash)
  if (pulled && ctx.chain && !order.refundTxHash) {
    try {
      order.refundTxHash = await ctx.chain.payout(
        order.tokenAddress,
        order.walletAddress,
        order.baseUnits,
        order.ref,
      )
    } catch (error) {
      ctx.log(`refund of ${order.id} on chain failed: ${shortReason(error)}`)
    }
  }
  return move(ctx, order, 'refunded')
}
