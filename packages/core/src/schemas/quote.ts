import { z } from 'zod'
import { countryCode, currencyCode, customerId, orderTypeName } from './common.js'
import { serviceOnly, serviceRequest } from './request.js'
import { typedData } from './signingKeys.js'

/** An EVM address as a quote carries it: 0x and 40 hex digits, any case. */
const quoteAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Must be a 0x-prefixed 20-byte hex address' })
  .transform((value) => value as `0x${string}`)

/**
 * The crypto side of a quote (`asset`): the token's contract address, its symbol and the
 * network's name in the service's words (`BASE`, `POLYGON`). The published example sends all
 * three; the sandbox's local test tokens go by their own addresses and its network name.
 */
export const quoteAsset = serviceRequest({
  token: z.string().min(1).max(128).optional(),
  currency: z.string().min(1).max(32),
  network: z.string().min(1).max(64),
})
/**
 * The crypto side of a quote (`asset`): the token's contract address, its symbol and the network's
 * name in the service's words (`BASE`, `POLYGON`). The type of what `quoteAsset` accepts.
 */
export type QuoteAsset = z.input<typeof quoteAsset>

/**
 * The deprecated inline customer of a quote (the published `customer` object), for partners
 * not on the customer vault yet. The spec's named rule inputs are `name`, `dob` (mm/dd/yyyy on
 * Kenyan and other African retail rails) and `additional_id_number` (Nigeria's BVN, beside
 * `additional_id_type: 'bvn'` as the Nigerian examples and the sandbox guide send it); the
 * published form adds `uid`, `type`, `country`, `phone`, `address`, `email`, `id_number`,
 * `id_type`, and for institutions `business_name` / `business_id`. One published example writes
 * the ID as `idNumber` / `idType`: typed, passed on, not taken from a browser by the kit.
 */
export const quoteCustomer = serviceRequest({
  uid: z.string().min(1).max(128).optional(),
  type: z.enum(['user', 'institution']).optional(),
  name: z.string().max(200).optional(),
  business_name: z.string().max(200).optional(),
  business_id: z.string().max(64).optional(),
  country: z.string().max(2).optional(),
  phone: z.string().max(32).optional(),
  address: z.string().max(300).optional(),
  dob: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
  id_number: z.string().max(64).optional(),
  id_type: z.string().max(32).optional(),
  additional_id_type: z.string().min(1).max(32).optional(),
  additional_id_number: z.string().max(32).optional(),
  idNumber: serviceOnly(z.string().max(64).optional()),
  idType: serviceOnly(z.string().max(32).optional()),
})
/**
 * The deprecated inline customer of a quote (the published `customer` object), for partners not on
 * the customer vault yet. The type of what `quoteCustomer` accepts.
 */
export type QuoteCustomer = z.input<typeof quoteCustomer>

/** A published field the OpenAPI types as "this or null". */
const orNull = <T extends z.ZodType>(schema: T) => serviceOnly(schema.nullish())
const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

/**
 * The fiat side of a quote (`payment_method`): the rail `type`, `network_id` (catalog
 * `providers[].id` or a bank id from GET /partner/banks; sent on every rail), `phone_number` on
 * mobile money, `account_number` and `account_name` on bank. The published currency-conversion
 * examples add the ledger's `entity_id`, `account_id` and `destination_account_id`.
 */
export const quotePaymentMethod = serviceRequest({
  type: z.string().min(1).max(64),
  network_id: z.string().max(128).optional(),
  phone_number: z.string().max(32).optional(),
  account_number: z.string().max(64).optional(),
  account_name: z.string().max(128).optional(),
  entity_id: serviceOnly(id.optional()),
  account_id: serviceOnly(id.optional()),
  destination_account_id: serviceOnly(id.optional()),
})
/**
 * The fiat side of a quote (`payment_method`): the rail `type`, `network_id` (catalog
 * `providers[].id` or a bank id from GET /partner/banks; sent on every rail), `phone_number` on
 * mobile money, `account_number` and `account_name` on bank. The type of what `quotePaymentMethod`
 * accepts.
 */
export type QuotePaymentMethod = z.input<typeof quotePaymentMethod>

/**
 * 4.6: body of POST /partner/orders/quote (binding quote), in the form the service publishes
 * (its OpenAPI quote request and the quote-and-accept guide; the spec names only the rule
 * inputs).
 *
 * - Amount: `local_amount` (whole units of `currency`, what an on-ramp user pays) or
 *   `crypto_amount` (tokens an off-ramp user sends), exactly one.
 * - `asset`: the token (`{ token, currency, network }`).
 * - Customer: `customer_id` (an approved vault customer, `pcus_…`) or the deprecated inline
 *   `customer`, exactly one.
 * - `payment_method`: see `quotePaymentMethod`.
 * - `wallet_address` on OnRamp (where the tokens go), `refund_address` on OffRamp (where they go
 *   back if the payout fails), never the other.
 * - The published request schema's other fields, which the service still accepts (the routing
 *   hint `rail`, `provider`, `customer_type`, the legacy top-level aliases and blocks): typed
 *   and passed on; the server kit does not take them from a browser.
 *
 * A key core does not list goes to the service unchanged (the service is the authority on its
 * fields); `signal` is refused by its path. The server kit parses browser bodies with the strict
 * form (`kitQuoteRequest`), which refuses any key it does not list.
 */
