import type { RampHandlerOptions } from '../../handler/options.js'
import { MIN_SESSION_SECRET_LENGTH } from '../../middleware/session/index.js'
import { isLoopback } from '../describe.js'
import type { CheckResult } from '../types.js'

/**
 * The kit's configuration as production needs it, for `rampkit doctor`: from the options your
 * app passes `createRampHandler` (`kitSettings(options, { instances })`), or from the
 * environment variables the examples read (`rampkit doctor --production`). Holds secrets only to
 * judge them: no report line shows one.
 */
export type DoctorKitSettings = {
  sessionSecret?: string | undefined
  customerRefSecret?: string | undefined
  /** Whether `getEndUser` (your sign-in) is given. */
  getEndUser?: boolean | undefined
  customerMode?: string | undefined
  signedAccepts?: boolean | undefined
  /** The store's engine (`memory`, `postgres`, `redis`, `pglite`); undefined is the memory store. */
  storeEngine?: string | undefined
  /** How many instances run the kit at once (serverless: more than one). */
  instances?: number | undefined
  allowedOrigins?: readonly string[] | undefined
  /** How the kit learns the client's address: `getClientIp`, `trustProxy`, or a Node `socket`. */
  clientAddress?: 'getClientIp' | 'trustProxy' | 'socket' | undefined
  /** The public address of the kit's webhook route the API key's `webhook_url` is set to. */
  webhookUrl?: string | undefined
}

/**
 * The doctor's settings of the options an app passes `createRampHandler`, so CI checks the very
 * object the app runs with.
 *
 * @example
 * const report = await runDoctor({ apiKey, baseUrl, webhookSecret, kit: kitSettings(options, { instances: 2, webhookUrl }) })
 */
export function kitSettings(
  options: Partial<Omit<RampHandlerOptions, 'store'>> & { store?: { engine: string } | undefined },
  deployment: {
    instances?: number
    webhookUrl?: string
    /** Served by Node's own HTTP server (its socket gives the client's address). */
    socket?: boolean
  } = {},
): DoctorKitSettings {
  return {
    sessionSecret: options.sessionSecret,
    customerRefSecret: options.customerRefSecret,
    getEndUser: options.getEndUser !== undefined,
    customerMode: options.customerMode,
    signedAccepts: options.signedAccepts,
    storeEngine: options.store?.engine,
    instances: deployment.instances,
    allowedOrigins: options.allowedOrigins,
    clientAddress: options.getClientIp
      ? 'getClientIp'
      : options.trustProxy
        ? 'trustProxy'
        : deployment.socket
          ? 'socket'
          : undefined,
    webhookUrl: deployment.webhookUrl,
  }
}

type Line = Omit<CheckResult, 'id' | 'title'>
const pass = (detail: string): Line => ({ status: 'pass', detail })
const failed = (detail: string, fix: string): Line => ({ status: 'fail', detail, fix })

function secrets(kit: DoctorKitSettings, keep: readonly string[]): Line {
  const session = kit.sessionSecret?.trim()
  if (!session) {
    return kit.getEndUser
      ? pass('getEndUser is given: no session cookie to sign')
      : failed(
          'sessionSecret (SESSION_SECRET) is not set and there is no getEndUser',
          'Set SESSION_SECRET to 32+ random characters (openssl rand -base64 48), or pass getEndUser (your sign-in).',
        )
  }
  if (session.length < MIN_SESSION_SECRET_LENGTH) {
    return failed(
      `sessionSecret is ${session.length} characters`,
      `Use at least ${MIN_SESSION_SECRET_LENGTH}: openssl rand -base64 48.`,
    )
  }
  if (keep.includes(session)) {
    return failed(
      'sessionSecret is the API key or the webhook secret',
      'Generate a secret of its own.',
    )
  }
  return pass('sessionSecret is set, long enough and its own')
}

function customerMode(kit: DoctorKitSettings, production: boolean): Line {
  const mode = kit.customerMode ?? (production ? 'vault' : 'inline')
  const vault = mode === 'vault' || kit.signedAccepts === true
  const ref = (kit.customerRefSecret ?? kit.sessionSecret)?.trim()
  if (vault && !ref) {
    return failed(
      `customerMode ${mode}${kit.signedAccepts ? ' with signed accepts' : ''}, and neither customerRefSecret (CUSTOMER_REF_SECRET) nor sessionSecret: every quote and GET /customer answer 503 configuration_error`,
      'Set CUSTOMER_REF_SECRET (openssl rand -base64 48) and keep it: it names your users in the vault.',
    )
  }
  if (vault && kit.customerRefSecret === undefined) {
    return pass(
      `customerMode ${mode}; customer refs keyed by sessionSecret (rotating it starts new customers: prefer a CUSTOMER_REF_SECRET of their own)`,
    )
  }
  return pass(`customerMode ${mode}${vault ? '; customerRefSecret set' : ''}`)
}

