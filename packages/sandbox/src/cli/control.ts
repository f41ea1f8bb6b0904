// `ramp-sandbox control <action>`: drives a running sandbox through its admin route
// (`/__sandbox`; the docs' "The sandbox in detail", Controls). Light on purpose: fetch only, no
// server modules.

/** The sandbox a control talks to when neither `--url` nor `RAMP_SANDBOX_URL` says otherwise. */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010'

/** Real ms a control waits for the sandbox's answer. */
const TIMEOUT_MS = 30_000

type Parsed = { args: string[]; flags: Map<string, string> }

/** One admin call: method, path under `/__sandbox`, JSON body. */
export type ControlRequest = {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  body?: Record<string, unknown>
}

// biome-ignore lint/suspicious/noExplicitAny: envelope data is read loosely for the one-line summary
type Data = any

type ActionSpec = {
  name: string
  usage: string
  help: string
  /** Positional arguments: [required, optional]. */
  arity: [number, number]
  flags: readonly string[]
  request(parsed: Parsed): ControlRequest
  line(data: Data, parsed: Parsed): string
}

/** A bad action, argument or option; the CLI prints it and exits with 2. */
export class ControlUsageError extends Error {
  override name = 'ControlUsageError'
}

/**
 * A duration: a number with an optional unit (`ms`, `s`, `m`, `h`); a bare number is in
 * `unit`. Returns milliseconds.
 */
function duration(label: string, raw: string, unit: 'ms' | 's'): number {
  const match = /^(\d{1,12}(?:\.\d{1,3})?)(ms|s|m|h)?$/.exec(raw.trim())
  if (!match) {
    throw new ControlUsageError(
      `${label} must be a duration such as 90 (${unit === 's' ? 'seconds' : 'ms'}), 1500ms, 30s, 2m or 1h; got "${raw}"`,
    )
  }
  const factor = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? unit] ?? 1
  return Math.round(Number(match[1]) * factor)
}

function integer(label: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw.trim())) {
    throw new ControlUsageError(`${label} must be a whole number, got "${raw}"`)
  }
  return Number(raw)
}

function human(ms: number): string {
  if (ms % 3_600_000 === 0 && ms > 0) return `${ms / 3_600_000} h`
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000} min`
  if (ms % 1_000 === 0) return `${ms / 1_000} s`
  return `${ms} ms`
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

const OUTCOME_WORDS = { settle: 'settle', fail: 'fail', refund: 'be refunded' } as const

function nextOrder(outcome: 'settle' | 'fail' | 'refund'): ActionSpec {
  return {
    name: `${outcome}-next-order`,
    usage: `${outcome}-next-order`,
    help: `the key's next order ends ${outcome === 'settle' ? 'settled' : outcome === 'fail' ? 'failed' : 'refunded'} (POST /orders/next)`,
    arity: [0, 0],
    flags: [],
    request: () => ({ method: 'POST', path: '/orders/next', body: { outcome } }),
    line: () => `The next order of this key will ${OUTCOME_WORDS[outcome]}`,
  }
}

function orderAction(action: 'settle' | 'fail' | 'refund'): ActionSpec {
  return {
    name: `${action}-order`,
    usage: `${action}-order <order_id>`,
    help: `${action === 'settle' ? 'settles' : action === 'fail' ? 'fails' : 'refunds'} one order now (POST /orders/{order_id}/${action})`,
    arity: [1, 1],
    flags: [],
    request: ({ args }) => ({
      method: 'POST',
      path: `/orders/${encodeURIComponent(args[0]!)}/${action}`,
    }),
    line: (data, { args }) => `Order ${data?.order_id ?? args[0]} is now ${data?.status ?? action}`,
  }
}

function webhookControl(parsed: Parsed, delayMs: number | undefined, duplicates?: number) {
  const body: Record<string, unknown> = {}
  const event = parsed.flags.get('event')
  if (event !== undefined) body.event = event
  if (delayMs !== undefined) body.delay_ms = delayMs
  if (duplicates !== undefined) body.duplicates = duplicates
  return { method: 'POST', path: '/webhooks/next', body } as const
}

