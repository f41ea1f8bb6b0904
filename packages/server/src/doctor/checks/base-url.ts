import { PARTNER_PREFIX } from '@rampkit/core/client'
import { isLoopback } from '../describe.js'
import type { CheckResult } from '../types.js'

export type BaseUrlForm = {
  check: CheckResult
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