function store(kit: DoctorKitSettings): Line {
  const engine = kit.storeEngine ?? 'memory'
  const instances = kit.instances ?? 1
  if (engine === 'memory' && instances > 1) {
    return failed(
      `${instances} instances on the memory store: each keeps its own orders, webhooks and limits`,
      'Pass a shared store and bus: postgresStore or redisStore with postgresBus or redisBus (server README, Stores).',
    )
  }
  if (engine === 'memory') {
    return failed(
      'the memory store: acknowledged webhooks and orders are lost on restart',
      'Pass postgresStore, redisStore or pgliteStore (with dataDir) in production.',
    )
  }
  return pass(`${engine} store for ${instances} instance${instances === 1 ? '' : 's'}`)
}

function origins(kit: DoctorKitSettings): Line {
  const list = kit.allowedOrigins ?? []
  if (list.length === 0) {
    return failed(
      'allowedOrigins is empty: in production the wallet check is refused',
      'Set allowedOrigins to your pages’ origins (APP_ORIGIN=https://shop.example).',
    )
  }
  for (const origin of list) {
    let url: URL | undefined
    try {
      url = new URL(origin)
    } catch {
      url = undefined
    }
    if (!url || url.origin !== origin.replace(/\/$/, '')) {
      return failed(
        `${origin} is not an origin`,
        'Give scheme and host only: https://shop.example.',
      )
    }
    if (url.protocol !== 'https:' || isLoopback(url.hostname)) {
      return failed(
        `${origin} is not a public https origin`,
        'List the https origins your customers load the pages from; keep development origins out of production.',
      )
    }
  }
  return pass(list.join(', '))
}

function clientAddress(kit: DoctorKitSettings): Line {
  if (kit.clientAddress === 'getClientIp') return pass('getClientIp is given')
  if (kit.clientAddress === 'trustProxy')
    return pass('trustProxy reads your proxy’s X-Forwarded-For')
  if (kit.clientAddress === 'socket') return pass('Node’s socket gives the client’s address')
  return failed(
    'the kit cannot see client addresses: per-address limits do not bind (Next.js, Vercel and other platforms hand it no socket)',
    'Pass getClientIp with the address your platform vouches for, or trustProxy behind your own proxy (server README, "Client addresses"; RAMP_TRUST_PROXY or RAMP_CLIENT_IP=socket for the doctor).',
  )
}

function webhookUrl(kit: DoctorKitSettings): Line {
  if (!kit.webhookUrl) {
    return failed(
      'no webhook URL given',
      'Pass --webhook-url https://shop.example/api/ramp/webhooks (the address your key’s webhook_url is set to).',
    )
  }
  let url: URL
  try {
    url = new URL(kit.webhookUrl)
  } catch {
    return failed(`${kit.webhookUrl} is not an address`, 'Give the full https address.')
  }
  if (url.protocol !== 'https:' || isLoopback(url.hostname)) {
    return failed(
      `${url.origin} cannot receive the service’s deliveries in production`,
      'Use the public https address of your app.',
    )
  }
  if (!url.pathname.replace(/\/$/, '').endsWith('/webhooks')) {
    return failed(
      `${url.pathname} is not the kit’s webhook route`,
      'The kit takes deliveries at <where it is mounted>/webhooks, e.g. /api/ramp/webhooks.',
    )
  }
  return pass(`${url.origin}${url.pathname}`)
}

/**
 * The production checks of the kit's configuration: secrets, the customer mode, a shared store,
 * origins, client addresses and the webhook URL. `keep` is the key and webhook secret (a
 * session secret equal to either fails); `production` is whether the key is `is_live_`.
 */
export function checkKitForProduction(
  kit: DoctorKitSettings,
  keep: readonly string[],
  production: boolean,
): CheckResult[] {
  const line = (id: string, title: string, result: Line): CheckResult => ({
    id: `kit.${id}`,
    title,
    ...result,
  })
  return [
    line('secrets', 'Session secret', secrets(kit, keep)),
    line('customer-mode', 'Customer mode and its secret', customerMode(kit, production)),
    line('store', 'A store every instance shares', store(kit)),
    line('origins', 'Allowed origins', origins(kit)),
    line('client-address', 'Client addresses for the limits', clientAddress(kit)),
    line('webhook-url', 'Webhook URL', webhookUrl(kit)),
  ]
}