function webhookLine(data: Data): string {
  const what = `The next${data?.event ? ` ${data.event}` : ''} webhook of this key`
  const parts: string[] = []
  if (data?.delay_ms > 0) parts.push(`is held ${human(data.delay_ms)} of sandbox time`)
  if (data?.duplicates > 0) {
    // As the service's own retries: an order event's copies carry fresh ids, others their own.
    const ids =
      typeof data?.event !== 'string'
        ? 'a fresh X-Webhook-Id for an order event, the same for others'
        : data.event.startsWith('order.')
          ? 'a fresh X-Webhook-Id each time'
          : 'same X-Webhook-Id'
    parts.push(`is sent ${plural(data.duplicates, 'more time')} after it succeeds (${ids})`)
  }
  return parts.length ? `${what} ${parts.join(' and ')}` : `${what} goes out as usual`
}

/** Every control action, in `--help` order. Names follow the admin route's words. */
export const CONTROL_ACTIONS: readonly ActionSpec[] = [
  nextOrder('fail'),
  nextOrder('refund'),
  nextOrder('settle'),
  orderAction('settle'),
  orderAction('fail'),
  orderAction('refund'),
  {
    name: 'fault',
    usage: 'fault <502|429|503> [--retry-after S] [--count N] [--path P] [--method M]',
    help: 'the next matching calls answer that status; Retry-After on 429 and 503 (POST /faults)',
    arity: [1, 1],
    flags: ['retry-after', 'count', 'path', 'method'],
    request({ args, flags }) {
      const status = Number(args[0])
      if (status !== 429 && status !== 502 && status !== 503) {
        throw new ControlUsageError(`fault status must be 502, 429 or 503, got "${args[0]}"`)
      }
      const body: Record<string, unknown> = { status }
      const retryAfter = flags.get('retry-after')
      if (retryAfter !== undefined) body.retry_after = integer('--retry-after', retryAfter)
      const count = flags.get('count')
      if (count !== undefined) body.count = integer('--count', count)
      const path = flags.get('path')
      if (path !== undefined) {
        if (!path.startsWith('/')) throw new ControlUsageError('--path must start with /')
        body.path = path
      }
      const method = flags.get('method')
      if (method !== undefined) body.method = method.toUpperCase()
      return { method: 'POST', path: '/faults', body }
    },
    line(data, { flags }) {
      const count = Number(flags.get('count') ?? 1)
      const scope = [flags.get('method')?.toUpperCase(), flags.get('path')]
        .filter(Boolean)
        .join(' ')
      const calls = `${count === 1 ? 'The next' : `The next ${count}`}${scope ? ` ${scope}` : ''} ${count === 1 ? 'call answers' : 'calls answer'} ${data?.status}`
      return data?.status === 502
        ? calls
        : `${calls} with Retry-After: ${flags.get('retry-after') ?? 1}`
    },
  },
  {
    name: 'delay-next-webhook',
    usage: 'delay-next-webhook <ms> [--event E] [--duplicates N]',
    help: "holds the key's next delivery (of event E) for sandbox time: 60000, 60s, 5m (POST /webhooks/next delay_ms)",
    arity: [1, 1],
    flags: ['event', 'duplicates'],
    request(parsed) {
      const duplicates = parsed.flags.get('duplicates')
      return webhookControl(
        parsed,
        duration('delay', parsed.args[0]!, 'ms'),
        duplicates === undefined ? undefined : integer('--duplicates', duplicates),
      )
    },
    line: webhookLine,
  },
  {
    name: 'duplicate-next-webhook',
    usage: 'duplicate-next-webhook [N] [--event E] [--delay MS]',
    help: "sends the key's next delivery (of event E) N more times, default 1 (POST /webhooks/next duplicates)",
    arity: [0, 1],
    flags: ['event', 'delay'],
    request(parsed) {
      const delay = parsed.flags.get('delay')
      return webhookControl(
        parsed,
        delay === undefined ? undefined : duration('--delay', delay, 'ms'),
        integer('duplicates', parsed.args[0] ?? '1'),
      )
    },
    line: webhookLine,
  },
  {
    name: 'advance',
    usage: 'advance <seconds>',
    help: 'moves the sandbox clock forward (90, 1500ms, 2m, 1h) and runs what became due (POST /clock/advance)',
    arity: [1, 1],
    flags: [],
    request: ({ args }) => ({
      method: 'POST',
      path: '/clock/advance',
      body: { ms: duration('advance', args[0]!, 's') },
    }),
    line: (data, { args }) =>
      `Clock advanced ${human(duration('advance', args[0]!, 's'))}; sandbox time is ${data?.now}`,
  },
  {
    name: 'clock',
    usage: 'clock',
    help: 'sandbox time, speed and pending jobs (GET /clock)',
    arity: [0, 0],
    flags: [],
    request: () => ({ method: 'GET', path: '/clock' }),
    line(data) {
      const pending: { at: string; label: string }[] = Array.isArray(data?.pending)
        ? data.pending
        : []
      const next = pending[0] ? ` (next: ${pending[0].label} at ${pending[0].at})` : ''
      return `Sandbox time ${data?.now}, speed ${data?.speed}, ${plural(pending.length, 'pending job')}${next}`
    },
  },
  {
    name: 'webhook-endpoint',
    usage: 'webhook-endpoint <url|none> [--secret S]',
    help: "sets the key's webhook URL (none: deliveries are logged, not sent) and signing secret (PUT /webhooks/endpoint)",
    arity: [0, 1],
    flags: ['secret'],
    request({ args, flags }) {
      const body: Record<string, unknown> = {}
      const url = args[0]
      if (url !== undefined) body.url = url === 'none' ? null : url
      if (flags.has('secret')) body.secret = flags.get('secret')
      if (Object.keys(body).length === 0) {
        throw new ControlUsageError('webhook-endpoint needs a URL (or none), --secret, or both')
      }
      return { method: 'PUT', path: '/webhooks/endpoint', body }
    },
    line(data, { args, flags }) {
      const parts: string[] = []
      if (args[0] !== undefined) {
        parts.push(
          data?.url
            ? `Webhooks of this key go to ${data.url}`
            : 'Webhooks of this key are logged, not sent',
        )
      }
      // The secret itself is never printed.
      if (flags.has('secret'))
        parts.push(parts.length ? 'secret updated' : 'Webhook secret updated')
      return parts.join('; ')
    },
  },
  {
    name: 'deliveries',
    usage: 'deliveries [--event E]',
    help: "the key's delivery log: status, attempts, status codes (GET /webhooks/deliveries; --json for all of it)",
    arity: [0, 0],
    flags: ['event'],
    request({ flags }) {
      const event = flags.get('event')
      return {
        method: 'GET',
        path: `/webhooks/deliveries${event ? `?event=${encodeURIComponent(event)}` : ''}`,
      }
    },
    line(data) {
      const list: { event: string; status: string; attempts: unknown[] }[] = Array.isArray(
        data?.deliveries,
      )
        ? data.deliveries
        : []
      const counts = new Map<string, number>()
      for (const delivery of list)
        counts.set(delivery.status, (counts.get(delivery.status) ?? 0) + 1)
      const summary = [...counts].map(([status, count]) => `${count} ${status}`).join(', ')
      const last = list[list.length - 1]
      return `${plural(list.length, 'delivery', 'deliveries')}${summary ? `: ${summary}` : ''}${
        last
          ? ` (last: ${last.event}, ${last.status} after ${plural(last.attempts.length, 'attempt')})`
          : ''
      }`
    },
  },
  {
    name: 'credit',
    usage: 'credit <account_id> <amount> [--reference R]',
    help: 'credits a customer account and sends account.credited (POST /accounts/{account_id}/credit)',
    arity: [2, 2],
    flags: ['reference'],
    request({ args, flags }) {
      const body: Record<string, unknown> = { amount: args[1] }
      if (flags.has('reference')) body.reference = flags.get('reference')
      return {
        method: 'POST',
        path: `/accounts/${encodeURIComponent(args[0]!)}/credit`,
        body,
      }
    },
    line: (data, { args }) =>
      `Account ${data?.id ?? args[0]} credited ${args[1]} ${data?.currency}; available ${data?.balance?.available} ${data?.balance?.currency}`,
  },
  {
    name: 'send',
    usage: 'send <account_id> <amount> [--to 0x…] [--outcome completed|failed] [--reference R]',
    help: 'a stablecoin send out of an account: account.send.completed (paid on chain with --to) or account.send.failed (POST /accounts/{account_id}/sends)',
    arity: [2, 2],
    flags: ['to', 'outcome', 'reference'],
    request({ args, flags }) {
      const body: Record<string, unknown> = { amount: args[1] }
      for (const name of ['to', 'outcome', 'reference']) {
        if (flags.has(name)) body[name] = flags.get(name)
      }
      return { method: 'POST', path: `/accounts/${encodeURIComponent(args[0]!)}/sends`, body }
    },
    line(data, { args }) {
      const account = data?.account
      const tx = data?.transaction_hash ? ` (tx ${data.transaction_hash})` : ''
      const head =
        data?.status === 'failed'
          ? `Send failed: ${data?.reason}`
          : `Send completed: ${data?.amount} ${account?.currency ?? ''} from account ${account?.id ?? args[0]}${tx}`
      return `${head}; reference ${data?.reference}; available ${account?.balance?.available} ${account?.balance?.currency ?? ''}`.trim()
    },
  },
  {
    name: 'mint',
    usage: 'mint <token> <to> <amount>',
    help: 'mints test tokens (USDC, USDT, WXM or an address) on the sandbox chain (POST /mint)',
    arity: [3, 3],
    flags: [],
    request: ({ args }) => ({
      method: 'POST',
      path: '/mint',
      body: { token: args[0], to: args[1], amount: args[2] },
    }),
    line: (data, { args }) => `Minted ${args[2]} ${args[0]} to ${args[1]} (tx ${data?.tx})`,
  },
]

