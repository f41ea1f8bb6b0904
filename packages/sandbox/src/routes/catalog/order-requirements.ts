import type { Context } from 'hono'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import {
  parseCorridorFilter,
  requireCountryOrCurrency,
  selectCorridors,
} from '../../service/corridors.js'

/** GET /partner/order-requirements: the fields an order of this corridor asks for (indicative). */
export function orderRequirements(c: Context<SandboxEnv>) {
  const query = c.req.query()
  const filter = parseCorridorFilter(query)
  requireCountryOrCurrency(filter)
  if (!filter.orderType) {
    throw new ApiError(422, 'order_type is required: OnRamp or OffRamp', { field: 'order_type' })
  }
  // `retail` (the published default) or `institution`; `user` is read as retail too.
  const customerType = query.customer_type ?? 'retail'
  if (customerType !== 'retail' && customerType !== 'user' && customerType !== 'institution') {
    throw new ApiError(422, 'customer_type must be retail or institution', {
      field: 'customer_type',
    })
  }
  const selection = selectCorridors(filter)
  const international = selection.markets.length === 0
  const rail = query.payment_method_type ?? (international ? 'bank' : 'mobile_money')
  const customer =
    customerType === 'institution'
      ? ['business_name', 'business_id', 'email']
      : international
        ? ['name', 'email']
        : [
            'name',
            'phone',
            'dob',
            'id_number',
            'id_type',
            ...(filter.country === 'NG' ? ['additional_id_number'] : []),
          ]
  const paymentMethod =
    rail === 'mobile_money'
      ? ['type', 'phone_number', 'network_id']
      : international
        ? ['type', 'network_id']
        : ['type', 'account_number', 'account_name', 'network_id']
  const order =
    filter.orderType === 'OnRamp'
      ? ['wallet_address', 'local_amount', 'asset']
      : ['refund_address', 'crypto_amount', 'asset']
  return ok(c, 'Partner order requirements (indicative)', {
    context: {
      country: filter.country ?? null,
      currency: filter.currency ?? selection.markets[0]?.currency ?? null,
      order_type: filter.orderType,
      payment_method_type: rail,
    },
    customer,
    payment_method: paymentMethod,
    order,
  })
}
