import { environmentOfKey, KEY_PREFIXES, type RampEnvironment } from '@rampkit/core/client'
import { isLoopback } from '../describe.js'
import type { CheckResult } from '../types.js'

/** The key check's line, and the environment the key's prefix names. */
export type KeyPrefixResult = { check: CheckResult; environment: RampEnvironment | undefined }

/** Checks the key's presence, shape and prefix against the address's apparent environment. */
export function checkKeyPrefix(
  apiKey: string | undefined,
  baseUrl: string | undefined,
): KeyPrefixResult {
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
