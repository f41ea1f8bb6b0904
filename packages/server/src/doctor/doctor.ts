import {
  banks as banksSchema,
  catalog as catalogSchema,
  corridors as corridorsSchema,
  isFinalOrderStatus,
  orderRequirements as orderRequirementsSchema,
  paymentMethods as paymentMethodsSchema,
  RampApiError,
  RampError,
  indicativeRates as ratesSchema,
  redactDeep,
  redactSecrets,
  metaTokens as tokensSchema,
  UnexpectedResponseError,
} from '@rampkit/core'
import {
  acceptQuote,
  createQuote,
  createRampClient,
  environmentOfKey,
  getBanks,
  getCatalog,
  getCorridors,
  getIndicativeRates,
  getOrderRequirements,
  getPartnerOrder,
  getPaymentMethods,
  getTokens,
  KEY_PREFIXES,
  PARTNER_PREFIX,
  type RampClient,
  type RampEnvironment,
  sendTestWebhook,
} from '@rampkit/core/client'
import {
  buildWebhookHeaders,
  signWebhook,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@rampkit/core/webhooks'
import { shapeDrift } from './drift.js'

/** `pass` is ✓, `fail` is ✗ (and fails the run), `skip` did not run (a check before it failed). */
export type DoctorCheckStatus = 'pass' | 'fail' | 'skip'

/** One line of the doctor's report. */
export type DoctorCheck = {
  /** Stable name for programs (`key.accepted`, `discovery.catalog`, …). */
  id: string
  title: string
  status: DoctorCheckStatus
  /** What was seen, one line. */
  detail: string
  /** What to do about a ✗ (or why a check was skipped). */
  fix?: string | undefined
  /** Further lines: the corridors and rails, fields of a drift. */
  lines?: string[] | undefined
  durationMs: number
}

export type DoctorReport = {
  /** True when no check failed. */
  ok: boolean
  environment: RampEnvironment | null
  /** The base address as given, without credentials, query or fragment. */
  baseUrl: string | null
  summary: { passed: number; failed: number; skipped: number }
  checks: DoctorCheck[]
}

export type RunDoctorParameters = {
  apiKey?: string | undefined
  baseUrl?: string | undefined
  webhookSecret?: string | undefined
  /** The partner's mounted kit webhook route, to send a signed and a forged delivery to. */
  webhookUrl?: string | undefined
  /** Place one sandbox order with the documented success test values, to settled. */
  order?: boolean | undefined
  /** Wallet the `--order` on-ramp pays out to. */
  wallet?: string | undefined
  /** Longest wait for the `--order` order to settle, ms. Default 90 000. */
  orderTimeoutMs?: number | undefined
  /** Between backup GETs of the order, ms. Default 1 000. */
  pollIntervalMs?: number | undefined
  /** One request's timeout, ms. Default 10 000. */
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
  /** Called when a check ends, in order (for a streaming display). */
  onCheck?: ((check: DoctorCheck) => void) | undefined
  /** Called during slow checks with what is happening now. */
  onProgress?: ((message: string) => void) | undefined
}

const DISCOVERY = [
  ['discovery.rates', 'GET /partner/rates/indicative', ratesSchema],
  ['discovery.corridors', 'GET /partner/corridors', corridorsSchema],
  ['discovery.catalog', 'GET /partner/catalog', catalogSchema],
  ['discovery.payment-methods', 'GET /partner/payment-methods', paymentMethodsSchema],
  ['discovery.order-requirements', 'GET /partner/order-requirements', orderRequirementsSchema],
  ['discovery.banks', 'GET /partner/banks', banksSchema],
  ['discovery.tokens', 'GET /meta/tokens', tokensSchema],
] as const

/** The documented sandbox success values (sandbox success & failure guide). */
const SUCCESS_PHONE_DIAL: Readonly<Record<string, string>> = {
  KE: '254',
  NG: '234',
  UG: '256',
  GH: '233',
}
const SUCCESS_ACCOUNT_NUMBER = '1111111111'
const DEFAULT_WALLET = '0x000000000000000000000000000000000000dEaD'
/** USDC on Base, the asset of the service's published sandbox quote. */
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

type Provider = { id: string; name: string; min?: number; max?: number; currency?: string }
type Rail = { type: string; enabled: boolean; providers: Provider[] }
type Corridor = {
  orderType: 'OnRamp' | 'OffRamp'
  country: string
  currency: string
  enabled: boolean
  rails: Rail[]
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const num = (value: unknown) => (typeof value === 'number' ? value : undefined)

/** The corridors and rails of a catalog `data`, read leniently (it may have drifted). */
export function corridorsOfCatalog(data: unknown): Corridor[] {
  const out: Corridor[] = []
  for (const [direction, orderType] of [
    ['onramp', 'OnRamp'],
    ['offramp', 'OffRamp'],
  ] as const) {
    const countries = record(record(record(data)[direction]).countries)
    for (const [code, node] of Object.entries(countries)) {
      const country = record(node)
      const rails: Rail[] = []
      for (const [type, bucket] of Object.entries(record(country.payment_methods))) {
        const rail = record(bucket)
        const providers = Array.isArray(rail.providers) ? rail.providers : []
        rails.push({
          type: str(rail.quote_type) ?? type,
          enabled: rail.enabled !== false,
          providers: providers
            .map(record)
            .filter((provider) => provider.enabled !== false && str(provider.id))
            .map((provider) => ({
              id: str(provider.id) ?? '',
              name: str(provider.name) ?? str(provider.code) ?? '',
              min: num(provider.min_amount),
              max: num(provider.max_amount),
              currency: str(provider.currency),
            })),
        })
      }
      out.push({
        orderType,
        country: str(country.country_code) ?? code,
        currency: str(country.currency) ?? '',
        enabled: country.enabled !== false,
        rails,
      })
    }
  }
  return out
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host)
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? ''
}

function describeError(error: unknown): string {
  if (error instanceof RampApiError) return `${error.status} ${firstLine(error.message)}`
  if (error instanceof Error) return firstLine(error.message)
  return String(error)
}

/** The reason the service gave for refusing a signature, when it gave one. */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof RampApiError)) return undefined
  return str(record(error.data).reason)
}

