import { ConfigurationError } from '@rampkit/core'
import { environmentOfKey } from '@rampkit/core/client'
import { Hono } from 'hono'
import type { RampHandler, RampKit } from '../handler.js'
import { fail } from '../http/envelope.js'
import { consoleLogger, silentLogger } from '../logger.js'
import type { RampEnv } from '../routes/context.js'
import type { RampHandlerOptions } from './options.js'

/**
 * The settings a deployment reads from its environment, and the variable each is read from in
 * the README's snippets. A build (`next build`, any CI) evaluates the route module without them.
 */
const SETTINGS = [
  ['apiKey', 'RAMP_API_KEY'],
  ['baseUrl', 'RAMP_BASE_URL'],
  ['webhookSecret', 'RAMP_WEBHOOK_SECRET'],
] as const

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

/**
 * The settings that are not set (undefined or blank, as an unset or empty environment variable
 * gives them), each as `option (VARIABLE)`, and an origin in `allowedOrigins` left blank. A
 * production key also needs `sessionSecret` unless `getEndUser` is given.
 */
export function missingSettings(options: RampHandlerOptions): string[] {
  const missing: string[] = SETTINGS.filter(([option]) => blank(options[option])).map(
    ([option, variable]) => `${option} (${variable})`,
  )
  // The README's `allowedOrigins: [process.env.APP_ORIGIN!]` with the variable unset.
  if (options.allowedOrigins?.some(blank)) missing.push('allowedOrigins (APP_ORIGIN)')
  const key = typeof options.apiKey === 'string' ? options.apiKey.trim() : ''
  const production =
    options.environment === 'production' || (key !== '' && environmentOfKey(key) === 'production')
  if (production && !options.getEndUser && blank(options.sessionSecret)) {
    missing.push('sessionSecret (SESSION_SECRET)')
  }
  return missing
}

/**
 * The kit created without its settings: module evaluation goes on (a build collects the route
 * without the secrets), one warning is logged, and every request is answered 503
 * `configuration_error` naming what to set, and logged as an error naming it too (a developer who
 * missed the line at start reads it beside the refused request). Nothing else runs: no worker, no
 * store, no upstream call. The handles that need the settings throw the same `ConfigurationError`.
 */
export function unconfiguredHandler(options: RampHandlerOptions, missing: string[]): RampHandler {
  const message = `The ramp kit is not configured: set ${missing.join(', ')} in the server's environment.`
  const logger = options.logger === false ? silentLogger : (options.logger ?? consoleLogger)
  logger.warn(`${message} Every request is answered 503 until then.`)
  const refuse = (): never => {
    throw new ConfigurationError('invalid_option', message)
  }
  // Every path, under `basePath` or not: the kit has no route to offer until it is configured.
  const app = new Hono<RampEnv>()
  app.all('*', (c) => {
    logger.error(
      `Refused with 503 configuration_error: set ${missing.join(', ')} in the server's environment and restart; \`rampkit doctor\` checks them.`,
      { method: c.req.method, path: c.req.path },
    )
    return fail(c, 503, message, { code: 'configuration_error' })
  })
  const ramp: RampKit = {
    get environment() {
      return refuse()
    },
    get store() {
      return refuse()
    },
    get bus() {
      return refuse()
    },
    get client() {
      return refuse()
    },
    worker: null,
    start() {},
    close: () => Promise.resolve(),
  }
  return Object.assign(app, { ramp })
}
