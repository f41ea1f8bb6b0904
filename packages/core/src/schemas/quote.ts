import { z } from 'zod'
import { countryCode, currencyCode, hexAddress, orderTypeName } from './common.js'

const positiveAmount = z
  .number({ error: 'Must be a number' })
  .positive({ error: 'Must be greater than 0' })
  .max(1e15, { error: 'Amount is too large' })

/**
 * 4.6: body of POST /partner/orders/quote (binding quote).
 *
 * Assumption (spec: "not shown" beyond the named rule inputs): the corridor (`country`,
 * `currency`), direction, `token` (a symbol from GET /meta/tokens such as `USDC`), exactly one
 * of `amount_fiat` or `amount_crypto` (human units), the user's `wallet_address`, the
 * `payment_method` (rail `type`, `network_id`, `phone_number` on mobile money,
 * `account_number` on bank) and the `customer` (`name`, `dob` as mm/dd/yyyy,
 * `additional_id_number` for Nigeria).
 *
 * Strict, like every request body core sends: a key it does not list (at any level) is refused
 * by its path (`signal`, `payment_method.extra`), never forwarded to the service. A browser body
 * the server kit parses with it can add nothing the service did not ask for.
 */
export const quoteRequest = z
  .strictObject({
    order_type: orderTypeName,
    country: countryCode.optional(),
    currency: currencyCode,
    token: z.string().min(1).max(64),
    amount_fiat: positiveAmount.optional(),
    amount_crypto: positiveAmount.optional(),
    wallet_address: hexAddress,
    payment_method: z.strictObject({
      type: z.string().min(1).max(64),
      network_id: z.string().max(128).optional(),
      phone_number: z.string().max(32).optional(),
      account_number: z.string().max(64).optional(),
      account_name: z.string().max(128).optional(),
    }),
    customer: z.strictObject({
      name: z.string().max(200),
      dob: z.string().max(32).optional(),
      email: z.string().max(254).optional(),
      additional_id_number: z.string().max(32).optional(),
    }),
    client_ref: z.string().max(128).optional(),
  })
  .refine((body) => (body.amount_fiat === undefined) !== (body.amount_crypto === undefined), {
    error: 'Give exactly one of amount_fiat or amount_crypto',
    path: ['amount_fiat'],
  })
export type QuoteRequest = z.input<typeof quoteRequest>

/**
 * 4.6: the binding quote (the `data` of POST /partner/orders/quote).
 *
 * Assumption (spec: "not shown"): a `quote_id`, the locked `rate` (fiat per token),
 * `amount_fiat`/`amount_crypto` (human units), `fee_fiat`, and `expires_at` (ISO 8601) after
 * which accepting answers 410.
 */
export const quote = z.looseObject({
  quote_id: z.string(),
  order_type: orderTypeName,
  country: z.string().nullable().optional(),
  currency: z.string(),
  token: z.string(),
  token_address: z.string().optional(),
  chain_id: z.number().int().optional(),
  decimals: z.number().int().optional(),
  rate: z.number(),
  amount_fiat: z.number(),
  amount_crypto: z.number(),
  fee_fiat: z.number().optional(),
  wallet_address: z.string().optional(),
  deposit_address: z.string().optional(),
  expires_at: z.string(),
  created_at: z.string().optional(),
})
export type Quote = z.infer<typeof quote>

/**
 * Body of the quote accept, `POST /partner/orders/{quote_id}/accept` (the published path; the
 * OpenAPI document and the quote-and-accept guide). An empty body `{}` accepts; with "signed
 * accepts" on for the key, `signed_accept.signature` carries the customer's EIP-712 signature of
 * the quote's `signing.typed_data`. The published schema also lists `provider` and an
 * international-bank `payment_method` form; the kit does not send them. Strict: another key is
 * refused.
 */
export const acceptQuoteRequest = z.strictObject({
  signed_accept: z
    .strictObject({
      signature: z.string().regex(/^0x[0-9a-fA-F]+$/, {
        error: 'signed_accept.signature must be the wallet’s hex signature (0x…)',
      }),
    })
    .optional(),
})
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
  rail: z.string().optional(),
})
export type AcceptedOrder = z.infer<typeof acceptedOrder>
