import type { KitApiRoute } from '@rampkit/core/kit'
import { depositInstructions } from './accounts/deposit-instructions.js'
import { listAccounts } from './accounts/list.js'
import { openAccount } from './accounts/open.js'
import { payoutBanks } from './accounts/payout-banks.js'
import { customerDocuments } from './customers/documents.js'
import { customerEvents } from './customers/events.js'
import { getCustomer } from './customers/get.js'
import { saveCustomer } from './customers/save.js'
import { submitCustomer } from './customers/submit.js'
import type { AnyRouteDefinition, RouteDefinition } from './define.js'
import { orderByTx } from './orders/by-tx.js'
import { createOrder } from './orders/create.js'
import { orderEvents } from './orders/events.js'
import { getOrder } from './orders/get.js'
import { listOrders } from './orders/list.js'
import { acceptQuote } from './quotes/accept.js'
import { createQuote } from './quotes/create.js'
import { catalogRoute } from './reads/catalog.js'
import { config } from './reads/config.js'
import { preview } from './reads/preview.js'
import { signingKeyChallenge } from './signing/challenge.js'
import { completeSigningKey } from './signing/complete.js'
import { signingKeys } from './signing/list.js'
import { revokeSigningKey } from './signing/revoke.js'
import { walletChallenge } from './wallets/challenge.js'
import { walletProof } from './wallets/proof.js'
import { proveWallet } from './wallets/prove.js'
import { receiveWebhook } from './webhooks/receive.js'

/**
 * Every route of `KIT_API`, by name, with its file's definition: the compiler refuses a table
 * with a route missing, one too many, or a definition filed under another route's name.
 */
export const ROUTES: {
  // biome-ignore lint/suspicious/noExplicitAny: each definition's needs are checked in its file.
  readonly [R in KitApiRoute]: RouteDefinition<R, any>
} = {
  config,
  catalog: catalogRoute('catalog'),
  corridors: catalogRoute('corridors'),
  banks: catalogRoute('banks'),
  paymentMethods: catalogRoute('paymentMethods'),
  orderRequirements: catalogRoute('orderRequirements'),
  rates: catalogRoute('rates'),
  tokens: catalogRoute('tokens'),
  preview,
  quotes: createQuote,
  acceptQuote,
  orders: listOrders,
  createOrder,
  order: getOrder,
  orderByTx,
  orderEvents,
  walletChallenge,
  walletProofs: proveWallet,
  walletProof,
  customer: getCustomer,
  saveCustomer,
  customerDocuments,
  submitCustomer,
  customerEvents,
  accounts: listAccounts,
  openAccount,
  depositInstructions,
  payoutBanks,
  signingKeyChallenge,
  completeSigningKey,
  signingKeys,
  revokeSigningKey,
  webhooks: receiveWebhook,
}

const all: readonly AnyRouteDefinition[] = Object.values(ROUTES)
const fromService = (route: AnyRouteDefinition) =>
  (route.guards as readonly string[]).includes('webhookSignature')

/**
 * The service's routes (its `webhookSignature` guard): mounted before the browser middleware
 * (CORS, the end user, the rate limits), which never run for them.
 */
export const WEBHOOK_ROUTES: readonly AnyRouteDefinition[] = all.filter(fromService)

/** The browser's routes, mounted after the browser middleware. */
export const BROWSER_ROUTES: readonly AnyRouteDefinition[] = all.filter(
  (route) => !fromService(route),
)