/** A control the CLI was asked to run. */
export type ControlCommand = {
  action: string
  url: string
  apiKey: string
  json: boolean
  request: ControlRequest
  line(data: unknown): string
}

const COMMON_FLAGS = ['url', 'api-key', 'json']

/**
 * Reads `control <action> [arguments] [--option value]` (`--name value` or `--name=value`). The
 * sandbox URL comes from `--url`, else `RAMP_SANDBOX_URL`, else http://127.0.0.1:4010; the key
 * from `--api-key`, else `RAMP_API_KEY`, else the first of `RAMP_SANDBOX_API_KEYS`.
 *
 * @example
 * parseControlArgs(['fault', '429', '--retry-after', '5'], { RAMP_API_KEY: 'is_test_a' })
 */
export function parseControlArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ControlCommand | { kind: 'help' } {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' }
  // Options may come before or after the action: every option but --json takes a value.
  const positional: string[] = []
  const flags = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') continue
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
    if (flag === 'json') {
      flags.set(flag, eq === -1 ? 'true' : arg.slice(eq + 1))
      continue
    }
    let value: string
    if (eq !== -1) value = arg.slice(eq + 1)
    else {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) {
        throw new ControlUsageError(`--${flag} needs a value`)
      }
      value = next
      i++
    }
    flags.set(flag, value)
  }
  const [name, ...args] = positional
  if (name === undefined) throw new ControlUsageError(`which action? One of: ${actionNames()}`)
  const spec = CONTROL_ACTIONS.find((entry) => entry.name === name)
  if (!spec) {
    throw new ControlUsageError(`unknown action "${name}"; actions: ${actionNames()}`)
  }
  const allowed = new Set([...COMMON_FLAGS, ...spec.flags])
  for (const flag of flags.keys()) {
    if (!allowed.has(flag)) {
      const options = [...spec.flags, ...COMMON_FLAGS].map((entry) => `--${entry}`).join(', ')
      throw new ControlUsageError(`${name} takes no --${flag}; its options: ${options}`)
    }
  }
  const [required, optional] = spec.arity
  if (args.length < required || args.length > optional) {
    throw new ControlUsageError(`usage: control ${spec.usage}`)
  }

  let parsedUrl: URL | undefined
  try {
    parsedUrl = new URL(flags.get('url') ?? nonBlank(env.RAMP_SANDBOX_URL) ?? DEFAULT_SANDBOX_URL)
  } catch {}
  if (!parsedUrl || !/^https?:$/.test(parsedUrl.protocol)) {
    throw new ControlUsageError('--url (or RAMP_SANDBOX_URL) must be an http(s) URL')
  }
  // Origin and path only: credentials or a query in the URL are neither sent nor printed. The
  // admin routes live at the sandbox's root, so a pasted API base address (`…/api/v1`, the
  // form the service publishes) means the same sandbox as its bare host.
  const url = `${parsedUrl.origin}${parsedUrl.pathname
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '')
    .replace(/\/+$/, '')}`
  const apiKey =
    flags.get('api-key') ??
    nonBlank(env.RAMP_API_KEY) ??
    nonBlank(env.RAMP_SANDBOX_API_KEYS?.split(',')[0])
  if (!apiKey) {
    throw new ControlUsageError(
      'needs a sandbox API key: --api-key K, or RAMP_API_KEY (better in CI: pnpm echoes flags)',
    )
  }
  if (!apiKey.startsWith('is_test_')) {
    throw new ControlUsageError(
      'the API key must be a sandbox key (is_test_...); it was not sent anywhere',
    )
  }
  const parsed = { args, flags }
  const request = spec.request(parsed)
  const json = flags.has('json') && flags.get('json') !== 'false' && flags.get('json') !== '0'
  return {
    action: name,
    url,
    apiKey,
    json,
    request,
    line: (data) => spec.line(data, parsed),
  }
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function actionNames(): string {
  return CONTROL_ACTIONS.map((entry) => entry.name).join(', ')
}

