import { createRampClient, PARTNER_PREFIX, type RampClient } from '@rampkit/core/client'
import { redactDeep, redactSecrets } from '@rampkit/core/errors'
import { corridorsOfCatalog } from './catalog.js'
import { checkBaseUrl } from './checks/base-url.js'
import { checkCorridors } from './checks/corridors.js'
import { checkDiscovery } from './checks/discovery.js'
import { checkKeyAccepted } from './checks/key-accepted.js'
import { checkKeyPrefix } from './checks/key-prefix.js'
import { checkOrder } from './checks/order.js'
import { checkKitForProduction } from './checks/production.js'
import { checkWebhookSecret } from './checks/webhook-secret.js'
import { checkWebhookUrl } from './checks/webhook-url.js'
import { record } from './describe.js'
import type {
  CheckResult,
  DoctorCheck,
  DoctorReport,
  DoctorRun,
  RunDoctorParameters,
} from './types.js'

/**
 * A fetch that keeps the raw body of the last answer per path: drift compares what the service
 * sent, not what core's schema made of it.
 */
function capturingFetch(baseFetch: typeof fetch) {
  const raw = new Map<string, string>()
  const capturing: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    raw.set(url.pathname, await response.clone().text())
    return response
  }
  const rawData = (path: string): unknown => {
    const text = raw.get(path)
    if (text === undefined) return undefined
    try {
      return record(JSON.parse(text)).data
    } catch {
      return undefined
    }
  }
  return { capturing, rawData }
}

/** The values no report line may hold: the key and the webhook secret, as given and trimmed. */
function secretsOf(parameters: RunDoctorParameters): string[] {
  return [parameters.apiKey, parameters.webhookSecret]
    .flatMap((value) => (value ? [value, value.trim()] : []))
    .filter((value) => value.length > 0)
}

/** The run every check reports into, after the key prefix and the base address are checked. */
function startRun(parameters: RunDoctorParameters, checks: DoctorCheck[]): DoctorRun {
  const secrets = secretsOf(parameters)
  const add = (check: CheckResult, started: number) => {
    const done = redactDeep(
      { ...check, durationMs: Math.round(performance.now() - started) },
      secrets,
    )
    checks.push(done)
    parameters.onCheck?.(done)
    return done
  }
  const baseFetch = parameters.fetch ?? fetch
  const timeoutMs = parameters.timeoutMs ?? 10_000

  const started = performance.now()
  const base = checkBaseUrl(parameters.baseUrl)
  const key = checkKeyPrefix(parameters.apiKey, base.usable)
  add(key.check, started)
  add(base.check, started)

  const { capturing, rawData } = capturingFetch(baseFetch)
  let client: RampClient | undefined
  if (base.usable && key.check.status === 'pass') {
    client = createRampClient({
      apiKey: parameters.apiKey,
      baseUrl: base.usable,
      fetch: capturing,
      timeoutMs,
      totalTimeoutMs: timeoutMs * 2,
      retry: { maxAttempts: 2, baseDelayMs: 200 },
      userAgent: 'rampkit-doctor',
    })
  }
  return {
    parameters,
    fetch: baseFetch,
    timeoutMs,
    base,
    key,
    client,
    rawData,
    add,
    skip: (id, title, reason) =>
      add({ id, title, status: 'skip', detail: 'not run', fix: reason }, performance.now()),
    progress: (message) => parameters.onProgress?.(redactSecrets(message, secrets)),
  }
}

/**
 * Runs every check of `rampkit doctor` against the service the parameters point at and returns
 * the report; it never throws for a failed check, and no string in it holds the key or the
 * webhook secret. The checks run in order, each in its module under `checks/`: the key prefix
 * and base address, the key (by the catalog), the discovery reads, the corridors, the webhook
 * secret, then the partner's webhook route and a sandbox order when asked, and the kit's
 * configuration for production when `kit` is given.
 *
 * @example
 * const report = await runDoctor({
 *   apiKey: process.env.RAMP_API_KEY,
 *   baseUrl: process.env.RAMP_BASE_URL,
 *   webhookSecret: process.env.RAMP_WEBHOOK_SECRET,
 * })
 * if (!report.ok) process.exitCode = 1
 */
export async function runDoctor(parameters: RunDoctorParameters): Promise<DoctorReport> {
  const checks: DoctorCheck[] = []
  const run = startRun(parameters, checks)
  const found = await checkKeyAccepted(run)

  const { base } = run
  const prefix = base.usable ? new URL(base.usable).pathname.replace(/\/$/, '') : ''
  const corridors = corridorsOfCatalog(
    found.catalog.data ?? run.rawData(`${prefix}${PARTNER_PREFIX}/catalog`),
  ).filter((corridor) => corridor.enabled)
  await checkDiscovery(run, found, corridors, prefix)
  checkCorridors(run, found, corridors)
  const secret = await checkWebhookSecret(run)
  if (parameters.webhookUrl !== undefined) {
    await checkWebhookUrl(run, parameters.webhookUrl, secret)
  }
  if (parameters.order) await checkOrder(run, found, corridors)
  if (parameters.kit) {
    const production = run.key.environment === 'production'
    for (const check of checkKitForProduction(parameters.kit, secretsOf(parameters), production)) {
      run.add(check, performance.now())
    }
  }

  const summary = {
    passed: checks.filter((check) => check.status === 'pass').length,
    failed: checks.filter((check) => check.status === 'fail').length,
    skipped: checks.filter((check) => check.status === 'skip').length,
  }
  const secrets = secretsOf(parameters)
  return {
    ok: summary.failed === 0,
    environment: run.key.environment ?? null,
    baseUrl: base.shown ? redactSecrets(base.shown, secrets) : null,
    summary,
    checks,
  }
}
