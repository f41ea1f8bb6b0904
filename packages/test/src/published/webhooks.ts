/**
 * Every `customer.*` and `account.*` webhook body, shaped as published: customer events as the
 * interface description's customer body (2.11, `can_open_deposit_account` on the deposit-account
 * event), account events as the webhooks guide's typed payloads (`event_type`, `customer_uid`,
 * legacy `entity_id`, and the nested `account`, `credit` or `send`). rampkit's own values.
 * Test-only; the server kit's tests replay them through its real webhook route.
 */
import { CUSTOMER_ID, PARTNER_REF } from './customers.js'

const customerBody = (status: string, depositAccount: string) => ({
  customer_id: CUSTOMER_ID,
  partner_customer_ref: PARTNER_REF,
  type: 'individual',
  status,
  environment: 'sandbox',
  submitted_at: '2026-09-03T09:16:00+00:00',
  reviewed_at: status === 'pending_review' ? null : '2026-09-03T09:18:00+00:00',
  products: { deposit_account: { status: depositAccount } },
})

/** The customer webhooks, by event name. */
export const customerEvents = {
  'customer.submitted': customerBody('pending_review', 'none'),
  'customer.approved': customerBody('approved', 'provisioning'),
  'customer.rejected': customerBody('rejected', 'none'),
  'customer.updated': customerBody('approved', 'ready'),
  'customer.deposit_account.updated': {
    ...customerBody('approved', 'ready'),
    can_open_deposit_account: true,
  },
  'customer.revoked': customerBody('suspended', 'ready'),
} as const

/** The account as account events nest it: coordinates null and `pending` until ready. */
const pendingAccount = {
  id: 18,
  entity_id: 11,
  asset_type: 'fiat',
  currency: 'EUR',
  network: null,
  status: 'pending',
  display_name: null,
  account_number: null,
  bank_code: null,
  bank_name: null,
  wallet_address: null,
  balance: null,
  created_at: '2026-09-03T09:30:00Z',
}
const readyAccount = {
  ...pendingAccount,
  status: 'active',
  display_name: 'EUR',
  account_number: 'DE44500105175407324931',
  bank_code: 'SBXBDEFF',
  bank_name: 'Sandbox Bank AG',
}

const envelope = (event: string) => ({
  event_type: event,
  customer_uid: PARTNER_REF,
  entity_id: 11,
})

const send = (status: 'completed' | 'failed') => ({
  id: 5,
  entity_id: 11,
  account_id: 21,
  status,
  currency: 'USDC',
  network: 'Base',
  to_address: '0x2222222222222222222222222222222222222222',
  amount: '12.345678',
  fee: '0.00',
  receive_amount: '12.345678',
  fee_status: 'final',
  chain_disclaimer: 'Send USDC on Base only.',
  created_at: '2026-09-03T10:00:00Z',
})

/** The account webhooks, by event name. */
export const accountEvents = {
  'account.opened': { ...envelope('account.opened'), account: pendingAccount },
  'account.ready': { ...envelope('account.ready'), account: readyAccount },
  'account.credited': {
    ...envelope('account.credited'),
    account_id: 18,
    credit: {
      amount: '1043.17',
      amount_minor: 104317,
      currency: 'EUR',
      fee_minor: 0,
      reference: 'INV-2209',
      narration: null,
    },
    account: readyAccount,
  },
  'account.send.completed': {
    ...envelope('account.send.completed'),
    account_id: 21,
    send: send('completed'),
  },
  'account.send.failed': {
    ...envelope('account.send.failed'),
    account_id: 21,
    send: send('failed'),
  },
} as const

/** `account.credited` from card funding: `source: "card_charge"`, `amount` the net credit. */
export const cardFundingCredit = {
  ...envelope('account.credited'),
  account_id: 18,
  source: 'card_charge',
  credit: {
    amount: '9.25',
    amount_minor: 925,
    currency: 'EUR',
    fee_minor: 75,
    reference: 'order-card-77',
    narration: null,
  },
  account: readyAccount,
}
