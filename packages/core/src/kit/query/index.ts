/**
 * `@rampkit/core/kit/query`: the query keys and the query and mutation options of every kit
 * route, for any TanStack Query adapter; `@rampkit/react`'s hooks are thin wrappers of these.
 * This entry imports `skipToken` from `@tanstack/query-core`, an optional peer of
 * `@rampkit/core` that every TanStack Query adapter installs; no other entry of core needs it.
 *
 * @example
 * import { createKitClient } from '@rampkit/core/kit'
 * import { catalogQueryOptions } from '@rampkit/core/kit/query'
 * const client = createKitClient({ endpoint: '/api/ramp' })
 * const catalog = await queryClient.fetchQuery(catalogQueryOptions(client, { country: 'KE' }))
 */

export {
  accountsQueryOptions,
  customerQueryOptions,
  depositInstructionsQueryOptions,
  openAccountMutationOptions,
  payoutBanksQueryOptions,
  saveCustomerMutationOptions,
  submitCustomerMutationOptions,
} from './customers.js'
export { rampKitKeys } from './keys.js'
export { retryKitRead } from './queryOptions.js'
export {
  banksQueryOptions,
  catalogQueryOptions,
  configQueryOptions,
  corridorsQueryOptions,
  indicativeRatesQueryOptions,
  type OrdersQuery,
  orderQueryOptions,
  orderRequirementsQueryOptions,
  ordersQueryOptions,
  paymentMethodsQueryOptions,
  signingKeysQueryOptions,
  tokenPreviewQueryOptions,
  tokensQueryOptions,
  walletProofQueryOptions,
} from './reads.js'
export type { KitQueryOptions } from './types.js'
export {
  type UploadDocumentVariables,
  uploadCustomerDocument,
  uploadDocumentMutationOptions,
} from './upload.js'
export {
  type AcceptQuoteVariables,
  acceptQuoteMutationOptions,
  type CreateOrderVariables,
  createOrderMutationOptions,
  type ProveWalletVariables,
  proveWalletMutationOptions,
  quoteMutationOptions,
  revokeSigningKeyMutationOptions,
} from './writes.js'
