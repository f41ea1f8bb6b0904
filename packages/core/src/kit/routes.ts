// No zod here, and no import at run time but the order lifecycle (which imports nothing): this module reaches the widget's bundle through
// `@rampkit/core/kit`, and the kit's zod schemas (`./schemas.ts`) must not come with it. The
// request and answer types below are imported with `import type` and erased.
import type {
  AcceptQuoteRequest,
  Banks,
  BanksQuery,
  Catalog,
  CompleteSigningKeyRequest,
  CorridorQuery,
  Corridors,
  CreateOrderRequest,
  CustomerAccount,
  DepositInstructions,
  IndicativeRates,
  MetaTokens,
  OpenAccountRequest,
  OrderRequirements,
  OrderRequirementsQuery,
  PaymentMethods,
  PaymentMethodsQuery,
  PayoutBanks,
  Quote,
  QuoteRequest,
  RatesQuery,
  SigningKey,
  SigningKeyChallenge,
  SigningKeyChallengeRequest,
  SigningKeys,
  TokenPreview,
  TokenPreviewQuery,
} from '../schemas/index.js'
import type {
  CustomerDocumentQuery,
  KitConfig,
  KitCustomer,
  KitCustomerQuery,
  KitOrder,
  SaveCustomerRequest,
  WalletChallenge,
  WalletChallengeRequest,
  WalletProof,
  WalletProofRequest,
} from './schemas.js'

/**
 * What the kit checks before a route's handler runs, besides the rate limits every browser
 * route shares:
 * - `session`: an end user (the partner's `getEndUser`, or the anonymous session cookie);
 *   without one the answer is 401, and what a route reads is only that user's;
 * - `origin`: the `Origin` header is the kit's own or one of `allowedOrigins` (else 403,
 *   before the body is read);
 * - `walletProof`: a sale spends from a wallet this session has proven it controls (Sign-In
 *   with Ethereum); else 403 `wallet_not_proven`. Buying needs no proof;
 * - `webhookSignature`: the service's signature of the raw body; no browser calls the route.
 */
export type KitGuard = 'session' | 'origin' | 'walletProof' | 'webhookSignature'

/** One route of the kit as `KIT_API` describes it. */
export type KitRouteSpec = {
  method: 'GET' | 'POST'
  /** Relative to where the partner mounts the kit; `:name` is a path parameter. */
  path: string
  guards: readonly KitGuard[]
  /**
   * `catalog`: a catalog-like read the kit caches for `cacheTtlMs`, and the browser may keep
   * as long (`Cache-Control: private, max-age`). Without it the answer is never stored.
   */
  cache?: 'catalog'
  /** `events`: server-sent events instead of the envelope (open it with `EventSource`). */
  answers?: 'events'
}

/**
 * The server kit's browser-facing API, described once: each route's method, path, guards and
 * caching, relative to where the partner mounts the kit (for example `/api/ramp`). The kit
 * (`@rampkit/server`) registers its routes from it and the browser client
 * (`createKitClient`) takes the method from it; `KitApi` gives each route's parameters, query,
 * body and answer types. Every JSON answer is the service's envelope (`status`, `message`,
 * `data`) and errors keep `data.field`.
 *
 * @example
 * const { method, path } = KIT_API.acceptQuote // 'POST', '/quotes/:quoteId/accept'
 */