/** The control part of `--help`. */
export function controlHelpLines(): string[] {
  return [
    'Control a running sandbox (its admin route, /__sandbox):',
    '',
    '  npx ramp-sandbox control <action> [arguments] [--url URL] [--api-key K] [--json]',
    '',
    ...CONTROL_ACTIONS.flatMap((entry) => [`  ${entry.usage}`, `      ${entry.help}`]),
    '',
    `  --url URL                   the sandbox, with or without /api/v1 [RAMP_SANDBOX_URL; default: ${DEFAULT_SANDBOX_URL}]`,
    '  --api-key K                 the sandbox key whose user the action applies to',
    '                              [RAMP_API_KEY, else the first of RAMP_SANDBOX_API_KEYS]',
    "  --json                      print the admin route's data as one JSON line",
    '',
    'A control prints one line and exits 0; on failure it names the reason on stderr and exits',
    '1 (2 for a usage error). The API key is never printed; pass it by variable in CI logs.',
  ]
}

/** What a control run prints and its exit code. */
export type ControlResult = { code: 0 | 1; stdout?: string; stderr?: string }

/**
 * Replaces the key, and anything shaped like a ramp key, with `[api key]`: nothing a control
 * prints may carry one (CI logs keep stdout and stderr).
 */
export function redact(text: string, apiKey = ''): string {
  const plain = apiKey ? text.split(apiKey).join('[api key]') : text
  return plain.replace(/is_(?:test|live)_[A-Za-z0-9_-]+/g, '[api key]')
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return cause?.code ?? cause?.message ?? error.message
  }
  return String(error)
}

