import {
  banks as banksSchema,
  catalog as catalogSchema,
  corridors as corridorsSchema,
  orderRequirements as orderRequirementsSchema,
  paymentMethods as paymentMethodsSchema,
  RampApiError,
  indicativeRates as ratesSchema,
  metaTokens as tokensSchema,
  UnexpectedResponseError,
} from '@rampkit/core'
import {
  getBanks,
  getCorridors,
  getIndicativeRates,
  getOrderRequirements,
  getPaymentMethods,
  getTokens,
  type RampClient,
} from '@rampkit/core/client'
import type { Corridor } from '../catalog.js'
import { describeError } from '../describe.js'
import { shapeDrift } from '../drift.js'
import type { CheckResult, DoctorRun, KeyFindings } from '../types.js'

const DISCOVERY = [
  ['discovery.rates', 'GET /partner/rates/indicative', ratesSchema],
  ['discovery.corridors', 'GET /partner/corridors', corridorsSchema],
  ['discovery.catalog', 'GET /partner/catalog', catalogSchema],
  ['discovery.payment-methods', 'GET /partner/payment-methods', paymentMethodsSchema],
  ['discovery.order-requirements', 'GET /partner/order-requirements', orderRequirementsSchema],
  ['discovery.banks', 'GET /partner/banks', banksSchema],
  ['discovery.tokens', 'GET /meta/tokens', tokensSchema],
] as const

type DiscoveryId = (typeof DISCOVERY)[number][0]

/** One read: the call and the query it asks (for the report), or `null` when there is none. */
type Request = { call: () => Promise<unknown>; asked: string } | null

/** The read of each discovery route, asked for the key's first enabled corridor. */
function requestFor(
  id: DiscoveryId,
  c: RampClient,
  found: KeyFindings,
  corridors: Corridor[],
): Request {
  const first = corridors[0]
  const currencies = [...new Set(corridors.map((corridor) => corridor.currency))].filter(Boolean)
  switch (id) {
    case 'discovery.catalog':
      return {
        asked: '',
        call: async () => {
          if (found.catalog.error) throw found.catalog.error
          return found.catalog.data
        },
      }
    case 'discovery.rates': {
      const fiat = currencies.length ? currencies.slice(0, 10) : ['KES']
      return { asked: `fiat=${fiat.join(',')}`, call: () => getIndicativeRates(c, { fiat }) }
    }
    case 'discovery.corridors': {
      const country = first?.country ?? 'KE'
      return { asked: `country=${country}`, call: () => getCorridors(c, { country }) }
    }
    case 'discovery.payment-methods': {
      const q = { country: first?.country ?? 'KE', currency: first?.currency || 'KES' }
      return {
        asked: `country=${q.country}&currency=${q.currency}`,
        call: () => getPaymentMethods(c, q),
      }
    }
    case 'discovery.order-requirements': {
      const q = {
        country: first?.country ?? 'KE',
        currency: first?.currency || 'KES',
        order_type: first?.orderType ?? 'OnRamp',
        ...(first?.rails[0] ? { payment_method_type: first.rails[0].type } : {}),
      }
      return { asked: new URLSearchParams(q).toString(), call: () => getOrderRequirements(c, q) }
    }
    case 'discovery.banks': {
      const bankCorridor = corridors.find((corridor) =>
        corridor.rails.some((rail) => rail.type === 'bank' && rail.enabled),
      )
      if (!bankCorridor) return null
      const q = {
        country: bankCorridor.country,
        currency: bankCorridor.currency,
        order_type: bankCorridor.orderType,
        payment_method_type: 'bank',
      }
      return { asked: new URLSearchParams(q).toString(), call: () => getBanks(c, q) }
    }
    case 'discovery.tokens':
      return { asked: '', call: () => getTokens(c) }
  }
}

/**
 * The line of one read: a refusal, a shape core's schema does not match (drift, with the
 * fields), or parsed (with the fields core does not read).
 */
function judge(
  entry: (typeof DISCOVERY)[number],
  where: string,
  error: unknown,
  data: unknown,
): CheckResult {
  const [id, title, schema] = entry
  if (error && !(error instanceof UnexpectedResponseError && error.status < 300)) {
    return {
      id,
      title,
      status: 'fail',
      detail: `${where} answered ${describeError(error)}`,
      fix:
        error instanceof RampApiError && error.status === 503
          ? 'The service has this corridor listed but not configured: ask the ramp service to configure it for your key, or leave it out of your app.'
          : 'Retry; if it keeps failing, send this line (it holds no secret) to the ramp service.',
    }
  }
  const drift = shapeDrift(schema, data)
  if (error || drift.missing.length > 0) {
    return {
      id,
      title,
      status: 'fail',
      detail: `${where}: the answer does not match @rampkit/core’s schema (shape drift)`,
      fix: 'Update @rampkit/core; if you have the latest, report these fields to rampkit: core must read the service’s form before your checkout can.',
      lines: [
        ...drift.missing.map((field) => `missing (core expects it): ${field}`),
        ...drift.unknown.map((field) => `unknown (core does not read it): ${field}`),
        ...(error instanceof UnexpectedResponseError
          ? error.issues
              .slice(0, 5)
              .map((issue) => `core: ${issue.field || '(data)'} ${issue.message}`)
          : []),
      ],
    }
  }
  return {
    id,
    title,
    status: 'pass',
    detail: `${where} parsed by core${drift.unknown.length ? `; ${drift.unknown.length} field(s) core does not read` : ''}`,
    lines: drift.unknown.length
      ? drift.unknown.map((field) => `unknown (core does not read it): ${field}`)
      : undefined,
  }
}

/**
 * The discovery reads, each compared with core's schema on the raw answer: what the service
 * sent, not what core made of it, so a drift names its fields.
 */
export async function checkDiscovery(
  run: DoctorRun,
  found: KeyFindings,
  corridors: Corridor[],
  prefix: string,
): Promise<void> {
  for (const entry of DISCOVERY) {
    const [id, route] = entry
    if (!run.client || !found.accepted) {
      run.skip(id, route, 'Needs an accepted key.')
      continue
    }
    const started = performance.now()
    const path = `${prefix}${route.startsWith('GET /meta') ? '' : '/api/v1'}${route.slice(4)}`
    const request = requestFor(id, run.client, found, corridors)
    if (!request) {
      run.add(
        {
          id,
          title: route,
          status: 'skip',
          detail: 'not run',
          fix: 'The catalog lists no bank rail for this key.',
        },
        started,
      )
      continue
    }
    run.progress(`${route}…`)
    let error: unknown
    try {
      await request.call()
    } catch (caught) {
      error = caught
    }
    const where = request.asked ? `${route}?${request.asked}` : route
    run.add(judge(entry, where, error, run.rawData(path)), started)
  }
}
