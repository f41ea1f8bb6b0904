import { ConfigurationError, EnvironmentMismatchError } from '../errors/index.js'
import type { RampEnvironment } from './types.js'

/** Key prefixes of spec section 5. */
export const KEY_PREFIXES = { sandbox: 'is_test_', production: 'is_live_' } as const

/** The environment a key's prefix names, or undefined when it has neither prefix. */
export function environmentOfKey(apiKey: string): RampEnvironment | undefined {
  if (apiKey.startsWith(KEY_PREFIXES.sandbox)) return 'sandbox'
  if (apiKey.startsWith(KEY_PREFIXES.production)) return 'production'
  return undefined
}

/**
 * Checks the key's shape and that it belongs to the requested environment. Messages name the
 * environments and prefixes, never the key.
 *
 * @returns the trimmed key (a pasted trailing newline is a common mistake) and the environment.
 */
export function resolveEnvironment(
  apiKey: string | undefined,
  environment: RampEnvironment | undefined,
): { apiKey: string | undefined; environment: RampEnvironment | undefined } {
  if (environment !== undefined && environment !== 'sandbox' && environment !== 'production') {
    throw new ConfigurationError('invalid_option', `environment must be 'sandbox' or 'production'.`)
  }
  if (apiKey === undefined) return { apiKey: undefined, environment }
  if (typeof apiKey !== 'string') {
    throw new ConfigurationError('invalid_api_key', 'apiKey must be a string.')
  }
  const key = apiKey.trim()
  if (key === '') {
    throw new ConfigurationError(
      'invalid_api_key',
      'apiKey is empty: set the environment variable that holds it, or leave apiKey out for keyless operations.',
    )
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ConfigurationError(
      'invalid_api_key',
      'apiKey contains spaces or characters an HTTP header cannot carry: copy the key again.',
    )
  }
  const keyEnvironment = environmentOfKey(key)
  if (keyEnvironment === undefined) {
    throw new EnvironmentMismatchError(
      `The API key has neither the sandbox prefix ${KEY_PREFIXES.sandbox} nor the production prefix ${KEY_PREFIXES.production}.`,
      { environment },
    )
  }
  if (environment !== undefined && environment !== keyEnvironment) {
    throw new EnvironmentMismatchError(
      `The API key is a ${keyEnvironment} key (${KEY_PREFIXES[keyEnvironment]}) but the client was created for ${environment}: keys are not interchangeable across environments.`,
      { keyEnvironment, environment },
    )
  }
  return { apiKey: key, environment: keyEnvironment }
}
