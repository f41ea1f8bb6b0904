import type { Context } from 'hono'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import {
  findInternational,
  INTERNATIONAL_OPTIONS,
  internationalOptionId,
  providerId,
  railProviders,
} from '../../seed/corridors.js'
import { directionOf, parseCorridorFilter, selectCorridors } from '../../service/corridors.js'

const BANKS_DISCLAIMER =
  'Bank networks are indicative; the quote operation confirms eligibility. Use banks[].id as payment_method.network_id.'

/** GET /partner/banks (4.4): the bank networks (or international options) of one corridor. */
export function banks(c: Context<SandboxEnv>) {
  const query = c.req.query()
  for (const field of ['country', 'currency', 'order_type', 'payment_method_type'] as const) {
    if (!query[field]?.trim()) {
      throw new ApiError(400, `${field} is required to list bank networks`, { field })
    }
  }
  const filter = parseCorridorFilter(query)
  const orderType = filter.orderType!
  const type = query.payment_method_type!.trim()
  if (type.length > 64) {
    throw new ApiError(400, 'payment_method_type is too long', { field: 'payment_method_type' })
  }
  const context = {
    country: filter.country!,
    currency: filter.currency!,
    order_type: orderType,
    payment_method_type: type,
  }
  if (type === 'mobile_money') {
    throw new ApiError(
      422,
      'mobile_money has no bank network listing; use the catalog providers[].id as payment_method.network_id',
      { field: 'payment_method_type' },
    )
  }
  const options = INTERNATIONAL_OPTIONS[type]
  if (options) {
    const entry = findInternational(context.currency)
    if (!entry?.paymentMethodTypes.includes(type) || !entry[directionOf(orderType)]) {
      throw new ApiError(
        422,
        `Corridor not supported in the sandbox environment: ${type} ${context.currency} ${orderType}`,
        { country: context.country, currency: context.currency, field: 'payment_method_type' },
      )
    }
    const banks = options.map((name) => ({ id: internationalOptionId(type, name), name }))
    return ok(c, `${banks.length} ${type} options`, {
      disclaimer: BANKS_DISCLAIMER,
      context,
      supported: true,
      message: 'International bank options are best-effort',
      banks,
    })
  }
  if (type !== 'bank') {
    throw new ApiError(
      422,
      'payment_method_type must be bank, mobile_money, BankSepa or BankSwift',
      { field: 'payment_method_type' },
    )
  }
  const [market] = selectCorridors(filter).markets
  if (!market) {
    throw new ApiError(422, 'Corridor not supported in the sandbox environment', {
      country: context.country,
      currency: context.currency,
    })
  }
  const banks = railProviders(market, 'bank', directionOf(orderType))
    .filter((provider) => provider.active)
    .map((provider) => ({
      id: providerId(market.country, 'bank', provider.code),
      name: provider.name,
    }))
  const supported = banks.length > 0
  const message = supported
    ? `${banks.length} active bank networks`
    : `No bank network serves ${orderType} in ${market.country}`
  return ok(c, message, { disclaimer: BANKS_DISCLAIMER, context, supported, message, banks })
}
