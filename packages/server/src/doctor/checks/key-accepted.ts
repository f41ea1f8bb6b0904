import { RampApiError, UnexpectedResponseError } from '@rampkit/core'
import { getCatalog, PARTNER_PREFIX } from '@rampkit/core/client'
import { describeError } from '../describe.js'
import type { CheckResult, DoctorRun, KeyFindings } from '../types.js'

const id = 'key.accepted'
const title = 'API key accepted'

/** The line for a catalog read that failed, by what the service (or the network) said. */
function refused(run: DoctorRun, error: unknown): CheckResult {
  const { base, key } = run
  const reached = `${base.usable}${PARTNER_PREFIX}/catalog`
  if (error instanceof RampApiError && error.status === 401) {
    return {
      id,
      title,
      status: 'fail',
      detail: `the service refused the key: ${describeError(error)}`,
      fix: `Copy the key again from the ${key.environment} console for ${base.usable}; a key revoked or rotated, or one from the other environment, is refused.`,
    }
  }
  if (error instanceof RampApiError && error.status === 403) {
    return {
      id,
      title,
      status: 'fail',
      detail: `the key is known but may not use partner routes: ${describeError(error)}`,
      fix: 'Ask the ramp service to enable partner API access (and the corridors you need) for this key.',
    }
  }
  if (error instanceof RampApiError) {
    return {
      id,
      title,
      status: 'fail',
      detail: `GET ${reached} answered ${describeError(error)}${error.fromEnvelope ? '' : ' (not the service’s envelope)'}`,
      fix: 'Point RAMP_BASE_URL at the ramp service itself (scheme and host; core adds /api/v1/partner).',
    }
  }
  return {
    id,
    title,
    status: 'fail',
    detail: `could not reach ${base.usable}: ${describeError(error)}`,
    fix: 'Check RAMP_BASE_URL’s host and port, and that the service is up (`pnpm sandbox` for the local one).',
  }
}

/**
 * The key, by the first read: the full catalog, whose corridors steer every later check. An
 * answer core could not parse still proves the key was taken (the drift shows under discovery).
 */
export async function checkKeyAccepted(run: DoctorRun): Promise<KeyFindings> {
  const started = performance.now()
  if (!run.client) {
    run.skip(id, title, 'Fix the key prefix and base address above first.')
    return { accepted: false, catalog: {} }
  }
  run.progress('asking the service for the catalog…')
  let catalog: KeyFindings['catalog']
  try {
    catalog = { data: await getCatalog(run.client, {}) }
  } catch (error) {
    catalog = { error }
  }
  const { error } = catalog
  if (!error || (error instanceof UnexpectedResponseError && error.status < 300)) {
    run.add(
      {
        id,
        title,
        status: 'pass',
        detail: `the service answered GET ${PARTNER_PREFIX}/catalog with this ${run.key.environment} key`,
      },
      started,
    )
    return { accepted: true, catalog }
  }
  run.add(refused(run, error), started)
  return { accepted: false, catalog }
}
