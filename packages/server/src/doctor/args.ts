import type { DoctorKitSettings } from './checks/production.js'
import type { RunDoctorParameters } from './types.js'

/** A command line the doctor cannot run; the CLI prints it and exits 2. */
export class DoctorUsageError extends Error {
  override name = 'DoctorUsageError'
}

export type DoctorCommand =
  | { kind: 'help' }
  | {
      kind: 'doctor'
      parameters: RunDoctorParameters
      json: boolean
      /** `undefined`: colour when stdout is a terminal and `NO_COLOR` is unset. */
      colour: boolean | undefined
    }

const VALUE_FLAGS = {
  '--api-key': 'apiKey',
  '--base-url': 'baseUrl',
  '--webhook-secret': 'webhookSecret',
  '--webhook-url': 'webhookUrl',
  '--wallet': 'wallet',
  '--timeout': 'timeoutMs',
  '--order-timeout': 'orderTimeoutMs',
} as const

export function helpText(): string {
  return [
    'Usage: rampkit doctor [options]',
    '',
    'Checks that a partner key, webhook secret and base address work with rampkit, each as one',
    'line with ✓ or ✗ and the fix. Exit code 0 when nothing failed, 1 when a check failed, 2 for',
    'a bad command line.',
    '',
    'Reads RAMP_API_KEY, RAMP_BASE_URL and RAMP_WEBHOOK_SECRET; a flag wins over its variable.',
    'Prefer the variables: a flag shows in shell history and in `pnpm` output.',
    '',
    '  --api-key KEY          partner API key (is_test_… or is_live_…)',
    '  --base-url URL         service address of the key’s environment',
    '  --webhook-secret S     the key’s webhook secret',
    '  --webhook-url URL      also send your mounted kit a signed and a forged delivery',
    '  --order                also place one sandbox order to settled (is_test_ keys only)',
    '  --production           also check the kit’s production settings from the environment:',
    '                         SESSION_SECRET, CUSTOMER_REF_SECRET, RAMP_CUSTOMER_MODE, APP_ORIGIN',
    '                         (comma-separated), RAMP_STORE (postgres|redis|pglite|memory),',
    '                         RAMP_INSTANCES, RAMP_TRUST_PROXY or RAMP_CLIENT_IP=getClientIp|socket,',
    '                         and --webhook-url',
    '  --wallet 0x…           wallet the --order on-ramp pays out to',
    '  --timeout MS           one request’s timeout (default 10000)',
    '  --order-timeout MS     longest wait for the --order order (default 90000)',
    '  --json                 one JSON report on stdout, for CI',
    '  --no-color, --color    colours off or on (default: on for a terminal without NO_COLOR)',
    '  -h, --help             this text',
  ].join('\n')
}

/**
 * Parses `rampkit <argv>`; the environment fills what no flag gives. Flags may be written
 * `--flag value` or `--flag=value`. Messages never repeat a value (it may be a key).
 */
export function parseDoctorArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): DoctorCommand {
  const [command, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    return { kind: 'help' }
  }
  if (command !== 'doctor') {
    throw new DoctorUsageError(
      `unknown command (try: rampkit doctor). ${argv.length ? '' : ''}`.trim(),
    )
  }
  const given: Record<string, string> = {}
  let json = false
  let order = false
  let production = false
  let colour: boolean | undefined
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? ''
    if (arg === '-h' || arg === '--help') return { kind: 'help' }
    if (arg === '--json') json = true
    else if (arg === '--order') order = true
    else if (arg === '--production') production = true
    else if (arg === '--no-color') colour = false
    else if (arg === '--color') colour = true
    else {
      const eq = arg.indexOf('=')
      const name = eq === -1 ? arg : arg.slice(0, eq)
      if (!(name in VALUE_FLAGS)) {
        throw new DoctorUsageError(
          name.startsWith('-') ? `unknown option ${name.slice(0, 40)}` : 'unexpected argument',
        )
      }
      const value = eq === -1 ? rest[++index] : arg.slice(eq + 1)
      if (value === undefined || (eq === -1 && value.startsWith('--'))) {
        throw new DoctorUsageError(`${name} needs a value`)
      }
      given[VALUE_FLAGS[name as keyof typeof VALUE_FLAGS]] = value
    }
  }
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined
    const parsed = Number(value)
    if (!Number.isInteger(parsed) || parsed < 1) {
      throw new DoctorUsageError(`${name} must be a whole number of milliseconds`)
    }
    return parsed
  }
  return {
    kind: 'doctor',
    json,
    colour,
    parameters: {
      apiKey: given.apiKey ?? env.RAMP_API_KEY,
      baseUrl: given.baseUrl ?? env.RAMP_BASE_URL,
      webhookSecret: given.webhookSecret ?? env.RAMP_WEBHOOK_SECRET,
      webhookUrl: given.webhookUrl,
      wallet: given.wallet,
      order,
      timeoutMs: number('--timeout', given.timeoutMs),
      orderTimeoutMs: number('--order-timeout', given.orderTimeoutMs),
      ...(production ? { kit: kitFromEnvironment(env, given.webhookUrl) } : {}),
    },
  }
}

/** The kit's production settings as the examples' environment variables give them. */
function kitFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  webhookUrl: string | undefined,
): DoctorKitSettings {
  const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)
  const clientIp = set(env.RAMP_CLIENT_IP)
  const instances = Number(set(env.RAMP_INSTANCES) ?? '1')
  return {
    sessionSecret: set(env.SESSION_SECRET),
    customerRefSecret: set(env.CUSTOMER_REF_SECRET),
    customerMode: set(env.RAMP_CUSTOMER_MODE),
    signedAccepts: env.RAMP_SIGNED_ACCEPTS === '1',
    storeEngine: set(env.RAMP_STORE),
    instances: Number.isInteger(instances) && instances > 0 ? instances : undefined,
    allowedOrigins: set(env.APP_ORIGIN)
      ?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    clientAddress: set(env.RAMP_TRUST_PROXY)
      ? 'trustProxy'
      : clientIp === 'getClientIp' || clientIp === 'socket'
        ? clientIp
        : undefined,
    webhookUrl,
  }
}