/**
 * Sends the control to the sandbox's admin route and says what happened in one line: the
 * summary (or the data as JSON with `--json`) on success, the reason on failure (sandbox not
 * reachable at the URL, or the admin route's own status and message passed through).
 */
export async function runControl(
  command: ControlCommand,
  doFetch: typeof fetch = fetch,
): Promise<ControlResult> {
  const target = `${command.url}/__sandbox${command.request.path}`
  const prefix = `ramp-sandbox control ${command.action}`
  const fail = (message: string): ControlResult => ({
    code: 1,
    stderr: redact(`${prefix}: ${message}\n`, command.apiKey),
  })
  let response: Response
  try {
    response = await doFetch(target, {
      method: command.request.method,
      headers: {
        'X-API-Key': command.apiKey,
        Accept: 'application/json',
        ...(command.request.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: command.request.body ? JSON.stringify(command.request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    })
  } catch (error) {
    return fail(
      `no sandbox reachable at ${command.url} (${describeNetworkError(error)}); start one with npx ramp-sandbox (pnpm sandbox in the rampkit repository), or point --url / RAMP_SANDBOX_URL at it`,
    )
  }
  const text = await response.text().catch(() => '')
  let envelope: { status?: unknown; message?: unknown; data?: unknown } | undefined
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && 'message' in parsed) envelope = parsed
  } catch {}
  if (!envelope) {
    return fail(
      `${command.url} answered HTTP ${response.status} without the sandbox's envelope; is it a rampkit sandbox?`,
    )
  }
  if (!response.ok) {
    const data =
      envelope.data === null || envelope.data === undefined
        ? ''
        : ` ${JSON.stringify(envelope.data)}`
    const hint = response.status === 401 ? ' (use a key the sandbox was started with)' : ''
    return fail(
      `the sandbox at ${command.url} answered ${response.status}: ${String(envelope.message)}${data}${hint}`,
    )
  }
  const stdout = command.json
    ? JSON.stringify(envelope.data ?? null)
    : command.line(envelope.data ?? null)
  return { code: 0, stdout: redact(`${stdout}\n`, command.apiKey) }
}
