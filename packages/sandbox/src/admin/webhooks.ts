import { isWebhookEvent } from '../core.js'
import { ApiError } from '../http/envelope.js'
import type { SandboxContext } from '../service/context.js'
import { userOf } from './lookup.js'
import type { SandboxAdmin } from './types.js'

/** Webhooks: a key's endpoint, the next delivery's delay or duplicates, and the delivery log. */
export function webhookControls(
  ctx: SandboxContext,
): Pick<SandboxAdmin, 'controlNextWebhook' | 'setWebhook' | 'deliveries' | 'idle'> {
  return {
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
      ctx.dispatcher.control(userOf(ctx, apiKey).id, { ...control })
    },
    setWebhook(apiKey, endpoint) {
      const owner = userOf(ctx, apiKey)
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
    deliveries(apiKey, event) {
      const list = ctx.dispatcher.log(apiKey ? userOf(ctx, apiKey).id : undefined)
      return event ? list.filter((delivery) => delivery.event === event) : list
    },
    idle: () => ctx.dispatcher.idle(),
  }
}
