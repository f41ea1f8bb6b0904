/**
 * Query keys of every rampkit query, scoped by endpoint so two kits on one page never share a
 * cache entry. Invalidate everything of one kit with `queryClient.invalidateQueries({ queryKey:
 * rampKitKeys.all(endpoint) })`.
 */
export const rampKitKeys = {
  all: (endpoint: string) => ['rampkit', endpoint] as const,
  config: (endpoint: string) => ['rampkit', endpoint, 'config'] as const,
  catalog: (endpoint: string, params: object) => ['rampkit', endpoint, 'catalog', params] as const,
  corridors: (endpoint: string, params: object) =>
    ['rampkit', endpoint, 'corridors', params] as const,
  banks: (endpoint: string, params: object) => ['rampkit', endpoint, 'banks', params] as const,
  paymentMethods: (endpoint: string, params: object) =>
    ['rampkit', endpoint, 'payment-methods', params] as const,
  orderRequirements: (endpoint: string, params: object) =>
    ['rampkit', endpoint, 'order-requirements', params] as const,
  tokens: (endpoint: string) => ['rampkit', endpoint, 'tokens'] as const,
  rates: (endpoint: string, params: object) => ['rampkit', endpoint, 'rates', params] as const,
  preview: (endpoint: string, params: object) => ['rampkit', endpoint, 'preview', params] as const,
  order: (endpoint: string, orderId: string) => ['rampkit', endpoint, 'order', orderId] as const,
  orders: (endpoint: string, params: object) => ['rampkit', endpoint, 'orders', params] as const,
  walletProof: (endpoint: string, address: string, chainId?: number) =>
    ['rampkit', endpoint, 'wallet-proof', address.toLowerCase(), chainId ?? null] as const,
  customer: (endpoint: string) => ['rampkit', endpoint, 'customer'] as const,
  accounts: (endpoint: string) => ['rampkit', endpoint, 'accounts'] as const,
  depositInstructions: (endpoint: string, accountId: string) =>
    ['rampkit', endpoint, 'deposit-instructions', accountId] as const,
  payoutBanks: (endpoint: string, accountId: string) =>
    ['rampkit', endpoint, 'payout-banks', accountId] as const,
}
