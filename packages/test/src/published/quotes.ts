/**
 * Quote and accept bodies shaped as the service's published examples (the OpenAPI quote request
 * examples and the quote-and-accept guide), with rampkit's own values. Test-only.
 */
import { CUSTOMER_ID } from './customers.js'

/** Base USDC and Polygon USDT, the contracts the published local-fiat rail takes. */
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
export const POLYGON_USDT = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'
const MPESA = '0d6f3a52-95d4-4c1e-8f0b-3c7a9e2d41b6'

/** A KES mobile-money buy for a vault customer. */
export const keOnRampByCustomerId = {
  order_type: 'OnRamp' as const,
  currency: 'KES',
  country: 'KE',
  local_amount: 2500,
  customer_id: CUSTOMER_ID,
  asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
  payment_method: { type: 'mobile_money', phone_number: '+2541111111111', network_id: MPESA },
  wallet_address: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB' as `0x${string}`,
}

/** A KES mobile-money sale: tokens sent, a refund address instead of a wallet address. */
export const keOffRampByCustomerId = {
  order_type: 'OffRamp' as const,
  currency: 'KES',
  country: 'KE',
  crypto_amount: 35.5,
  customer_id: CUSTOMER_ID,
  asset: { token: POLYGON_USDT, currency: 'USDT', network: 'POLYGON' },
  payment_method: { type: 'mobile_money', phone_number: '+2541111111111', network_id: MPESA },
  refund_address: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB' as `0x${string}`,
}

/** The deprecated inline customer form, as the sandbox example sends it. */
export const keOnRampInline = {
  ...(({ customer_id: _id, ...rest }) => rest)(keOnRampByCustomerId),
  customer: {
    uid: 'rk-shopper-0042',
    type: 'user' as const,
    name: 'Successful Wanjiku Kamau',
    country: 'KE',
    phone: '+2541111111111',
    address: 'Mombasa',
    dob: '09/23/1994',
    email: 'wanjiku@example.com',
    id_number: 'B7654321',
    id_type: 'national_id',
  },
}

/** The quote's answer (200): prices under `amounts`, payment instructions only after accept. */
export const keOnRampQuote = {
  quote_id: 'yc_receive_2c1f9a0e-7d44-5b1a-9e3c-6f80d2a4b713',
  rail: 'local_fiat',
  status: 'process',
  order_type: 'OnRamp',
  route: { family: 'ramp_provider', rail: 'local_fiat', direction: 'payin', mode: 'auto' },
  expires_at: '2026-11-24T10:05:00.000Z',
  amounts: {
    rate: 129.84,
    rate_currency: 'KES',
    user_pays: { amount: 2500, currency: 'KES' },
    user_receives: { amount: 18.94639562, currency: 'USDC', network: 'BASE' },
    fees: {
      network_fee_usd: 0,
      network_fee_local: 0,
      service_fee_usd: 0.19,
      service_fee_local: 24.5,
      partner_fee_usd: 0,
      partner_fee_local: 0,
    },
  },
  instructions: { available_after_accept: true, note: 'Accept to get the payment prompt.' },
  audit: { rail: 'local_fiat', token_symbol: 'BASE_USDC', crypto_network: 'BASE' },
}

/** The accept's answer: the order under `order`. */
export const keOnRampAccepted = {
  quote_id: keOnRampQuote.quote_id,
  status: 'processing',
  order: {
    order_id: 'YC-2c1f9a0e-7d44-5b1a-9e3c-6f80d2a4b713',
    status: 'processing',
    order_type: 'OnRamp',
    amount_fiat: 2500,
    amount_crypto: 18.94639,
    currency: 'KES',
  },
}

/** An off-ramp accept: where the customer sends the tokens (`crypto_deposit`). */
export const keOffRampAccepted = {
  quote_id: 'yc_send_81d0c6e2-3a5f-5e9b-b2d7-0c4e1f9a6b35',
  status: 'processing',
  order: {
    order_id: 'YC-81d0c6e2-3a5f-5e9b-b2d7-0c4e1f9a6b35',
    status: 'pending',
    order_type: 'OffRamp',
    amount_fiat: 4571.3,
    amount_crypto: 35.5,
    currency: 'KES',
  },
  crypto_deposit: {
    address: '0x9f3C2b1A0e8D7c6B5a4F3e2D1c0B9a8F7e6D5c4B',
    network: 'POLYGON',
    currency: 'USDT',
    amount: 35.5,
  },
}

/** Access Bank's network id in these fixtures (a bank provider of the catalog). */
const ACCESS_BANK = '3c9d2e71-5a08-4f6b-9e1d-7b2a4c6f8e05'

/** The Nigerian retail customer of the published bank quotes: the BVN beside its type. */
const nigerianCustomer = {
  uid: 'rk-shopper-0107',
  type: 'user' as const,
  name: 'Chinedu Okafor',
  country: 'NG',
  phone: '+2348031234567',
  address: 'Lagos',
  dob: '11/02/1988',
  email: 'chinedu@example.com',
  id_number: 'A07712345',
  id_type: 'passport',
  additional_id_number: '22187654321',
  additional_id_type: 'bvn',
}

/** Their bank account: the sandbox guide's success account, at Access Bank. */
const nigerianBank = {
  type: 'bank',
  account_number: '1111111111',
  account_name: 'Chinedu Okafor',
  network_id: ACCESS_BANK,
}

/**
 * An NGN bank buy as the published Nigerian OnRamp example sends it (inline customer with
 * `additional_id_type: 'bvn'`, bank `account_number`, `account_name`, `network_id`), with the
 * sandbox guide's success account `1111111111` instead of an invented one.
 */
export const ngOnRampBank = {
  order_type: 'OnRamp' as const,
  currency: 'NGN',
  country: 'NG',
  local_amount: 50000,
  asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
  customer: nigerianCustomer,
  payment_method: nigerianBank,
  wallet_address: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB' as `0x${string}`,
}

/** The published Nigerian OffRamp bank example's shape: tokens sold, NGN paid to the bank. */
export const ngOffRampBank = {
  order_type: 'OffRamp' as const,
  currency: 'NGN',
  country: 'NG',
  crypto_amount: 20,
  asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
  refund_address: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB' as `0x${string}`,
  customer: nigerianCustomer,
  payment_method: nigerianBank,
}

/**
 * The published KE OffRamp example in its older form: a top-level `rail` (still accepted by
 * the live service) and the customer's ID as camelCase `idNumber` / `idType`.
 */
export const keOffRampLegacyInline = {
  rail: 'local_fiat',
  order_type: 'OffRamp' as const,
  currency: 'KES',
  country: 'KE',
  crypto_amount: 20,
  asset: { token: POLYGON_USDT, currency: 'USDT', network: 'POLYGON' },
  refund_address: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB' as `0x${string}`,
  customer: {
    uid: 'rk-shopper-0043',
    type: 'user' as const,
    name: 'Successful Otieno Ouma',
    country: 'KE',
    phone: '+254722000111',
    address: 'Kisumu',
    dob: '05/17/1991',
    email: 'otieno@example.com',
    idNumber: 'B1239876',
    idType: 'passport',
  },
  payment_method: {
    type: 'mobile_money',
    phone_number: '+2541111111111',
    network_id: MPESA,
    account_name: 'Successful Otieno Ouma',
  },
}