type BaseUrlForm = {
  check: Omit<DoctorCheck, 'durationMs'>
  /** The address the other checks use (a repairable mistake repaired), or none. */
  usable: string | undefined
  shown: string | null
}

/**
 * Checks the base address form as core will use it: the bare root or the published form ending
 * in `/api/v1` (core adds `/api/v1/partner` to the root itself); `/api/v1/partner` is one part
 * too many.
 */
export function checkBaseUrl(given: string | undefined): BaseUrlForm {
  const title = 'Base address'
  const id = 'base-url.form'
  if (!given?.trim()) {
    return {
      usable: undefined,
      shown: null,
      check: {
        id,
        title,
        status: 'fail',
        detail: 'RAMP_BASE_URL is not set.',
        fix: 'Set RAMP_BASE_URL (or --base-url) to the service address of your key’s environment, e.g. http://127.0.0.1:4010 for `pnpm sandbox`.',
      },
    }
  }
  let url: URL
  try {
    url = new URL(given.trim())
  } catch {
    url = new URL('invalid:')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      usable: undefined,
      shown: null,
      check: {
        id,
        title,
        status: 'fail',
        detail: 'RAMP_BASE_URL is not an absolute http(s) address.',
        fix: 'Write it with its scheme and host, e.g. https://sandbox.ramp.example (no quotes).',
      },
    }
  }
  const shown = `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  if (url.username || url.password || url.search || url.hash) {
    return {
      usable: undefined,
      shown,
      check: {
        id,
        title,
        status: 'fail',
        detail: 'RAMP_BASE_URL carries credentials, a query or a fragment.',
        fix: `Keep only the scheme, host and path: ${shown}. The key travels in X-API-Key, never in the address.`,
      },
    }
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return {
      usable: undefined,
      shown,
      check: {
        id,
        title,
        status: 'fail',
        detail: `${shown} is plain http to another machine: the key would cross the network in clear.`,
        fix: `Use https://${url.host}${url.pathname.replace(/\/+$/, '')}.`,
      },
    }
  }
  const path = url.pathname.replace(/\/+$/, '')
  if (/\/api\/v1$/i.test(path)) {
    // The form the service's documents publish: core takes it as well as the bare root.
    const root = `${url.origin}${path.slice(0, -'/api/v1'.length)}`
    return {
      usable: root,
      shown,
      check: {
        id,
        title,
        status: 'pass',
        detail: `${shown}, the published form (partner routes at ${root}${PARTNER_PREFIX})`,
      },
    }
  }
  const suffix = ['/api/v1/partner'].find((end) => path.toLowerCase().endsWith(end))
  if (suffix) {
    const repaired = `${url.origin}${path.slice(0, -suffix.length)}`
    return {
      usable: repaired,
      shown,
      check: {
        id,
        title,
        status: 'fail',
        detail: `${shown} ends in ${suffix}; core adds ${PARTNER_PREFIX} itself, so requests would go to …${suffix}${PARTNER_PREFIX}/… (the checks below use ${repaired}).`,
        fix: `Set RAMP_BASE_URL=${repaired}`,
      },
    }
  }
  return {
    usable: shown,
    shown,
    check: {
      id,
      title,
      status: 'pass',
      detail: `${shown} (partner routes at ${shown}${PARTNER_PREFIX})`,
    },
  }
}

