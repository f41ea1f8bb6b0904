/**
 * `@rampkit/core/kit`: the browser's side of the server kit, with no zod, no key and no React.
 * The kit's API description (`KIT_API`: each route's method, path and guards; `KitApi`: its
 * parameters, query, body and answer types) and live-status constants, the order lifecycle
 * (which statuses are final, which moves are allowed), `createKitClient` (plain fetch to where
 * the partner mounted `createRampHandler`, typed from that description) and the query keys. It
 * imports no query package: the TanStack Query options are the entry `@rampkit/core/kit/query`.
 * A test bundles this entry and fails if zod, the API client or webhook code is in its graph.
 *
 * @example
 * import { createKitClient } from '@rampkit/core/kit'
 * const client = createKitClient({ endpoint: '/api/ramp' })
 * const config = await client.request('GET /config')
 */

export {
  CUSTOMER_DOCUMENT_CONTENT_TYPES,
  type CustomerDocumentContentType,
  DOCUMENT_MAGIC_BYTES,
  DOCUMENT_TOO_LARGE,
  type DocumentRefusal,
  declaredDocumentType,
  documentRefusal,
  documentTypeOf,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from '../documents/limits.js'
export {
  canMoveOrderStatus,
  FINAL_ORDER_STATUSES,
  isFinalOrderStatus,
  isKnownOrderStatus,
  type KnownOrderStatus,
  normalizeOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusRank,
  orderStatusText,
} from '../orders/lifecycle.js'
export {
  type CreateKitClientOptions,
  createKitClient,
  type KitClient,
  type KitQuery,
  type KitRequest,
  type KitRequestFor,
} from './client.js'
export { rampKitKeys } from './query/keys.js'
export {
  KIT_API,
  KIT_CUSTOMER_SSE_EVENTS,
  KIT_ROUTES,
  KIT_SSE_EVENTS,
  KIT_STREAM_END_STATUSES,
  type KitApi,
  type KitApiRoute,
  type KitBrowserRoute,
  type KitGuard,
  type KitPathParams,
  type KitRequestRoute,
  type KitRoute,
  type KitRouteSpec,
  type OrdersQuery,
} from './routes.js'
// Types only: the schemas themselves (zod) are rampkit's own, at `@rampkit/core/internal`.
export type {
  CustomerDocumentQuery,
  KitAccountEvent,
  KitConfig,
  KitCustomer,
  KitCustomerDocument,
  KitCustomerProfile,
  KitCustomerQuery,
  KitCustomerStatus,
  KitCustomerType,
  KitOrder,
  KitOrderFlow,
  SaveCustomerRequest,
  WalletChallenge,
  WalletProof,
} from './schemas.js'
export { hasBanking, isCustomerVerified, isOrderFinal } from './status.js'
