import { isFinalOrderStatus } from '../core.js'
import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import { failOrder, finishOrder, refundOrder } from '../service/orders.js'
import { partnerOrderView } from '../service/views.js'
import { orderOf, userOf } from './lookup.js'
import type { SandboxAdmin } from './types.js'

/** Forced outcomes: the next order of a key, or one order now (settle, fail, refund). */
export function outcomeControls(
  ctx: SandboxContext,
): Pick<SandboxAdmin, 'forceNextOrder' | 'settleOrder' | 'failOrder' | 'refundOrder'> {
  return {
    forceNextOrder(apiKey, outcome) {
      if (!['settle', 'fail', 'refund'].includes(outcome)) {
        throw new ApiError(422, 'outcome must be settle, fail or refund', { field: 'outcome' })
      }
      userOf(ctx, apiKey).forcedOutcomes.push(outcome)
    },
    async settleOrder(apiKey, orderId) {
      const found = orderOf(ctx, apiKey, orderId)
      if (isFinalOrderStatus(found.status)) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      found.outcome = 'settle'
      found.outcomeBy = 'control'
      await finishOrder(ctx, found)
      return partnerOrderView(found)
    },
    failOrder(apiKey, orderId) {
      const found = orderOf(ctx, apiKey, orderId)
      if (!failOrder(ctx, found, 'Failure forced by the sandbox controls')) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      return partnerOrderView(found)
    },
    async refundOrder(apiKey, orderId) {
      const found = orderOf(ctx, apiKey, orderId)
      if (!(await refundOrder(ctx, found))) {
        throw new ApiError(409, `Order is already ${found.status}`, { status: found.status })
      }
      return partnerOrderView(found)
    },
  }
}
