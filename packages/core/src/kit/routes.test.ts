import { describe, expect, expectTypeOf, it } from 'vitest'
import type { CreateOrderRequest, TokenPreviewQuery } from '../schemas/index.js'
import {
  KIT_API,
  KIT_ROUTES,
  type KitApi,
  type KitBrowserRoute,
  type KitGuard,
  type KitRequestRoute,
  type KitRoute,
} from './routes.js'
import type { KitOrder } from './schemas.js'

const routes = Object.entries(KIT_API)

describe('KIT_API', () => {
  it('names each (method, path) once', () => {
    const keys = routes.map(([, { method, path }]) => `${method} ${path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('guards every browser write with the Origin check and a session', () => {
    for (const [name, route] of routes) {
      const guards: readonly KitGuard[] = route.guards
      if (route.method !== 'POST' || guards.includes('webhookSignature')) continue
      expect(guards, name).toEqual(expect.arrayContaining(['origin', 'session']))
    }
  })

  it('asks for a wallet proof exactly where tokens can be sold: an accept and a direct order', () => {
    const proven = routes.filter(([, route]) =>
      (route.guards as readonly KitGuard[]).includes('walletProof'),
    )
    expect(proven.map(([name]) => name).sort()).toEqual(['acceptQuote', 'createOrder'])
  })

  it('types params from the path, and query, body and answer per route', () => {
    expectTypeOf<KitApi['acceptQuote']['params']>().toEqualTypeOf<{ quoteId: string }>()
    expectTypeOf<KitApi['orderByTx']['params']>().toEqualTypeOf<{ txHash: string }>()
    expectTypeOf<KitApi['config']['params']>().toEqualTypeOf<undefined>()
    expectTypeOf<KitApi['preview']['query']>().toEqualTypeOf<TokenPreviewQuery>()
    expectTypeOf<KitApi['createOrder']['body']>().toEqualTypeOf<CreateOrderRequest>()
    expectTypeOf<KitApi['order']['body']>().toEqualTypeOf<undefined>()
    expectTypeOf<KitApi['orders']['answer']>().toEqualTypeOf<KitOrder[]>()
    expectTypeOf<'webhooks'>().not.toExtend<KitBrowserRoute>()
    expectTypeOf<'orderEvents'>().toExtend<KitBrowserRoute>()
    expectTypeOf<'orderEvents'>().not.toExtend<KitRequestRoute>()
  })
})

describe('KIT_ROUTES', () => {
  it('keeps its names and paths, taken from KIT_API', () => {
    expect(KIT_ROUTES).toEqual({
      config: '/config',
      catalog: '/catalog',
      corridors: '/corridors',
      banks: '/banks',
      paymentMethods: '/payment-methods',
      orderRequirements: '/order-requirements',
      rates: '/rates',
      tokens: '/tokens',
      preview: '/preview',
      quotes: '/quotes',
      acceptQuote: '/quotes/:quoteId/accept',
      orders: '/orders',
      order: '/orders/:orderId',
      orderByTx: '/orders/tx/:txHash',
      orderEvents: '/orders/:orderId/events',
      walletChallenge: '/wallets/challenge',
      walletProofs: '/wallets/proofs',
      walletProof: '/wallets/proofs/:address',
      customer: '/customer',
      customerDocuments: '/customer/documents',
      submitCustomer: '/customer/submit',
      customerEvents: '/customer/events',
      accounts: '/accounts',
      depositInstructions: '/accounts/:accountId/deposit-instructions',
      payoutBanks: '/accounts/:accountId/payout-banks',
      signingKeyChallenge: '/signing-keys/challenge',
      completeSigningKey: '/signing-keys/complete',
      signingKeys: '/signing-keys',
      revokeSigningKey: '/signing-keys/:keyId/revoke',
      webhooks: '/webhooks',
    })
    for (const [name, path] of Object.entries(KIT_ROUTES)) {
      expect(KIT_API[name as KitRoute].path).toBe(path)
    }
    expectTypeOf(KIT_ROUTES.acceptQuote).toEqualTypeOf<'/quotes/:quoteId/accept'>()
  })
})
