/**
 * Spec-shaped `data` payloads of every operation (sections 2 and 4 of the spec; the assumed
 * shapes of core's schemas where the spec says "not shown"). Each carries an extra field the
 * schemas do not know, to prove unknown fields pass through.
 */

export const SANDBOX_KEY = 'is_test_k3y_S3CR3T_do_not_leak_0123456789'
export const LIVE_KEY = 'is_live_k3y_L1V3_do_not_leak_9876543210'

export const WALLET = '0x1111111111111111111111111111111111111111'
export const TOKEN_ADDRESS = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
export const TX_HASH = `0x${'ab'.repeat(32)}`

export const indicativeRatesData = {
  requested: ['KES', 'NGN'],
  rates: [
    { currency: 'KES', buy: 129.1, sell: 128.4 },
    { currency: 'NGN', buy: 1550, sell: 1530 },
  ],
  fetched_at: '2025-01-01T00:00:00Z',
  extra_field: 'kept',
}

export const corridorsData = {
  african_markets: [{ country: 'KE', currency: 'KES', onramp: true, offramp: true }],
  international_bank: { currencies: [{ currency: 'EUR', onramp: true, offramp: false }] },
}

export const catalogData = {
  disclaimer: 'Indicative catalog: binding eligibility comes only from a quote.',
  onramp: {
    countries: {
      KE: {
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        enabled: true,
        payment_methods: {
          mobile_money: {
            enabled: true,
            label: 'Mobile money',
            quote_type: 'mobile_money',
            providers: [
              {
                code: 'MPESA',
                name: 'M-Pesa',
                enabled: true,
                id: '5b3e0c1e-8f6c-4b1e-9a55-2c6f1d1f0a11',
                min_amount: 100,
                max_amount: 150000,
                currency: 'KES',
              },
            ],
          },
          bank: { enabled: false, label: 'Bank', quote_type: 'bank', providers: [] },
        },
      },
    },
  },
}

export const banksData = {
  disclaimer: 'Best effort.',
  context: { country: 'NG', currency: 'NGN', order_type: 'OffRamp', payment_method_type: 'bank' },
  supported: true,
  message: 'Active networks',
  banks: [{ id: '0c7c3a52-1f4e-4c35-9a4e-6e1e2f3a4b5c', name: 'Access Bank' }],
}

/** GET /partner/payment-methods in the published form: per direction, `{ type, status, networks }`. */
export const paymentMethodsData = {
  context: { country: 'KE', currency: 'KES' },
  onramp: [
    {
      type: 'mobile_money',
      status: 'active',
      networks: [
        {
          id: '5b3e0c1e-8f6c-4b1e-9a55-2c6f1d1f0a11',
          name: 'M-Pesa',
          min_amount: 10,
          max_amount: 250000,
          currency: 'KES',
        },
      ],
    },
    { type: 'bank', status: 'active', networks: [] },
  ],
}

/** A KES mobile-money buy, in the published quote request form (inline customer). */
export const quoteRequestBody = {
  order_type: 'OnRamp' as const,
  country: 'ke',
  currency: 'kes',
  local_amount: 1500,
  asset: { token: TOKEN_ADDRESS, currency: 'USDC', network: 'BASE' },
  payment_method: {
    type: 'mobile_money',
    network_id: '5b3e0c1e-8f6c-4b1e-9a55-2c6f1d1f0a11',
    phone_number: '+254712345678',
  },
  customer: { type: 'user' as const, name: 'Amina Njeri', dob: '01/31/1990' },
  wallet_address: WALLET,
}

/** Its quote, in the published answer form: the prices under `amounts`. */
export const quoteData = {
  quote_id: 'q_123',
  status: 'process',
  order_type: 'OnRamp',
  rail: 'local_fiat',
  expires_at: '2025-01-01T00:05:00Z',
  amounts: {
    rate: 129.5,
    rate_currency: 'KES',
    user_pays: { amount: 1500, currency: 'KES' },
    user_receives: { amount: 11.467181, currency: 'USDC', network: 'BASE' },
    fees: { service_fee_local: 15, service_fee_usd: 0.12, network_fee_local: 0 },
  },
  instructions: { available_after_accept: true },
}

/** An accept's `data` in the published form: the order under `order`, instructions under `accepted`. */
export const acceptedOrderData = {
  quote_id: 'q_123',
  status: 'processing',
  order: {
    order_id: 'ord_123',
    status: 'processing',
    order_type: 'OnRamp',
    amount_fiat: 1500,
    amount_crypto: 11.583011,
    currency: 'KES',
    token: 'BASE_USDC',
    wallet_address: WALLET,
    exchange_rate: 129.5,
  },
  accepted: {
    payment_instructions: {
      type: 'momo',
      source: { accountNumber: '+254712345678', networkName: 'M-Pesa' },
    },
  },
  rail: 'local_fiat',
}

export const partnerOrderData = {
  order_id: 'ord_123',
  status: 'settled',
  amount_fiat: 1500,
  currency: 'KES',
  amount_crypto: 11.583011,
  exchange_rate: 129.5,
  order_type: 'OnRamp',
  wallet_address: WALLET,
  settlement_transaction_hash: TX_HASH,
  created_at: '2025-01-01T00:00:00.123456Z',
  quote_id: 'q_123',
}

export const tokenPreviewData = {
  rate: 129.5,
  token_amount: 11.583011,
  fiat_paid: 1500,
  symbol: 'USDC',
  decimals: 6,
}

export const createOrderBody = {
  user_address: WALLET,
  token: TOKEN_ADDRESS,
  order_type: 1 as const,
  fiat_payload: {
    amount_fiat: 1500,
    cashout_type: 'PHONE',
    phone_number: '+254712345678',
    currency: 'KES',
  },
}

export const createdOrderData = {
  tx_hash: TX_HASH,
  status: 'submitted',
  rate_used: 129.5,
  amount_sent: 11.583011,
  fiat_paid: 1500,
}

export const orderListData = [
  {
    order_id: 'ord_1',
    status: 'SETTLED',
    amount_crypto: 11.583011,
    amount_fiat: 1500,
    currency: 'KES',
    exchange_rate: 129.5,
    token: 'BASE_USDC',
    creation_transaction_hash: TX_HASH,
    settlement_transaction_hash: TX_HASH,
    order_type: 'OffRamp',
    wallet_address: WALLET,
    created_at: '2025-01-01T00:00:00.123Z',
  },
]

export const metaTokensData = {
  environment: 'sandbox',
  spender: WALLET,
  tokens: [
    {
      symbol: 'USDC',
      label: 'BASE_USDC(Testnet)',
      address: TOKEN_ADDRESS,
      decimals: 6,
      chain_id: 84532,
    },
  ],
}

export const txOrderData = { tx_hash: TX_HASH, order_id: 'ord_1', status: 'processing' }

export const webhookTestData = { event: 'order.settled', request_id: 'req_1' }
