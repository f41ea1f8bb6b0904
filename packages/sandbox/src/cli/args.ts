import type { StartSandboxOptions } from '../server.js'
import {
  type ControlCommand,
  ControlUsageError,
  controlHelpLines,
  parseControlArgs,
} from './control.js'

/** The CLI's flags, their environment variables and help lines (README lists the same). */
export const CLI_FLAGS = [
  {
    flag: 'port',
    env: 'RAMP_SANDBOX_PORT',
    help: 'port to listen on (0 = any free port)',
    value: 'N',
    default: '4010',
  },
  {
    flag: 'host',
    env: 'RAMP_SANDBOX_HOST',
    help: 'host to bind',
    value: 'H',
    default: '127.0.0.1',
  },
  {
    flag: 'api-key',
    env: 'RAMP_SANDBOX_API_KEYS',
    help: 'sandbox API key (repeatable; env: comma-separated; RAMP_API_KEY also read)',
    value: 'K',
    default: 'one generated is_test_ key',
  },
  {
    flag: 'webhook-url',
    env: 'RAMP_SANDBOX_WEBHOOK_URL',
    help: 'where webhooks of every key go',
    value: 'URL',
    default: 'none',
  },
  {
    flag: 'webhook-secret',
    env: 'RAMP_SANDBOX_WEBHOOK_SECRET',
    help: 'secret webhooks are signed with (RAMP_WEBHOOK_SECRET also read)',
    value: 'S',
    default: 'generated whsec_',
  },
  {
    flag: 'rpc-url',
    env: 'RAMP_SANDBOX_RPC_URL',
    help: 'use an existing chain instead of starting anvil',
    value: 'URL',
    default: 'start anvil',
  },
  {
    flag: 'anvil-port',
    env: 'RAMP_SANDBOX_ANVIL_PORT',
    help: 'port of the anvil it starts (0 = any free port; with --rpc-url it starts none)',
    value: 'N',
    default: '0',
  },
  {
    flag: 'speed',
    env: 'RAMP_SANDBOX_SPEED',
    help: 'sandbox clock speed (0 = frozen, advance by the admin route)',
    value: 'X',
    default: '1',
  },
  {
    flag: 'quote-ttl',
    env: 'RAMP_SANDBOX_QUOTE_TTL',
    help: 'binding quote time-to-live, sandbox seconds',
    value: 'S',
    default: '120',
  },
  {
    flag: 'settle-after',
    env: 'RAMP_SANDBOX_SETTLE_AFTER',
    help: 'processing -> settled, sandbox seconds',
    value: 'S',
    default: '3',
  },
  {
    flag: 'order-outcome',
    env: 'RAMP_SANDBOX_ORDER_OUTCOME',
    help: 'how an order without a sandbox test value ends: pending, settle, fail or refund',
    value: 'O',
    default: 'pending',
  },
  {
    flag: 'webhook-max-attempts',
    env: 'RAMP_SANDBOX_WEBHOOK_MAX_ATTEMPTS',
    help: 'attempts of an order webhook while the endpoint cannot be reached (1 to 3)',
    value: 'N',
    default: '3',
  },
  {
    flag: 'webhook-delay',
    env: 'RAMP_SANDBOX_WEBHOOK_DELAY',
    help: 'hold every delivery this many sandbox ms before its first attempt',
    value: 'MS',
    default: '0',
  },
  {
    flag: 'webhook-duplicates',
    env: 'RAMP_SANDBOX_WEBHOOK_DUPLICATES',
    help: 'send every delivery again N times after it succeeds (orders: fresh X-Webhook-Id)',
    value: 'N',
    default: '0',
  },
  {
    flag: 'signed-accepts',
    env: 'RAMP_SANDBOX_SIGNED_ACCEPTS',
    help: 'customer-signed accepts: quotes need customer_id, accepts an EIP-712 signature',
    value: '',
    default: 'off',
  },
  {
    flag: 'latency-ms',
    env: 'RAMP_SANDBOX_LATENCY_MS',
    help: 'wall-clock ms added before every answer, as a remote service would take',
    value: 'MS',
    default: '0',
  },
  {
    flag: 'quiet',
    env: 'RAMP_SANDBOX_QUIET',
    help: 'print only the RAMP_SANDBOX_READY line',
    value: '',
    default: 'off',
  },
] as const