/** Checks the key's presence, shape and prefix against the address's apparent environment. */
export function checkKeyPrefix(
  apiKey: string | undefined,
  baseUrl: string | undefined,
): { check: Omit<DoctorCheck, 'durationMs'>; environment: RampEnvironment | undefined } {
  const id = 'key.prefix'
  const title = 'API key prefix'
  const key = apiKey?.trim()
  if (!key) {
    return {
      environment: undefined,
      check: {
        id,
        title,
        status: 'fail',
        detail: 'RAMP_API_KEY is not set.',
        fix: 'Set RAMP_API_KEY (or --api-key) on the server to the partner key from the console; never ship it to a browser.',
      },
    }
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return {
      environment: undefined,
      check: {
        id,
        title,
        status: 'fail',
        detail: 'The key contains spaces or characters an HTTP header cannot carry.',
        fix: 'Copy the key again from the console, without quotes or line breaks.',
      },
    }
  }
  const environment = environmentOfKey(key)
  if (!environment) {
    return {
      environment,
      check: {
        id,
        title,
        status: 'fail',
        detail: `The key has neither the sandbox prefix ${KEY_PREFIXES.sandbox} nor the production prefix ${KEY_PREFIXES.production}.`,
        fix: 'Copy the whole partner API key from the console; a webhook secret or a session secret is not a key.',
      },
    }
  }
  const host = baseUrl ? new URL(baseUrl).hostname : ''
  const sandboxHost = isLoopback(host) || /sandbox|staging|test/i.test(host)
  if (environment === 'production' && sandboxHost) {
    return {
      environment,
      check: {
        id,
        title,
        status: 'fail',
        detail: `An ${KEY_PREFIXES.production} (production) key against ${host}, which looks like a sandbox.`,
        fix: `Use an ${KEY_PREFIXES.sandbox} key with the sandbox address, or the production address with this key: keys are not interchangeable.`,
      },
    }
  }
  return {
    environment,
    check: {
      id,
      title,
      status: 'pass',
      detail: `${KEY_PREFIXES[environment]}… (${environment})${key !== apiKey ? '; surrounding whitespace is trimmed' : ''}`,
    },
  }
}