export const KIT_API = {
  config: { method: 'GET', path: '/config', guards: [] },
  catalog: { method: 'GET', path: '/catalog', guards: [], cache: 'catalog' },
  corridors: { method: 'GET', path: '/corridors', guards: [], cache: 'catalog' },
  banks: { method: 'GET', path: '/banks', guards: [], cache: 'catalog' },
  paymentMethods: { method: 'GET', path: '/payment-methods', guards: [], cache: 'catalog' },
  orderRequirements: {
    method: 'GET',
    path: '/order-requirements',
    guards: [],
    cache: 'catalog',
  },
  rates: { method: 'GET', path: '/rates', guards: [], cache: 'catalog' },
  tokens: { method: 'GET', path: '/tokens', guards: [], cache: 'catalog' },
  preview: { method: 'GET', path: '/preview', guards: [] },
  quotes: { method: 'POST', path: '/quotes', guards: ['origin', 'session'] },
  acceptQuote: {
    method: 'POST',
    path: '/quotes/:quoteId/accept',
    guards: ['origin', 'session', 'walletProof'],
  },
  orders: { method: 'GET', path: '/orders', guards: ['session'] },
  createOrder: { method: 'POST', path: '/orders', guards: ['origin', 'session', 'walletProof'] },
  order: { method: 'GET', path: '/orders/:orderId', guards: ['session'] },
  orderByTx: { method: 'GET', path: '/orders/tx/:txHash', guards: ['session'] },
  orderEvents: {
    method: 'GET',
    path: '/orders/:orderId/events',
    guards: ['session'],
    answers: 'events',
  },
  walletChallenge: { method: 'POST', path: '/wallets/challenge', guards: ['origin', 'session'] },
  walletProofs: { method: 'POST', path: '/wallets/proofs', guards: ['origin', 'session'] },
  walletProof: { method: 'GET', path: '/wallets/proofs/:address', guards: ['session'] },
  customer: { method: 'GET', path: '/customer', guards: ['session'] },
  saveCustomer: { method: 'POST', path: '/customer', guards: ['origin', 'session'] },
  customerDocuments: {
    method: 'POST',
    path: '/customer/documents',
    guards: ['origin', 'session'],
  },
  submitCustomer: { method: 'POST', path: '/customer/submit', guards: ['origin', 'session'] },
  customerEvents: {
    method: 'GET',
    path: '/customer/events',
    guards: ['session'],
    answers: 'events',
  },
  accounts: { method: 'GET', path: '/accounts', guards: ['session'] },
  openAccount: { method: 'POST', path: '/accounts', guards: ['origin', 'session'] },
  depositInstructions: {
    method: 'GET',
    path: '/accounts/:accountId/deposit-instructions',
    guards: ['session'],
  },
  payoutBanks: {
    method: 'GET',
    path: '/accounts/:accountId/payout-banks',
    guards: ['session'],
  },
  signingKeyChallenge: {
    method: 'POST',
    path: '/signing-keys/challenge',
    guards: ['origin', 'session'],
  },
  completeSigningKey: {
    method: 'POST',
    path: '/signing-keys/complete',
    guards: ['origin', 'session'],
  },
  signingKeys: { method: 'GET', path: '/signing-keys', guards: ['session'] },
  revokeSigningKey: {
    method: 'POST',
    path: '/signing-keys/:keyId/revoke',
    guards: ['origin', 'session'],
  },
  webhooks: { method: 'POST', path: '/webhooks', guards: ['webhookSignature'] },
} as const satisfies Record<string, KitRouteSpec>

/** A route's name in `KIT_API`. */
export type KitApiRoute = keyof typeof KIT_API

/** Query of GET /orders: the end user's filters, as the kit accepts them. */
export type OrdersQuery = { status?: string; order_type?: string; limit?: number; offset?: number }

// What each route takes and answers, beside its path (whose parameters `KitApi` reads from
// the path itself). Change a shape here and every caller and the client follow.
type KitShapes = {
  config: { answer: KitConfig }
  catalog: { query: CorridorQuery; answer: Catalog }
  corridors: { query: CorridorQuery; answer: Corridors }
  banks: { query: BanksQuery; answer: Banks }
  paymentMethods: { query: PaymentMethodsQuery; answer: PaymentMethods }
  orderRequirements: { query: OrderRequirementsQuery; answer: OrderRequirements }
  rates: { query: RatesQuery; answer: IndicativeRates }
  tokens: { answer: MetaTokens }
  preview: { query: TokenPreviewQuery; answer: TokenPreview }
  quotes: { body: QuoteRequest; answer: Quote }
  /** The order, with `payment_instructions` on a first accept. */
  acceptQuote: { body: AcceptQuoteRequest; answer: KitOrder }
  orders: { query: OrdersQuery; answer: KitOrder[] }
  createOrder: { body: CreateOrderRequest; answer: KitOrder }
  order: { answer: KitOrder }
  orderByTx: { answer: KitOrder }
  /** `answer` is the data of each `order` event. */
  orderEvents: { answer: KitOrder }
  walletChallenge: { body: WalletChallengeRequest; answer: WalletChallenge }
  walletProofs: { body: WalletProofRequest; answer: WalletProof }
  /** On the chain `chain_id` names, else the service's own chain. */
  walletProof: { query: { chain_id?: number }; answer: WalletProof }
  /** The user's verified customer; `status: 'none'` before the first save. */
  customer: { query: KitCustomerQuery; answer: KitCustomer }
  /** Creates the user's vault customer on the first save, else merges the profile into it. */
  saveCustomer: { body: SaveCustomerRequest; answer: KitCustomer }
  /**
   * One document: the body is the file's raw bytes (a `Blob`/`File`; the client sends it with
   * the Blob's own `Content-Type`), at most `MAX_CUSTOMER_DOCUMENT_BYTES`.
   */
  customerDocuments: { query: CustomerDocumentQuery; body: Blob; answer: KitCustomer }
  /** Submits the package for review (`pending_review`); an incomplete one is a 422. */
  submitCustomer: { answer: KitCustomer }
  /** `answer` is the data of each `customer` event (`account` events carry a KitAccountEvent). */
  customerEvents: { answer: KitCustomer }
  /** The user's accounts (the banking gate must be open: `deposit_account_status: 'ready'`). */
  accounts: { answer: CustomerAccount[] }
  /** Opens one rail; idempotent on asset type, currency and network. */
  openAccount: { body: OpenAccountRequest; answer: CustomerAccount }
  depositInstructions: { answer: DepositInstructions }
  payoutBanks: { answer: PayoutBanks }
  /**
   * Signed accepts: starts enrolling a wallet as the signing key of the user's verified
   * customer; the answer's `typed_data` goes to the wallet exactly as received.
   */
  signingKeyChallenge: { body: SigningKeyChallengeRequest; answer: SigningKeyChallenge }
  /** Completes it with the wallet's signature over that typed data: the key is `active`. */
  completeSigningKey: { body: CompleteSigningKeyRequest; answer: SigningKey }
  /** The signing keys of the user's customer (none before a customer exists). */
  signingKeys: { answer: SigningKeys }
  /**
   * Revokes one of the user's own signing keys (a lost or replaced wallet): `status: 'revoked'`;
   * accepts signed with it are refused from then on. Revoking a revoked key changes nothing.
   */
  revokeSigningKey: { answer: SigningKey }
  /** The service's signed delivery, verified as raw bytes; not a browser's route. */
  webhooks: { body: unknown; answer: unknown }
}

