import {
  type CustomerRequirements,
  type CustomerType,
  customerRequirements,
  customerRequirementsQuery,
} from '../../schemas/index.js'
import type { Client, RequestErrorType, RequestOptions } from '../types.js'
import { givenQuery, parseParameters } from '../utils.js'

export type GetCustomerRequirementsParameters = {
  /** `individual` (the service's default) or `business`. */
  type?: CustomerType | undefined
  /** ISO country that sharpens conditional fields (Nigeria's BVN, a US business's EIN). */
  country?: string | undefined
}
export type GetCustomerRequirementsReturnType = CustomerRequirements
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
