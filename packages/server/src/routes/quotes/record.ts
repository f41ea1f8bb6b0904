import type { Quote } from '@rampkit/core'
import type { SaleToken } from '../sale-chain.js'

export const QUOTE_ID = /^[A-Za-z0-9_.:-]{1,200}$/
/** How long after its expiry a quote's owner is remembered (for a late, idempotent accept). */
export const QUOTE_GRACE_MS = 24 * 60 * 60 * 1000
export const MAX_QUOTE_MEMORY_MS = 7 * 24 * 60 * 60 * 1000

/** What the kit remembers of a quote it made: whose it is, and what the order will be. */
export type QuoteRecord = {
  owner: string
  quote: Pick<Quote, 'quote_id' | 'order_type'> & {
    /** The fiat currency and the token's symbol. */
    currency: string
    token: string
    rate: number
    amount_fiat: number
    amount_crypto: number
    /** An on-ramp's `wallet_address`, an off-ramp's `refund_address`. */
    wallet_address: string | null
    /** The token as asked for: its chain is the one a sale's wallet proof must be made on. */
    asset?: SaleToken
  }
  /**
   * Signed accepts: the vault customer the quote named and the address its `signing` block asks
   * to sign (the customer's active key when quoted); null without them.
   */
  customer_id?: string | null
  signer?: string | null
}

export const quoteKey = (quoteId: string) => `rampkit:quote:${quoteId}`