/** The names of a path's `:name` parameters. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** A path's parameters as an object, or `undefined` for a path without any. */
export type KitPathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : { [Name in PathParamNames<P>]: string }

/**
 * What each route of `KIT_API` takes and answers: `params` (from its path), `query`, `body`
 * (`undefined` where the route takes none) and `answer` (the envelope's `data`).
 *
 * @example
 * type Order = KitApi['order']['answer'] // KitOrder
 * type OrderParams = KitApi['order']['params'] // { orderId: string }
 */
export type KitApi = {
  [R in KitApiRoute]: {
    params: KitPathParams<(typeof KIT_API)[R]['path']>
    query: KitShapes[R] extends { query: infer Q } ? Q : undefined
    body: KitShapes[R] extends { body: infer B } ? B : undefined
    answer: KitShapes[R]['answer']
  }
}

/**
 * The routes a browser calls: every route but the ones only the service calls (signed
 * webhooks).
 *
 * @example
 * const route: KitBrowserRoute = 'catalog'
 */
export type KitBrowserRoute = {
  [R in KitApiRoute]: 'webhookSignature' extends (typeof KIT_API)[R]['guards'][number] ? never : R
}[KitApiRoute]

/**
 * The browser's routes that answer with the envelope, so `KitClient.request` can call them;
 * the events stream is opened with `EventSource` at `client.url('orderEvents', …)`.
 */
export type KitRequestRoute = {
  [R in KitBrowserRoute]: (typeof KIT_API)[R] extends { answers: 'events' } ? never : R
}[KitBrowserRoute]

/** Each route's path by name, leaving out `skip`. */
function pathsOf<T extends Record<string, { path: string }>, Skip extends keyof T>(
  table: T,
  ...skip: Skip[]
): { readonly [K in Exclude<keyof T, Skip>]: T[K]['path'] } {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([name]) => !(skip as (keyof T)[]).includes(name))
      .map(([name, route]) => [name, route.path]),
  ) as { readonly [K in Exclude<keyof T, Skip>]: T[K]['path'] }
}

// `createOrder` shares its path with `orders` (POST and GET /orders), `saveCustomer` with
// `customer` and `openAccount` with `accounts`: this table keeps one name per path.
/**
 * The kit's paths by route name, taken from `KIT_API` (which also says each route's method and
 * guards). `/orders`, `/customer` and `/accounts` are one entry each for their GET and POST.
 *
 * @example
 * fetch(`/api/ramp${KIT_ROUTES.catalog}?country=KE`)
 */
export const KIT_ROUTES = /* @__PURE__ */ pathsOf(
  KIT_API,
  'createOrder',
  'saveCustomer',
  'openAccount',
)
/** A name of a kit route (`catalog`, `orders`, `customer`...), a key of `KIT_ROUTES`. */
export type KitRoute = keyof typeof KIT_ROUTES

/** SSE event names of GET /orders/:orderId/events. Each `order` event's data is a KitOrder. */
export const KIT_SSE_EVENTS = { order: 'order', ping: 'ping', end: 'end' } as const

/**
 * SSE event names of GET /customer/events: a `customer` event (data: KitCustomer) on connect
 * and after each `customer.*` or `account.*` webhook of the user's customer; an `account`
 * event (data: KitAccountEvent) after each `account.*` one; `ping` keeps the stream open. The
 * stream never ends by itself.
 */
export const KIT_CUSTOMER_SSE_EVENTS = {
  customer: 'customer',
  account: 'account',
  ping: 'ping',
} as const

// Order statuses after which the events stream closes: the order lifecycle's final ones. This
// re-export is the module's one import at run time; the lifecycle imports nothing itself.
export { FINAL_ORDER_STATUSES as KIT_STREAM_END_STATUSES } from '../orders/lifecycle.js'