/** What the CLI was asked to do. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'start'; options: StartSandboxOptions; quiet: boolean }
  | { kind: 'control'; control: ControlCommand }

/** A bad flag or value; the CLI prints the message and exits with 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError'
  /** The subcommand it concerns (`control`), for the message's prefix. */
  readonly command: string | undefined
  constructor(message: string, command?: string) {
    super(message)
    this.command = command
  }
}

function number(name: string, raw: string, min: number, max: number, integer = true): number {
  const value = Number(raw)
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new CliUsageError(
      `--${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got "${raw}"`,
    )
  }
  return value
}

/**
 * Reads the CLI's flags (`--name value` or `--name=value`) over its environment variables:
 * a flag wins over its variable. Each `--api-key` is a separate partner user.
 *
 * @example
 * parseCliArgs(['--port', '0', '--api-key', 'is_test_a', '--api-key', 'is_test_b'], {})
 */
export function parseCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliCommand {
  if (argv[0] === 'control') {
    try {
      const control = parseControlArgs(argv.slice(1), env)
      return 'kind' in control ? control : { kind: 'control', control }
    } catch (error) {
      if (error instanceof ControlUsageError) throw new CliUsageError(error.message, 'control')
      throw error
    }
  }
  const values = new Map<string, string[]>()
  const known = new Set<string>(CLI_FLAGS.map((entry) => entry.flag))
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') return { kind: 'help' }
    if (arg === '--') continue
    if (!arg.startsWith('--')) throw new CliUsageError(`Unexpected argument "${arg}"`)
    const eq = arg.indexOf('=')
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
    if (!known.has(name)) throw new CliUsageError(`Unknown flag --${name}; see --help`)
    let value: string
    if (name === 'quiet' || name === 'signed-accepts')
      value = eq === -1 ? 'true' : arg.slice(eq + 1)
    else if (eq !== -1) value = arg.slice(eq + 1)
    else {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--'))
        throw new CliUsageError(`--${name} needs a value`)
      value = next
      i++
    }
    values.set(name, [...(values.get(name) ?? []), value])
  }
  const get = (flag: string, envName: string, ...fallbacks: string[]): string | undefined => {
    const fromFlag = values.get(flag)
    if (fromFlag?.length) return fromFlag[fromFlag.length - 1]
    for (const name of [envName, ...fallbacks]) {
      const fromEnv = env[name]
      if (fromEnv !== undefined && fromEnv.trim() !== '') return fromEnv.trim()
    }
    return undefined
  }

  const options: StartSandboxOptions = {}
  const port = get('port', 'RAMP_SANDBOX_PORT')
  if (port !== undefined) options.port = number('port', port, 0, 65_535)
  const host = get('host', 'RAMP_SANDBOX_HOST')
  if (host !== undefined) options.host = host
  const keys =
    values.get('api-key') ??
    (env.RAMP_SANDBOX_API_KEYS ?? env.RAMP_API_KEY ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean)
  if (keys.length > 0) options.apiKeys = [...new Set(keys)]
  const webhookUrl = get('webhook-url', 'RAMP_SANDBOX_WEBHOOK_URL')
  if (webhookUrl !== undefined) {
    if (!/^https?:\/\/\S+$/.test(webhookUrl))
      throw new CliUsageError('--webhook-url must be an http(s) URL')
    options.webhookUrl = webhookUrl
  }
  const secret = get('webhook-secret', 'RAMP_SANDBOX_WEBHOOK_SECRET', 'RAMP_WEBHOOK_SECRET')
  if (secret !== undefined) options.webhookSecret = secret
  const rpcUrl = get('rpc-url', 'RAMP_SANDBOX_RPC_URL')
  if (rpcUrl !== undefined) {
    if (!/^(?:https?|wss?):\/\/\S+$/.test(rpcUrl))
      throw new CliUsageError('--rpc-url must be an http(s) or ws(s) URL')
    options.rpcUrl = rpcUrl
  }
  const anvilPort = get('anvil-port', 'RAMP_SANDBOX_ANVIL_PORT')
  if (anvilPort !== undefined) {
    if (rpcUrl !== undefined) {
      throw new CliUsageError(
        '--anvil-port and --rpc-url exclude each other: --rpc-url starts no anvil',
      )
    }
    options.anvilPort = number('anvil-port', anvilPort, 0, 65_535)
  }
  const speed = get('speed', 'RAMP_SANDBOX_SPEED')
  if (speed !== undefined) options.speed = number('speed', speed, 0, 1_000_000, false)
  const timings: NonNullable<StartSandboxOptions['timings']> = {}
  const ttl = get('quote-ttl', 'RAMP_SANDBOX_QUOTE_TTL')
  if (ttl !== undefined) timings.quoteTtlMs = number('quote-ttl', ttl, 1, 86_400, false) * 1000
  const settle = get('settle-after', 'RAMP_SANDBOX_SETTLE_AFTER')
  if (settle !== undefined)
    timings.settleAfterMs = number('settle-after', settle, 0, 86_400, false) * 1000
  if (Object.keys(timings).length > 0) options.timings = timings
  const outcome = get('order-outcome', 'RAMP_SANDBOX_ORDER_OUTCOME')
  if (outcome !== undefined) {
    if (
      outcome !== 'pending' &&
      outcome !== 'settle' &&
      outcome !== 'fail' &&
      outcome !== 'refund'
    ) {
      throw new CliUsageError('--order-outcome must be pending, settle, fail or refund')
    }
    options.orderOutcome = outcome
  }
  const attempts = get('webhook-max-attempts', 'RAMP_SANDBOX_WEBHOOK_MAX_ATTEMPTS')
  if (attempts !== undefined)
    options.webhookMaxAttempts = number('webhook-max-attempts', attempts, 1, 3)
  const delay = get('webhook-delay', 'RAMP_SANDBOX_WEBHOOK_DELAY')
  if (delay !== undefined) options.webhookDelayMs = number('webhook-delay', delay, 0, 86_400_000)
  const duplicates = get('webhook-duplicates', 'RAMP_SANDBOX_WEBHOOK_DUPLICATES')
  if (duplicates !== undefined)
    options.webhookDuplicates = number('webhook-duplicates', duplicates, 0, 10)
  if (isOn(get('signed-accepts', 'RAMP_SANDBOX_SIGNED_ACCEPTS'))) options.signedAccepts = true
  const latency = get('latency-ms', 'RAMP_SANDBOX_LATENCY_MS')
  if (latency !== undefined) options.latencyMs = number('latency-ms', latency, 0, 60_000)
  const quiet = get('quiet', 'RAMP_SANDBOX_QUIET')
  return {
    kind: 'start',
    options,
    quiet: isOn(quiet),
  }
}

/** A switch flag or its variable: on unless absent, `false` or `0`. */
function isOn(value: string | undefined): boolean {
  return value !== undefined && value !== 'false' && value !== '0'
}

/** The `--help` text. */
export function helpText(): string {
  const lines = CLI_FLAGS.map((entry) => {
    const left = `  --${entry.flag}${entry.value ? ` ${entry.value}` : ''}`
    return `${left.padEnd(30)}${entry.help} [${entry.env}; default: ${entry.default}]`
  })
  return [
    'ramp-sandbox: the ramp service on your machine, on a local chain.',
    '',
    'Usage: npx ramp-sandbox [flags]',
    '       npx ramp-sandbox control <action> [arguments] [--url URL] [--api-key K] [--json]',
    '(installed with npm i -D @rampkit/sandbox; in the rampkit repository: pnpm sandbox ...)',
    '',
    ...lines,
    '',
    'Prints RAMP_SANDBOX_READY {json} when ready. SIGINT/SIGTERM stop the server and anvil.',
    '',
    ...controlHelpLines(),
  ].join('\n')
}
