import {
  type CustomerRequirements,
  type CustomerType,
  customerRequirements,
  customerRequirementsQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

/** What `getCustomerRequirements` takes: the customer `type` and `country`, both optional. */
export type GetCustomerRequirementsParameters = {
  /** `individual` (the service's default) or `business`. */
  type?: CustomerType | undefined
  /** ISO country that sharpens conditional fields (Nigeria's BVN, a US business's EIN). */
  country?: string | undefined
}
/**
 * What `getCustomerRequirements` resolves to: the KYC package, its required, optional and
 * conditional fields and its required documents.
 */
export type GetCustomerRequirementsReturnType = CustomerRequirements
/**
 * What `getCustomerRequirements` can throw: a `RampApiError` for an error answer of
 * `GET /partner/customers/requirements`, or another `RequestErrorType` (network, timeout, bad
 * parameters).
 */
export type GetCustomerRequirementsErrorType = RequestErrorType

/**
 * The KYC package of a customer type (`GET /partner/customers/requirements`): the profile
 * fields (`required_fields`, `optional_fields`, `conditional_fields`) and the documents
 * (`required_documents[].key`, the upload categories) submit needs. Ask each environment: it is
 * the source of truth, not a copied example. Only the parameters given are sent.
 *
 * @example
 * const { required_fields, required_documents } = await getCustomerRequirements(client, {
 *   type: 'business',
 *   country: 'US',
 * })
 */
export async function getCustomerRequirements(
  client: Client,
  parameters: GetCustomerRequirementsParameters = {},
  options: RequestOptions = {},
): Promise<GetCustomerRequirementsReturnType> {
  const parsed = parseParameters(customerRequirementsQuery, parameters)
  const { data } = await client.request({
    operation: 'getCustomerRequirements',
    method: 'GET',
    scope: 'partner',
    path: '/customers/requirements',
    query: givenQuery(parsed, parameters),
    auth: 'apiKey',
    retry: 'idempotent',
    schema: customerRequirements,
    signal: options.signal,
  })
  return data
}
