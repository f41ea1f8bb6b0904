import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const FIELD = VALIDATION_FIELDS.networkId
// Any 8-4-4-4-12 hex id: the service calls it an opaque institution UUID, so version and
// variant bits are not checked (a sandbox may well use non-RFC ids).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Checks `payment_method.network_id`: the UUID of a provider from the catalog or the banks
 * listing. Only the shape is checked; whether it belongs to the corridor is the service's call.
 *
 * @example
 * validateNetworkId(provider.id) // { ok: true, value: provider.id }
 * validateNetworkId('mpesa') // { ok: false, field: 'payment_method.network_id', code: 'invalid_format', ... }
 */
export function validateNetworkId(input: unknown): ValidationResult<string> {
  const value = text(input)
  if (value === undefined) return fail(FIELD, 'required', 'Choose a bank or provider')
  if (!UUID.test(value))
    return fail(FIELD, 'invalid_format', 'Choose a bank or provider from the list')
  return ok(value)
}
