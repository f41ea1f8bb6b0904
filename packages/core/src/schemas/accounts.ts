import { z } from 'zod'
import { openEnum } from './common.js'

/*
 * Customer accounts (banking, optional): `/partner/customers/{customer_id}/accounts/…`. Shapes
 * from the OpenAPI document's examples and the interface description (2.8, 2.10, 4.10 to
 * 4.12). Every route answers 409 with `data.deposit_account_status` until the customer is
 * approved and its deposit-account product is `ready`.
 */

/** Asset types of an account. */
export const ACCOUNT_ASSET_TYPES = ['fiat', 'stablecoin'] as const
/** Account statuses: `pending` until its coordinates exist (`account.ready`), then `active`. */
export const ACCOUNT_STATUSES = ['pending', 'active'] as const
/** An account's status: one of `ACCOUNT_STATUSES`, or a newer value kept as it is. */
export const accountStatus = openEnum(ACCOUNT_STATUSES)
/** An account's status (`pending`, `active`, or a newer word kept as it is). */
export type AccountStatus = z.infer<typeof accountStatus>

/** Stablecoin networks an account may be opened on. */
export const STABLECOIN_NETWORKS = ['Base', 'Polygon'] as const

/**
 * A decimal amount as the service writes money: a string (`"250.00"`), never a float, so no
 * digit is lost.
 */
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, { error: 'Must be a decimal amount written as a string' })

/** An account balance: `available` as a decimal string, in `currency`. */
export const accountBalance = z.looseObject({
  available: decimalString,
  currency: z.string(),
})
/** An account balance. The type of what `accountBalance` parses to. */
export type AccountBalance = z.infer<typeof accountBalance>

/**
 * Body of `POST /partner/customers/{customer_id}/accounts`: one rail. Idempotent: the same
 * `asset_type`, `currency` and `network` answer the existing account. A stablecoin account needs
 * its `network` (`Base` or `Polygon`).
 */
export const openAccountRequest = z
  .strictObject({
    asset_type: z.enum(ACCOUNT_ASSET_TYPES, { error: 'asset_type must be fiat or stablecoin' }),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3,5}$/, { error: 'currency must be a currency code such as EUR or USDC' })
      .transform((value) => value.toUpperCase()),
    network: z.enum(STABLECOIN_NETWORKS, { error: 'network must be Base or Polygon' }).optional(),
    display_name: z
      .string()
      .min(1)
      .max(64, { error: 'display_name is at most 64 characters' })
      .optional(),
  })
  .refine((body) => body.asset_type !== 'stablecoin' || body.network !== undefined, {
    error: 'network is required for a stablecoin account (Base or Polygon)',
    path: ['network'],
  })
  .refine((body) => body.asset_type !== 'fiat' || body.network === undefined, {
    error: 'A fiat account has no network',
    path: ['network'],
  })
/**
 * Body of `POST /partner/customers/{customer_id}/accounts`: one rail. The type of what
 * `openAccountRequest` accepts.
 */
export type OpenAccountRequest = z.input<typeof openAccountRequest>

/**
 * A customer account (interface description 2.8, the OpenAPI's examples): fiat accounts carry
 * bank coordinates (`account_number`, `bank_name`, `swift_bic`), stablecoin accounts a
 * `wallet_address` on `network`. Coordinates and balance are absent or null while `pending`.
 */
export const customerAccount = z.looseObject({
  id: z.number().int().min(1),
  customer_id: z.string(),
  asset_type: openEnum(ACCOUNT_ASSET_TYPES),
  currency: z.string(),
  network: z.string().nullable().optional(),
  status: accountStatus,
  display_name: z.string().nullable().optional(),
  wallet_address: z.string().nullable().optional(),
  account_number: z.string().nullable().optional(),
  bank_code: z.string().nullable().optional(),
  bank_name: z.string().nullable().optional(),
  swift_bic: z.string().nullable().optional(),
  balance: accountBalance.nullable().optional(),
  created_at: z.string(),
})
/**
 * A customer account (interface description 2.8, the OpenAPI's examples): fiat accounts carry bank
 * coordinates (`account_number`, `bank_name`, `swift_bic`), stablecoin accounts a `wallet_address`
 * on `network`. The type of what `customerAccount` parses to.
 */
export type CustomerAccount = z.infer<typeof customerAccount>

/** The `data` of the accounts list. */
export const customerAccounts = z.looseObject({ accounts: z.array(customerAccount) })
/** The `data` of the accounts list. The type of what `customerAccounts` parses to. */
export type CustomerAccounts = z.infer<typeof customerAccounts>

/** Deposit-instruction statuses: `ready` once the coordinates can be shown. */
export const DEPOSIT_INSTRUCTION_STATUSES = ['ready', 'pending'] as const

