import { redactDeep, redactSecrets } from '@rampkit/core/errors'

/** Structured fields of a log line. Never holds a key, a secret or a session cookie. */
export type RampLogFields = Readonly<Record<string, unknown>>

/**
 * Where the kit writes what it does. Each method takes a short message and optional fields;
 * the kit redacts its API key and webhook secrets from both before calling it, so a logger
 * never receives a secret even when the service echoes one.
 *
 * @example
 * createRampHandler({ ..., logger: { info: pino.info.bind(pino), warn: ..., error: ... } })
 */
export type RampLogger = {
  debug?: (message: string, fields?: RampLogFields) => void
  info: (message: string, fields?: RampLogFields) => void
  warn: (message: string, fields?: RampLogFields) => void
  error: (message: string, fields?: RampLogFields) => void
}

/** The default logger: `console`, prefixed, debug dropped. */
export const consoleLogger: RampLogger = {
  info: (message, fields) => console.info(`[rampkit] ${message}`, fields ?? ''),
  warn: (message, fields) => console.warn(`[rampkit] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[rampkit] ${message}`, fields ?? ''),
}

/** A logger that writes nothing. */
export const silentLogger: RampLogger = { info() {}, warn() {}, error() {} }

/** Wraps `logger` so every message and field has `secrets` removed first. */
export function redactingLogger(logger: RampLogger, secrets: readonly string[]): RampLogger {
  const wrap =
    (write: ((message: string, fields?: RampLogFields) => void) | undefined) =>
    (message: string, fields?: RampLogFields) => {
      if (!write) return
      try {
        const safe = redactSecrets(message, secrets)
        if (fields === undefined) write(safe)
        else write(safe, redactDeep(fields, secrets))
      } catch {
        // A broken logger must never break a request.
      }
    }
  return {
    debug: wrap(logger.debug?.bind(logger)),
    info: wrap(logger.info.bind(logger)),
    warn: wrap(logger.warn.bind(logger)),
    error: wrap(logger.error.bind(logger)),
  }
}
