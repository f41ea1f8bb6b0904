/**
 * Account answers shaped as the service's published examples (the OpenAPI document's
 * `partner-customer-accounts` examples), with rampkit's own values. Test-only.
 */
import { CUSTOMER_ID } from './customers.js'

/** The open answer of a fiat EUR account (201, or 200 "already exists" on a repeat). */
export const eurAccount = {
  id: 18,
  customer_id: CUSTOMER_ID,
  asset_type: 'fiat',
  currency: 'EUR',
  network: null,
  status: 'active',
  display_name: 'EUR',
  account_number: 'DE44500105175407324931',
  bank_name: 'Sandbox Bank AG',
  swift_bic: 'SBXBDEFFXXX',
  balance: { available: '1043.17', currency: 'EUR' },
  created_at: '2026-09-03T09:30:00+00:00',
}

/** A USDC account on Base. */
export const usdcAccount = {
  id: 21,
  customer_id: CUSTOMER_ID,
  asset_type: 'stablecoin',
  currency: 'USDC',
  network: 'Base',
  status: 'active',
  display_name: 'USDC Base',
  wallet_address: '0x9a8B7c6D5e4F3a2B1c0D9e8F7a6B5c4D3e2F1a0B',
  balance: { available: '0.000001', currency: 'USDC' },
  created_at: '2026-09-03T09:31:00+00:00',
}

/** The list answer. */
export const accountList = { accounts: [usdcAccount, eurAccount] }

/** Deposit instructions of the EUR account. */
export const eurDepositInstructions = {
  account_id: 18,
  customer_id: CUSTOMER_ID,
  asset_type: 'fiat',
  currency: 'EUR',
  network: null,
  status: 'ready',
  account_holder_name: 'Wanjiku Mwangi',
  account_number: 'DE44500105175407324931',
  bank_code: 'SBXBDEFF',
  bank_name: 'Sandbox Bank AG',
  swift_bic: 'SBXBDEFFXXX',
  instructions: 'Pay by bank transfer in EUR to this account, in the holder name shown.',
}

/** Every account route before the banking gate opens: 409 with the product status. */
export const depositAccountNotReady = {
  status: 'error',
  message: 'Deposit account is not ready',
  data: { deposit_account_status: 'pending' },
}

/** Deposit instructions while the coordinates are provisioned: 422. */
export const instructionsNotReady = {
  status: 'error',
  message: 'Deposit instructions are not ready yet',
  data: { account_id: 18, status: 'pending', hint: 'Wait for account.ready' },
}

/** An account id the customer does not own: 404 with `data: null`. */
export const accountNotFound = { status: 'error', message: 'Account not found', data: null }

/** The payout bank directory of an NGN account (interface description 4.12 and 2.10). */
export const ngnPayoutBanks = {
  account_id: 7,
  currency: 'NGN',
  country: 'NG',
  customer_id: CUSTOMER_ID,
  banks: [
    { bank_code: '058', bank_name: 'Guaranty Trust Bank', swift_bic: 'GTBINGLA' },
    { bank_code: '044', bank_name: 'Access Bank' },
  ],
}
