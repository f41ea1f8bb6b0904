import { depositInstructions } from './accounts/deposit-instructions.js'
import { listAccounts } from './accounts/list.js'
import { openAccount } from './accounts/open.js'
import { payoutBanks } from './accounts/payout-banks.js'
import { customerDocuments } from './customers/documents.js'
import { customerEvents } from './customers/events.js'
import { getCustomer } from './customers/get.js'
import { saveCustomer } from './customers/save.js'
import { submitCustomer } from './customers/submit.js'
import type { AnyRouteDefinition } from './define.js'
import { orderByTx } from './orders/by-tx.js'
import { createOrder } from './orders/create.js'
import { orderEvents } from './orders/events.js'
import { getOrder } from './orders/get.js'
import { listOrders } from './orders/list.js'
import { acceptQuote } from './quotes/accept.js'
import { createQuote } from './quotes/create.js'
import { CATALOG_ROUTES } from './reads/catalog.js'
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
 * The kit routes written as one file each (`defineRoute`), which `mountRoutes` mounts. The
 * service's webhook is apart: it is mounted before the browser middleware (CORS, the end user,
 * the rate limits), which never run for it.
 */
export const WEBHOOK_ROUTES: readonly AnyRouteDefinition[] = [receiveWebhook]

/** The browser's routes written as one file each, mounted after the browser middleware. */
export const BROWSER_ROUTES: readonly AnyRouteDefinition[] = [
  ...CATALOG_ROUTES,
  preview,
  config,
  createQuote,
  acceptQuote,
  listAccounts,
  openAccount,
  depositInstructions,
  payoutBanks,
  createOrder,
  listOrders,
  orderByTx,
  getOrder,
  orderEvents,
  walletChallenge,
  proveWallet,
  walletProof,
  signingKeyChallenge,
  completeSigningKey,
  signingKeys,
  revokeSigningKey,
  getCustomer,
  saveCustomer,
  customerDocuments,
  submitCustomer,
  customerEvents,
]
