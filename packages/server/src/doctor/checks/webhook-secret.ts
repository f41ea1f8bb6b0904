import { RampApiError, RampError } from '@rampkit/core'
import { createRampClient, sendTestWebhook } from '@rampkit/core/client'
import { buildWebhookHeaders } from '@rampkit/core/webhooks'
import { describeError, firstLine, reasonOf } from '../describe.js'
import type { DoctorRun } from '../types.js'

const id = 'webhook.secret'
const title = 'Webhook secret'

/** What to do about a test delivery the service refused, by its reason. */
function fixFor(error: unknown, reason: string | undefined): string {
  if (reason === 'timestamp_out_of_tolerance') {
    return 'This machine’s clock is more than 5 minutes off: sync it (NTP); your server’s verification would refuse real deliveries too.'
  }
  if (error instanceof RampApiError && error.status === 401) {
    return 'RAMP_WEBHOOK_SECRET is not the webhook_secret of this key: copy it again from the console (the whole value, no quotes or spaces).'
  }
  if (error instanceof RampError && !(error instanceof RampApiError)) {
    return firstLine(error.message)
  }
  return 'Check RAMP_BASE_URL; retry, and if it keeps failing send this line to the ramp service.'
}

/**
 * The webhook secret, by the service's signed test route: a delivery signed with it must verify
 * there. Returns the trimmed secret for the webhook-url check.
 */
export async function checkWebhookSecret(run: DoctorRun): Promise<string | undefined> {
  const started = performance.now()
  const secret = run.parameters.webhookSecret?.trim()
  if (!secret) {
    run.add(
      {
        id,
        title,
        status: 'fail',
        detail: 'RAMP_WEBHOOK_SECRET is not set.',
        fix: 'Set RAMP_WEBHOOK_SECRET (or --webhook-secret) to the webhook_secret of this key in the console.',
      },
      started,
    )
    return secret
  }
  if (!run.base.usable) {
    run.skip(id, title, 'Fix the base address above first.')
    return secret
  }
  run.progress('POST /webhooks/test…')
  const body = JSON.stringify({
    order_id: 'rampkit-doctor',
    status: 'settled',
    sent_at: new Date().toISOString(),
  })
  try {
    const headers = await buildWebhookHeaders({
      secret,
      event: 'order.settled',
      deliveryId: crypto.randomUUID(),
      body,
      userAgent: 'rampkit-doctor',
    })
    const keyless = createRampClient({
      baseUrl: run.base.usable,
      fetch: run.fetch,
      timeoutMs: run.timeoutMs,
    })
    const result = await sendTestWebhook(keyless, { body, headers })
    run.add(
      {
        id,
        title,
        status: 'pass',
        detail: `the service verified a delivery signed with it (event ${result.event})`,
      },
      started,
    )
  } catch (error) {
    const reason = reasonOf(error)
    run.add(
      {
        id,
        title,
        status: 'fail',
        detail: `POST /webhooks/test answered ${describeError(error)}${reason ? ` (${reason})` : ''}`,
        fix: fixFor(error, reason),
      },
      started,
    )
  }
  return secret
}
