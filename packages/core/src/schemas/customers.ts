import { z } from 'zod'

/**
 * 4.9: body of POST /partner/customers.
 *
 * Assumption (spec: "not shown"): the partner's own reference, the customer type, and the
 * person's name, email, date of birth (mm/dd/yyyy) and country. Strict: a key not listed is
 * refused.
 */
export const createCustomerRequest = z.strictObject({
  partner_customer_ref: z.string().min(1).max(128),
  type: z.enum(['individual', 'business']).default('individual'),
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  email: z.email().max(254).optional(),
  dob: z.string().max(32).optional(),
  country: z.string().length(2).optional(),
})
export type CreateCustomerRequest = z.input<typeof createCustomerRequest>

/** Deposit-account product status (spec section 3): `pending` then `ready`. */
export const depositAccountStatus = z.string()

/**
 * 2.11 and 4.9: a customer. The webhook body's fields; the GET adds nothing the spec shows,
 * so this is also the assumed shape of POST and GET /partner/customers.
 */
export const customer = z.looseObject({
  customer_id: z.string(),
  partner_customer_ref: z.string().optional(),
  type: z.string().optional(),
  status: z.string(),
  environment: z.string().optional(),
  submitted_at: z.string().nullable().optional(),
  reviewed_at: z.string().nullable().optional(),
  products: z
    .looseObject({
      deposit_account: z.looseObject({ status: depositAccountStatus }).optional(),
    })
    .optional(),
  can_open_deposit_account: z.boolean().optional(),
})
export type Customer = z.infer<typeof customer>

/** 2.8: a customer account (stablecoin or fiat). `balance.available` is a decimal string. */
export const customerAccount = z.looseObject({
  id: z.number().int().min(1),
  customer_id: z.string(),
  asset_type: z.enum(['stablecoin', 'fiat']),
  currency: z.string(),
  network: z.string().nullable(),
  status: z.string(),
  display_name: z.string(),
  wallet_address: z.string().optional(),
  account_number: z.string().optional(),
  bank_name: z.string().optional(),
  swift_bic: z.string().optional(),
  balance: z.looseObject({ available: z.string(), currency: z.string() }),
  created_at: z.string(),
})
export type CustomerAccount = z.infer<typeof customerAccount>

/** 4.10: the `data` of the accounts list. */
export const customerAccounts = z.looseObject({ accounts: z.array(customerAccount) })
export type CustomerAccounts = z.infer<typeof customerAccounts>

/** 2.10: a payout bank. `bank_code` and `bank_name` are used on payout preview. */
export const payoutBank = z.looseObject({
  bank_code: z.string(),
  bank_name: z.string(),
  swift_bic: z.string().optional(),
})
export type PayoutBank = z.infer<typeof payoutBank>

/** 4.12: the `data` of the payout banks directory; `banks` is empty where none exists. */
export const payoutBanks = z.looseObject({
  account_id: z.number().int(),
  currency: z.string(),
  country: z.string().nullable(),
  customer_id: z.string(),
  banks: z.array(payoutBank),
})
export type PayoutBanks = z.infer<typeof payoutBanks>

/** 2.9: an EIP-712 signing key of a customer. */
export const signingKey = z.looseObject({
  key_id: z.string(),
  address: z.string(),
  status: z.enum(['active', 'revoked']),
  nonce_high_water: z.number().int(),
  next_nonce: z.number().int().optional(),
  activated_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
})
export type SigningKey = z.infer<typeof signingKey>

/** 4.13: the `data` of the signing keys list. */
export const signingKeys = z.looseObject({ keys: z.array(signingKey) })
export type SigningKeys = z.infer<typeof signingKeys>