/**
 * The `data` of `GET …/accounts/{account_id}/deposit-instructions`: how to fund the account.
 * Fiat: the holder's name and bank coordinates; stablecoin: `wallet_address` on `network`. The
 * service answers 422 while the coordinates are still being provisioned.
 */
export const depositInstructions = z.looseObject({
  account_id: z.number().int().min(1),
  customer_id: z.string(),
  asset_type: openEnum(ACCOUNT_ASSET_TYPES),
  currency: z.string(),
  network: z.string().nullable().optional(),
  status: openEnum(DEPOSIT_INSTRUCTION_STATUSES),
  account_holder_name: z.string().nullable().optional(),
  account_number: z.string().nullable().optional(),
  bank_code: z.string().nullable().optional(),
  bank_name: z.string().nullable().optional(),
  swift_bic: z.string().nullable().optional(),
  wallet_address: z.string().nullable().optional(),
  instructions: z.string().optional(),
})
/**
 * The `data` of `GET …/accounts/{account_id}/deposit-instructions`: how to fund the account. The
 * type of what `depositInstructions` parses to.
 */
export type DepositInstructions = z.infer<typeof depositInstructions>

/** 2.10: a payout bank. `bank_code` and `bank_name` are used on payout preview. */
export const payoutBank = z.looseObject({
  bank_code: z.string(),
  bank_name: z.string(),
  swift_bic: z.string().optional(),
})
/** 2.10: a payout bank. The type of what `payoutBank` parses to. */
export type PayoutBank = z.infer<typeof payoutBank>

/** 4.12: the `data` of the payout banks directory; `banks` is empty where none exists. */
export const payoutBanks = z.looseObject({
  account_id: z.number().int(),
  currency: z.string(),
  country: z.string().nullable(),
  customer_id: z.string(),
  banks: z.array(payoutBank),
})
/**
 * 4.12: the `data` of the payout banks directory; `banks` is empty where none exists. The type of
 * what `payoutBanks` parses to.
 */
export type PayoutBanks = z.infer<typeof payoutBanks>

/** The account as account webhooks nest it (`account`): the API's account, balance usually null. */
export const webhookAccountObject = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  customer_id: z.string().optional(),
  asset_type: z.string().optional(),
  currency: z.string().optional(),
  network: z.string().nullable().optional(),
  status: z.string().optional(),
  balance: accountBalance.nullable().optional(),
})

/**
 * The `credit` of `account.credited`: `amount` is a decimal string (for card funding, the net
 * credit), `amount_minor` and `fee_minor` integers in the currency's minor unit.
 */
export const webhookAccountCredit = z.looseObject({
  amount: decimalString,
  amount_minor: z.number().int().optional(),
  currency: z.string().optional(),
  fee_minor: z.number().int().optional(),
  reference: z.string().nullable().optional(),
  narration: z.string().nullable().optional(),
})
/** The `credit` of `account.credited`. The type of what `webhookAccountCredit` parses to. */
export type WebhookAccountCredit = z.infer<typeof webhookAccountCredit>

/** The `send` of `account.send.completed` and `account.send.failed`. */
export const webhookAccountSend = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  account_id: z.union([z.number(), z.string()]).optional(),
  status: z.string(),
  currency: z.string().optional(),
  network: z.string().nullable().optional(),
  to_address: z.string().nullable().optional(),
  amount: decimalString.optional(),
  fee: decimalString.optional(),
  receive_amount: decimalString.optional(),
  fee_status: z.string().optional(),
  created_at: z.string().optional(),
})
/**
 * The `send` of `account.send.completed` and `account.send.failed`. The type of what
 * `webhookAccountSend` parses to.
 */
export type WebhookAccountSend = z.infer<typeof webhookAccountSend>

/**
 * The body of every `account.*` event as published: `event_type`, the customer (`customer_id`
 * `pcus_…`; older integrations' `customer_uid` and legacy `entity_id`), `account_id`, and the
 * typed object of the event: `account` (opened, ready, credited), `credit` (credited, with
 * `source: "card_charge"` for card funding), `send` (send completed or failed). Which account an
 * event is about: `account_id`, else `account.id`, else `send.account_id`.
 */
export const webhookAccount = z.looseObject({
  event_type: z.string().optional(),
  customer_id: z.string().optional(),
  customer_uid: z.string().optional(),
  entity_id: z.union([z.number(), z.string()]).optional(),
  account_id: z.union([z.number(), z.string()]).optional(),
  source: z.string().optional(),
  account: webhookAccountObject.optional(),
  credit: webhookAccountCredit.optional(),
  send: webhookAccountSend.optional(),
})
/**
 * The body of every `account.*` event as published. The type of what `webhookAccount` parses to.
 */
export type WebhookAccount = z.infer<typeof webhookAccount>