export const quoteRequest = serviceRequest({
  order_type: orderTypeName,
  country: countryCode.optional(),
  currency: currencyCode,
  local_amount: z
    .number({ error: 'local_amount must be a number' })
    .int({ error: 'local_amount must be a whole number of the currency' })
    .min(1, { error: 'local_amount must be 1 or more' })
    .max(1e15, { error: 'local_amount is too large' })
    .optional(),
  crypto_amount: z
    .number({ error: 'crypto_amount must be a number' })
    .positive({ error: 'crypto_amount must be greater than 0' })
    .max(1e15, { error: 'crypto_amount is too large' })
    .optional(),
  asset: quoteAsset,
  customer_id: customerId.optional(),
  customer: quoteCustomer.optional(),
  payment_method: quotePaymentMethod,
  wallet_address: quoteAddress.optional(),
  refund_address: quoteAddress.optional(),
  // The published request schema beyond the canonical blocks.
  rail: orNull(z.string().min(1).max(64)),
  provider: orNull(
    z.enum(['local fiat rail', 'international bank', 'elementpay', 'native'], {
      error: 'provider must be local fiat rail, international bank, elementpay or native',
    }),
  ),
  customer_type: serviceOnly(
    z
      .enum(['retail', 'institution'], { error: 'customer_type must be retail or institution' })
      .optional(),
  ),
  reason: serviceOnly(z.string().max(64).optional()),
  subject_type: orNull(z.enum(['user', 'organization'])),
  subject_id: orNull(z.string().max(64)),
  customer_uid: orNull(z.string().max(128)),
  token: orNull(z.string().max(128)),
  crypto_currency: orNull(z.string().max(32)),
  crypto_network: orNull(z.string().max(64)),
  amount: orNull(z.union([z.number(), z.string().max(64)])),
  fiat_amount: orNull(z.number().int().min(1)),
  channel_id: orNull(z.string().min(1).max(128)),
  channel_type: orNull(z.string().max(64)),
  sequence_id: orNull(z.string().max(128)),
  wallet_tag: orNull(z.string().max(128)),
  sender_address: orNull(z.string().max(128)),
  refund_to_source_address: serviceOnly(z.boolean().optional()),
  redirect_url: orNull(z.string().max(2048)),
  recipient: orNull(z.record(z.string(), z.unknown())),
  source: orNull(z.record(z.string(), z.unknown())),
  sender: orNull(z.record(z.string(), z.unknown())),
  destination: orNull(z.record(z.string(), z.unknown())),
}).superRefine((body, ctx) => {
  if ((body.local_amount === undefined) === (body.crypto_amount === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Give exactly one of local_amount or crypto_amount',
      path: [body.order_type === 'OffRamp' ? 'crypto_amount' : 'local_amount'],
    })
  }
  if ((body.customer_id === undefined) === (body.customer === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Give exactly one of customer_id or customer',
      path: ['customer_id'],
    })
  }
  if (body.order_type === 'OnRamp') {
    if (body.wallet_address === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'wallet_address is required to buy: the tokens are sent there',
        path: ['wallet_address'],
      })
    }
    if (body.refund_address !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'refund_address is for OffRamp quotes only',
        path: ['refund_address'],
      })
    }
  } else {
    if (body.refund_address === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'refund_address is required to sell: the tokens go back there if the payout fails',
        path: ['refund_address'],
      })
    }
    if (body.wallet_address !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'wallet_address is for OnRamp quotes; an OffRamp quote takes refund_address',
        path: ['wallet_address'],
      })
    }
  }
})
/**
 * 4.6: body of POST /partner/orders/quote (binding quote), in the form the service publishes (its
 * OpenAPI quote request and the quote-and-accept guide; the spec names only the rule inputs). The
 * type of what `quoteRequest` accepts.
 */
export type QuoteRequest = z.input<typeof quoteRequest>

const money = z.looseObject({
  amount: z.number(),
  currency: z.string(),
  network: z.string().optional(),
})

/**
 * The prices of a quote (`amounts`): the locked `rate` (in `rate_currency` per token), what the
 * user pays and receives (human units, each with its currency; the crypto side names its
 * network), and the fees in local currency and USD. Fee kinds the documents do not list are
 * kept.
 */
export const quoteAmounts = z.looseObject({
  rate: z.number(),
  rate_currency: z.string().optional(),
  user_pays: money,
  user_receives: money,
  fees: z
    .looseObject({
      service_fee_local: z.number().optional(),
      service_fee_usd: z.number().optional(),
      network_fee_local: z.number().optional(),
      network_fee_usd: z.number().optional(),
      partner_fee_local: z.number().optional(),
      partner_fee_usd: z.number().optional(),
    })
    .optional(),
})
/**
 * The prices of a quote (`amounts`): the locked `rate` (in `rate_currency` per token), what the
 * user pays and receives (human units, each with its currency; the crypto side names its network),
 * and the fees in local currency and USD. The type of what `quoteAmounts` parses to.
 */
