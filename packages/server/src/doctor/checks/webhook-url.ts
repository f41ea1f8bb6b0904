import {
  signWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@rampkit/core/webhooks'
import { describeError } from '../describe.js'
import type { DoctorRun } from '../types.js'

/**
 * The partner's mounted kit (`--webhook-url`): a delivery signed with the webhook secret is
 * taken (2xx), and one signed with another secret is refused (4xx).
 */
export async function checkWebhookUrl(
  run: DoctorRun,
  webhookUrl: string,
  secret: string | undefined,
): Promise<void> {
  const { add, progress, timeoutMs, fetch: fetchImpl } = run
  let started = performance.now()
  const signedTitle = 'Your webhook route takes a signed delivery'
  const forgedTitle = 'Your webhook route refuses a forged delivery'
  let url: URL | undefined
  try {
    url = new URL(webhookUrl)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    add(
      {
        id: 'webhook-url.signed',
        title: signedTitle,
        status: 'fail',
        detail: '--webhook-url is not an absolute http(s) address.',
        fix: 'Pass the full address of the kit’s webhook route, e.g. https://shop.example/api/ramp/webhooks.',
      },
      started,
    )
    return
  }
  if (!secret) {
    add(
      {
        id: 'webhook-url.signed',
        title: signedTitle,
        status: 'skip',
        detail: 'not run',
        fix: 'Needs RAMP_WEBHOOK_SECRET to sign the delivery.',
      },
      started,
    )
    return
  }
  const target = `${url.origin}${url.pathname}`
  const deliver = async (signingSecret: string) => {
    const body = JSON.stringify({ rampkit_doctor: true, sent_at: new Date().toISOString() })
    const { header } = await signWebhook({ secret: signingSecret, body })
    return fetchImpl(target, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'rampkit-doctor',
        // Not an order event: a kit routes it to `onEvent` and stores no order.
        [WEBHOOK_EVENT_HEADER]: 'rampkit.doctor',
        [WEBHOOK_ID_HEADER]: crypto.randomUUID(),
        [WEBHOOK_SIGNATURE_HEADER]: header,
      },
      signal: AbortSignal.timeout(timeoutMs),
    })
  }
  progress(`POST ${target} (signed)…`)
  let signed: Response
  try {
    signed = await deliver(secret)
    await signed.body?.cancel()
  } catch (error) {
    add(
      {
        id: 'webhook-url.signed',
        title: signedTitle,
        status: 'fail',
        detail: `could not reach ${target}: ${describeError(error)}`,
        fix: 'Start your app and pass the address the service can reach (the kit’s route is <basePath>/webhooks, e.g. /api/ramp/webhooks).',
      },
      started,
    )
    return
  }
  const ok = signed.status >= 200 && signed.status < 300
  add(
    {
      id: 'webhook-url.signed',
      title: signedTitle,
      status: ok ? 'pass' : 'fail',
      detail: `${target} answered ${signed.status} to a delivery signed with RAMP_WEBHOOK_SECRET`,
      fix: ok
        ? undefined
        : signed.status === 401
          ? 'Your kit verifies with another secret: give createRampHandler the same webhookSecret as RAMP_WEBHOOK_SECRET (a list, current first, while rotating).'
          : signed.status === 404 || signed.status === 405
            ? 'Nothing takes POST here: mount createRampHandler and pass its webhook route, <basePath>/webhooks (e.g. /api/ramp/webhooks).'
            : signed.status === 400
              ? 'Your route read or changed the body before verifying: pass the raw request to the kit (no JSON body parser in front of it).'
              : 'Your route failed on a valid delivery: read your server’s log (the service retries non-2xx answers).',
    },
    started,
  )
  started = performance.now()
  progress(`POST ${target} (forged)…`)
  try {
    const forged = await deliver(`whsec_forged_${crypto.randomUUID()}`)
    await forged.body?.cancel()
    const refused = forged.status >= 400 && forged.status < 500
    add(
      {
        id: 'webhook-url.forged',
        title: forgedTitle,
        status: refused ? 'pass' : 'fail',
        detail: `${target} answered ${forged.status} to a delivery signed with another secret`,
        fix: refused
          ? undefined
          : forged.status < 300
            ? 'Your route accepts deliveries it did not verify: anyone could mark orders settled. Mount the kit’s webhook route (or verifyWebhook on the raw body) before any handler.'
            : 'Answer a bad signature with 401, not an error: the service would retry it.',
      },
      started,
    )
  } catch (error) {
    add(
      {
        id: 'webhook-url.forged',
        title: forgedTitle,
        status: 'fail',
        detail: `could not reach ${target}: ${describeError(error)}`,
        fix: 'Start your app and pass an address this machine can reach.',
      },
      started,
    )
  }
}