/**
 * Runs every check of `rampkit doctor` against the service the parameters point at and returns
 * the report; it never throws for a failed check, and no string in it holds the key or the
 * webhook secret.
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
  const secrets = [parameters.apiKey, parameters.webhookSecret]
    .flatMap((value) => (value ? [value, value.trim()] : []))
    .filter((value) => value.length > 0)
  const checks: DoctorCheck[] = []
  const progress = (message: string) => parameters.onProgress?.(redactSecrets(message, secrets))
  const add = (check: Omit<DoctorCheck, 'durationMs'>, started: number) => {
    const done = redactDeep(
      { ...check, durationMs: Math.round(performance.now() - started) },
      secrets,
    )
    checks.push(done)
    parameters.onCheck?.(done)
    return done
  }
  const skip = (id: string, title: string, reason: string) =>
    add({ id, title, status: 'skip', detail: 'not run', fix: reason }, performance.now())

  const baseFetch = parameters.fetch ?? fetch
  const timeoutMs = parameters.timeoutMs ?? 10_000

  let started = performance.now()
  const base = checkBaseUrl(parameters.baseUrl)
  const key = checkKeyPrefix(parameters.apiKey, base.usable)
  add(key.check, started)
  add(base.check, started)

  // The raw body of the last answer per path: drift compares what the service sent, not what
  // core's schema made of it.
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

  // The key: the full catalog is the first read (its corridors steer every later check).
  started = performance.now()
  let keyAccepted = false
  let catalogResult: { data?: unknown; error?: unknown } = {}
  if (!client) {
    skip('key.accepted', 'API key accepted', 'Fix the key prefix and base address above first.')
  } else {
    progress('asking the service for the catalog…')
    try {
      catalogResult = { data: await getCatalog(client, {}) }
    } catch (error) {
      catalogResult = { error }
    }
    const error = catalogResult.error
    const reached = `${base.usable}${PARTNER_PREFIX}/catalog`
    if (!error || (error instanceof UnexpectedResponseError && error.status < 300)) {
      keyAccepted = true
      add(
        {
          id: 'key.accepted',
          title: 'API key accepted',
          status: 'pass',
          detail: `the service answered GET ${PARTNER_PREFIX}/catalog with this ${key.environment} key`,
        },
        started,
      )
    } else if (error instanceof RampApiError && error.status === 401) {
      add(
        {
          id: 'key.accepted',
          title: 'API key accepted',
          status: 'fail',
          detail: `the service refused the key: ${describeError(error)}`,
          fix: `Copy the key again from the ${key.environment} console for ${base.usable}; a key revoked or rotated, or one from the other environment, is refused.`,
        },
        started,
      )
    } else if (error instanceof RampApiError && error.status === 403) {
      add(
        {
          id: 'key.accepted',
          title: 'API key accepted',
          status: 'fail',
          detail: `the key is known but may not use partner routes: ${describeError(error)}`,
          fix: 'Ask the ramp service to enable partner API access (and the corridors you need) for this key.',
        },
        started,
      )
    } else if (error instanceof RampApiError) {
      add(
        {
          id: 'key.accepted',
          title: 'API key accepted',
          status: 'fail',
          detail: `GET ${reached} answered ${describeError(error)}${error.fromEnvelope ? '' : ' (not the service’s envelope)'}`,
          fix: 'Point RAMP_BASE_URL at the ramp service itself (scheme and host; core adds /api/v1/partner).',
        },
        started,
      )
    } else {
      add(
        {
          id: 'key.accepted',
          title: 'API key accepted',
          status: 'fail',
          detail: `could not reach ${base.usable}: ${describeError(error)}`,
          fix: 'Check RAMP_BASE_URL’s host and port, and that the service is up (`pnpm sandbox` for the local one).',
        },
        started,
      )
    }
  }

  // Discovery reads, each compared with core's schema.
  const prefix = base.usable ? new URL(base.usable).pathname.replace(/\/$/, '') : ''
  const corridors = corridorsOfCatalog(
    catalogResult.data ?? rawData(`${prefix}${PARTNER_PREFIX}/catalog`),
  ).filter((corridor) => corridor.enabled)
  const first = corridors[0]
  const bankCorridor = corridors.find((corridor) =>
    corridor.rails.some((rail) => rail.type === 'bank' && rail.enabled),
  )
  const currencies = [...new Set(corridors.map((corridor) => corridor.currency))].filter(Boolean)
  for (const [id, route, schema] of DISCOVERY) {
    const title = route
    if (!client || !keyAccepted) {
      skip(id, title, 'Needs an accepted key.')
      continue
    }
    started = performance.now()
    const path = `${prefix}${route.startsWith('GET /meta') ? '' : '/api/v1'}${route.slice(4)}`
    let call: (() => Promise<unknown>) | undefined
    let asked = ''
    const c = client
    if (id === 'discovery.catalog') {
      call = async () => {
        if (catalogResult.error) throw catalogResult.error
        return catalogResult.data
      }
    } else if (id === 'discovery.rates') {
      const fiat = currencies.length ? currencies.slice(0, 10) : ['KES']
      asked = `fiat=${fiat.join(',')}`
      call = () => getIndicativeRates(c, { fiat })
    } else if (id === 'discovery.corridors') {
      const country = first?.country ?? 'KE'
      asked = `country=${country}`
      call = () => getCorridors(c, { country })
    } else if (id === 'discovery.payment-methods') {
      const q = { country: first?.country ?? 'KE', currency: first?.currency || 'KES' }
      asked = `country=${q.country}&currency=${q.currency}`
      call = () => getPaymentMethods(c, q)
    } else if (id === 'discovery.order-requirements') {
      const q = {
        country: first?.country ?? 'KE',
        currency: first?.currency || 'KES',
        order_type: first?.orderType ?? 'OnRamp',
        ...(first?.rails[0] ? { payment_method_type: first.rails[0].type } : {}),
      }
      asked = new URLSearchParams(q).toString()
      call = () => getOrderRequirements(c, q)
    } else if (id === 'discovery.banks') {
      if (!bankCorridor) {
        add(
          {
            id,
            title,
            status: 'skip',
            detail: 'not run',
            fix: 'The catalog lists no bank rail for this key.',
          },
          started,
        )
        continue
      }
      const q = {
        country: bankCorridor.country,
        currency: bankCorridor.currency,
        order_type: bankCorridor.orderType,
        payment_method_type: 'bank',
      }
      asked = new URLSearchParams(q).toString()
      call = () => getBanks(c, q)
    } else if (id === 'discovery.tokens') {
      call = () => getTokens(c)
    }
    if (!call) continue
    progress(`${route}…`)
    let error: unknown
    try {
      await call()
    } catch (caught) {
      error = caught
    }
    const where = asked ? `${route}?${asked}` : route
    if (error && !(error instanceof UnexpectedResponseError && error.status < 300)) {
      add(
        {
          id,
          title,
          status: 'fail',
          detail: `${where} answered ${describeError(error)}`,
          fix:
            error instanceof RampApiError && error.status === 503
              ? 'The service has this corridor listed but not configured: ask the ramp service to configure it for your key, or leave it out of your app.'
              : 'Retry; if it keeps failing, send this line (it holds no secret) to the ramp service.',
        },
        started,
      )
      continue
    }
    const drift = shapeDrift(schema, rawData(path))
    if (error || drift.missing.length > 0) {
      add(
        {
          id,
          title,
          status: 'fail',
          detail: `${where}: the answer does not match @rampkit/core’s schema (shape drift)`,
          fix: 'Update @rampkit/core; if you have the latest, report these fields to rampkit: core must read the service’s form before your checkout can.',
          lines: [
            ...drift.missing.map((field) => `missing (core expects it): ${field}`),
            ...drift.unknown.map((field) => `unknown (core does not read it): ${field}`),
            ...(error instanceof UnexpectedResponseError
              ? error.issues
                  .slice(0, 5)
                  .map((issue) => `core: ${issue.field || '(data)'} ${issue.message}`)
              : []),
          ],
        },
        started,
      )
      continue
    }
    add(
      {
        id,
        title,
        status: 'pass',
        detail: `${where} parsed by core${drift.unknown.length ? `; ${drift.unknown.length} field(s) core does not read` : ''}`,
        lines: drift.unknown.length
          ? drift.unknown.map((field) => `unknown (core does not read it): ${field}`)
          : undefined,
      },
      started,
    )
  }

  // Corridors and rails of this key.
  started = performance.now()
  if (!keyAccepted) {
    skip('corridors', 'Corridors and rails', 'Needs an accepted key.')
  } else if (corridors.length === 0) {
    add(
      {
        id: 'corridors',
        title: 'Corridors and rails',
        status: 'fail',
        detail: 'the catalog lists no enabled corridor for this key',
        fix: 'Ask the ramp service to enable the corridors you need (e.g. KE OnRamp) for this key.',
      },
      started,
    )
  } else {
    const lines: string[] = []
    for (const corridor of corridors) {
      for (const rail of corridor.rails.filter((item) => item.enabled)) {
        const networks = rail.providers.length
          ? rail.providers
              .map(
                (provider) =>
                  `${provider.name} ${provider.id} ${provider.min ?? '?'}–${provider.max ?? '?'} ${provider.currency ?? corridor.currency}`,
              )
              .join('; ')
          : 'networks from GET /partner/banks'
        lines.push(
          `${corridor.country}/${corridor.currency} ${corridor.orderType} ${rail.type}: ${networks}`,
        )
      }
    }
    add(
      {
        id: 'corridors',
        title: 'Corridors and rails',
        status: 'pass',
        detail: `${corridors.length} corridor direction(s); network ids belong to this environment (re-read them after a sandbox reset, never hard-code them)`,
        lines,
      },
      started,
    )
  }

  // The webhook secret, by the service's signed test route.
  started = performance.now()
  const secret = parameters.webhookSecret?.trim()
  if (!secret) {
    add(
      {
        id: 'webhook.secret',
        title: 'Webhook secret',
        status: 'fail',
        detail: 'RAMP_WEBHOOK_SECRET is not set.',
        fix: 'Set RAMP_WEBHOOK_SECRET (or --webhook-secret) to the webhook_secret of this key in the console.',
      },
      started,
    )
  } else if (!base.usable) {
    skip('webhook.secret', 'Webhook secret', 'Fix the base address above first.')
  } else {
    progress('POST /webhooks/test…')
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
        baseUrl: base.usable,
        fetch: baseFetch,
        timeoutMs,
      })
      const result = await sendTestWebhook(keyless, { body, headers })
      add(
        {
          id: 'webhook.secret',
          title: 'Webhook secret',
          status: 'pass',
          detail: `the service verified a delivery signed with it (event ${result.event})`,
        },
        started,
      )
    } catch (error) {
      const reason = reasonOf(error)
      add(
        {
          id: 'webhook.secret',
          title: 'Webhook secret',
          status: 'fail',
          detail: `POST /webhooks/test answered ${describeError(error)}${reason ? ` (${reason})` : ''}`,
          fix:
            reason === 'timestamp_out_of_tolerance'
              ? 'This machine’s clock is more than 5 minutes off: sync it (NTP); your server’s verification would refuse real deliveries too.'
              : error instanceof RampApiError && error.status === 401
                ? 'RAMP_WEBHOOK_SECRET is not the webhook_secret of this key: copy it again from the console (the whole value, no quotes or spaces).'
                : error instanceof RampError && !(error instanceof RampApiError)
                  ? firstLine(error.message)
                  : 'Check RAMP_BASE_URL; retry, and if it keeps failing send this line to the ramp service.',
        },
        started,
      )
    }
  }

  // The partner's mounted kit: a signed delivery is taken, a forged one refused.
  if (parameters.webhookUrl !== undefined) {
    await checkWebhookUrl(parameters.webhookUrl, secret, baseFetch, timeoutMs, add, progress)
  }

  // One sandbox order with the documented success values.
  if (parameters.order) {
    started = performance.now()
    const title = 'Sandbox order to settled'
    if (!client || !keyAccepted) {
      skip('order', title, 'Needs an accepted key.')
    } else if (key.environment !== 'sandbox') {
      skip(
        'order',
        title,
        `--order places a real order: it runs with ${KEY_PREFIXES.sandbox} keys only.`,
      )
    } else {
      add(await placeOrder(client, corridors, parameters, progress), started)
    }
  }

  const summary = {
    passed: checks.filter((check) => check.status === 'pass').length,
    failed: checks.filter((check) => check.status === 'fail').length,
    skipped: checks.filter((check) => check.status === 'skip').length,
  }
  return {
    ok: summary.failed === 0,
    environment: key.environment ?? null,
    baseUrl: base.shown ? redactSecrets(base.shown, secrets) : null,
    summary,
    checks,
  }
}

async function checkWebhookUrl(
  webhookUrl: string,
  secret: string | undefined,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  add: (check: Omit<DoctorCheck, 'durationMs'>, started: number) => DoctorCheck,
  progress: (message: string) => void,
): Promise<void> {
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

async function placeOrder(
  client: RampClient,
  corridors: Corridor[],
  parameters: RunDoctorParameters,
  progress: (message: string) => void,
): Promise<Omit<DoctorCheck, 'durationMs'>> {
  const id = 'order'
  const title = 'Sandbox order to settled'
  const onramp = corridors.filter((corridor) => corridor.orderType === 'OnRamp')
  // The documented success values: mobile money's success phone first, then the bank's success
  // account (a sandbox may refuse one form; the other is just as documented).
  type Choice = {
    corridor: Corridor
    rail: Rail
    provider: Provider
    phone?: string
    account?: string
  }
  const choices: Choice[] = []
  for (const corridor of onramp) {
    const dial = SUCCESS_PHONE_DIAL[corridor.country]
    const rail = corridor.rails.find((item) => item.type === 'mobile_money' && item.enabled)
    const provider = rail?.providers[0]
    if (dial && rail && provider) {
      choices.push({ corridor, rail, provider, phone: `+${dial}1111111111` })
      break
    }
  }
  for (const corridor of onramp) {
    const rail = corridor.rails.find((item) => item.type === 'bank' && item.enabled)
    const provider = rail?.providers[0]
    if (rail && provider) {
      choices.push({ corridor, rail, provider, account: SUCCESS_ACCOUNT_NUMBER })
      break
    }
  }
  if (choices.length === 0) {
    return {
      id,
      title,
      status: 'fail',
      detail: 'the catalog lists no on-ramp mobile money or bank network to order on',
      fix: 'Ask the ramp service to enable an on-ramp corridor (e.g. KE mobile money) for this key.',
    }
  }
  const notes: string[] = []
  let last: (Omit<DoctorCheck, 'durationMs'> & { refusedValue?: boolean }) | undefined
  for (const choice of choices) {
    last = await orderWith(client, choice, parameters, progress)
    if (last.status === 'pass' || !last.refusedValue) break
    notes.push(
      `refused the documented ${choice.phone ? `success phone ${choice.phone}` : `success account ${choice.account}`}: ${last.detail}`,
    )
  }
  const result = { ...(last as Omit<DoctorCheck, 'durationMs'> & { refusedValue?: boolean }) }
  delete result.refusedValue
  return notes.length ? { ...result, lines: [...notes, ...(result.lines ?? [])] } : result
}

async function orderWith(
  client: RampClient,
  choice: { corridor: Corridor; rail: Rail; provider: Provider; phone?: string; account?: string },
  parameters: RunDoctorParameters,
  progress: (message: string) => void,
): Promise<Omit<DoctorCheck, 'durationMs'> & { refusedValue?: boolean }> {
  const id = 'order'
  const title = 'Sandbox order to settled'
  const { corridor, rail, provider } = choice
  const min = provider.min ?? 0
  const max = provider.max ?? Number.POSITIVE_INFINITY
  const amount = Math.min(Math.ceil(Math.max(1500, min)), Math.floor(max))
  const what = `${corridor.country} ${rail.type} ${provider.name}, ${amount} ${corridor.currency}`
  let step = 'quote'
  try {
    progress(`order: quote (${what})…`)
    const quote = await createQuote(client, {
      order_type: 'OnRamp',
      country: corridor.country,
      currency: corridor.currency,
      local_amount: amount,
      // The documented sandbox asset (USDC on Base); a local sandbox maps it onto its test token.
      asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
      wallet_address: parameters.wallet ?? DEFAULT_WALLET,
      payment_method: {
        type: rail.type,
        network_id: provider.id,
        ...(choice.phone ? { phone_number: choice.phone } : {}),
        ...(choice.account ? { account_number: choice.account, account_name: 'Jane Doe' } : {}),
      },
      customer: {
        uid: `rampkit-doctor-${crypto.randomUUID()}`,
        type: 'user',
        name: 'Jane Doe',
        country: corridor.country,
        dob: '01/15/1990',
        email: 'jane.doe@example.com',
      },
    })
    step = 'accept'
    progress(`order: accept quote ${quote.quote_id}…`)
    const accepted = await acceptQuote(client, { quote_id: quote.quote_id })
    step = 'backup GET'
    const deadline = Date.now() + (parameters.orderTimeoutMs ?? 90_000)
    const began = Date.now()
    let status = accepted.status ?? 'processing'
    while (!isFinalOrderStatus(status)) {
      if (Date.now() > deadline) {
        return {
          id,
          title,
          status: 'fail',
          detail: `order ${accepted.order_id} (${what}) still ${status} after ${Math.round((Date.now() - began) / 1000)} s`,
          fix: 'Use the documented success values (the sandbox may leave other values pending); if you did, ask the ramp service why this order does not move.',
        }
      }
      progress(
        `order ${accepted.order_id}: ${status} (${Math.round((Date.now() - began) / 1000)} s)`,
      )
      await new Promise((resolve) => setTimeout(resolve, parameters.pollIntervalMs ?? 1_000))
      status = (await getPartnerOrder(client, { order_id: accepted.order_id })).status
    }
    const seconds = ((Date.now() - began) / 1000).toFixed(1)
    return status === 'settled'
      ? {
          id,
          title,
          status: 'pass',
          detail: `quote ${quote.quote_id} → order ${accepted.order_id} settled in ${seconds} s (${what}; read by the backup GET)`,
        }
      : {
          id,
          title,
          status: 'fail',
          detail: `order ${accepted.order_id} (${what}) ended ${status}, not settled`,
          fix: 'The documented success values did not settle: the sandbox may be forcing failures (check its controls), or the test values changed; ask the ramp service.',
        }
  } catch (error) {
    return {
      id,
      title,
      status: 'fail',
      detail: `${step} failed (${what}): ${describeError(error)}${error instanceof RampApiError && error.field ? ` (field ${error.field})` : ''}`,
      refusedValue:
        step === 'quote' &&
        error instanceof RampApiError &&
        (error.field === 'payment_method.phone_number' ||
          error.field === 'payment_method.account_number'),
      fix:
        step === 'quote'
          ? 'Compare the quote with GET /partner/order-requirements for this corridor; the field named is the one to fix.'
          : 'Retry; if it keeps failing send this line to the ramp service.',
    }
  }
}