export type QuoteAmounts = z.infer<typeof quoteAmounts>

/**
 * The `signing` block of a quote when "signed accepts" are on for the key and the vault
 * customer has an active signing key (the signed-accepts guide): the key, its address, the nonce
 * the accept uses, and the `typed_data` (`primaryType: AcceptPartnerOrder`) the customer's wallet
 * signs, exactly as received; the signature goes back as `signed_accept.signature`.
 */
export const quoteSigning = z.looseObject({
  next_nonce: z.number().int().optional(),
  key_id: z.string(),
  signer_address: z.string(),
  typed_data: typedData,
})
/**
 * The `signing` block of a quote when "signed accepts" are on for the key and the vault customer
 * has an active signing key (the signed-accepts guide): the key, its address, the nonce the accept
 * uses, and the `typed_data` the customer's wallet signs. The type of what `quoteSigning` parses
 * to.
 */
export type QuoteSigning = z.infer<typeof quoteSigning>

/**
 * 4.6: the binding quote (the `data` of POST /partner/orders/quote, answered 200), as published:
 * `quote_id`, a quote `status` (`process`), `order_type`, `expires_at` (ISO 8601; accepting after
 * it answers 410), the prices under `amounts`, and `instructions` (for mobile money the payment
 * prompt comes only after the accept). `rail`, `route` and `audit` are kept as sent.
 * `created_at`, when the service sends it, lets a client count the time-to-live on its own clock.
 * `signing`: with signed accepts on, what the customer's wallet signs to accept.
 */
export const quote = z.looseObject({
  quote_id: z.string(),
  status: z.string().optional(),
  order_type: orderTypeName,
  expires_at: z.string(),
  created_at: z.string().optional(),
  rail: z.string().optional(),
  amounts: quoteAmounts,
  instructions: z
    .looseObject({
      available_after_accept: z.boolean().optional(),
      note: z.string().optional(),
    })
    .optional(),
  signing: quoteSigning.optional(),
})
/**
 * 4.6: the binding quote (the `data` of POST /partner/orders/quote, answered 200), as published.
 * The type of what `quote` parses to.
 */
export type Quote = z.infer<typeof quote>

/**
 * Body of the quote accept, `POST /partner/orders/{quote_id}/accept` (the published path; the
 * OpenAPI document and the quote-and-accept guide). An empty body `{}` accepts; with "signed
 * accepts" on for the key, `signed_accept.signature` carries the customer's EIP-712 signature of
 * the quote's `signing.typed_data`. The published schema also lists `provider` (an assertion of
 * the quote's route) and, for an international bank OffRamp, `payment_method` (the corridor's
 * form fields); its example adds `rail`. Those are typed and passed on, not taken from a browser
 * by the kit; another key goes to the service unchanged, `signal` is refused.
 */
export const acceptQuoteRequest = serviceRequest({
  signed_accept: serviceRequest({
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/, {
      error: 'signed_accept.signature must be the wallet’s hex signature (0x…)',
    }),
  }).optional(),
  provider: orNull(
    z.enum(['local fiat rail', 'international bank', 'elementpay'], {
      error: 'provider must be local fiat rail, international bank or elementpay',
    }),
  ),
  payment_method: orNull(z.record(z.string(), z.unknown())),
  rail: orNull(z.string().min(1).max(64)),
})
/**
 * Body of the quote accept, `POST /partner/orders/{quote_id}/accept` (the published path; the
 * OpenAPI document and the quote-and-accept guide). The type of what `acceptQuoteRequest` accepts.
 */
export type AcceptQuoteRequest = z.input<typeof acceptQuoteRequest>

/** The order inside an accept's answer (`data.order`) and inside the order read. */
export const acceptedOrderRecord = z.looseObject({
  order_id: z.string(),
  quote_id: z.string().optional(),
  status: z.string(),
  order_type: orderTypeName.optional(),
  amount_fiat: z.number().optional(),
  amount_crypto: z.number().optional(),
  currency: z.string().optional(),
  token: z.string().optional(),
  wallet_address: z.string().nullable().optional(),
  exchange_rate: z.number().optional(),
})

const instructions = z.record(z.string(), z.unknown())

/**
 * The `data` of an accept as published: `quote_id`, `status`, the new `order` (with its
 * `order_id`), and the payment instructions. The published documents disagree on where those
 * sit: the OpenAPI example has `accepted.payment_instructions`, the guide `payment_instructions`
 * at the top; both are read, and `acceptQuote` returns whichever came.
 */
export const acceptedOrder = z.looseObject({
  quote_id: z.string().optional(),
  status: z.string(),
  order: acceptedOrderRecord,
  accepted: z.looseObject({ payment_instructions: instructions.optional() }).optional(),
  payment_instructions: instructions.optional(),
  crypto_deposit: instructions.optional(),
  rail: z.string().optional(),
})
/** The `data` of an accept as published. The type of what `acceptedOrder` parses to. */
export type AcceptedOrder = z.infer<typeof acceptedOrder>
