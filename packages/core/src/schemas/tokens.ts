import { z } from 'zod'

/** 4.15: token symbols GET /quote accepts. */
export const PREVIEW_TOKENS = ['USDC', 'USDT', 'WXM'] as const
/** A token symbol GET /quote accepts (`USDC`, `USDT`, `WXM`). */
export type PreviewToken = (typeof PREVIEW_TOKENS)[number]

/**
 * 4.15 query of GET /quote. `order_type` takes `OnRamp`, `OffRamp`, `0` or `1` (default
 * `OnRamp`). The token is kept as a string so the service, not the client, answers
 * `unknown_token` for symbols it does not know.
 */
export const tokenPreviewQuery = z.object({
  amount_fiat: z.coerce
    .number({ error: 'amount_fiat must be a number' })
    .positive({ error: 'amount_fiat must be greater than 0' })
    .max(1e15, { error: 'amount_fiat is too large' }),
  token: z.string().min(1, { error: 'token is required' }).max(32),
  order_type: z.enum(['OnRamp', 'OffRamp', '0', '1']).default('OnRamp'),
})
/** 4.15 query of GET /quote. The type of what `tokenPreviewQuery` accepts. */
export type TokenPreviewQuery = z.input<typeof tokenPreviewQuery>

/** 2.12: the `data` of GET /quote. `token_amount` is human units; `decimals` belong to the token. */
export const tokenPreview = z.looseObject({
  rate: z.number(),
  token_amount: z.number(),
  fiat_paid: z.number(),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(36),
})
/** 2.12: the `data` of GET /quote. The type of what `tokenPreview` parses to. */
export type TokenPreview = z.infer<typeof tokenPreview>

/**
 * 4.19: one supported token of GET /meta/tokens, the live source of truth for addresses and
 * decimals.
 *
 * Assumption (spec: "not shown"): `symbol` (`USDC`), `label` (the snapshot label such as
 * `BASE_USDC(Testnet)`), checksummed `address`, `decimals`, `chain_id`, `chain` name, and
 * `requires_zero_allowance_reset` for tokens whose approve must go through 0 (USDT).
 */
export const metaToken = z.looseObject({
  symbol: z.string(),
  label: z.string(),
  address: z.string(),
  decimals: z.number().int().min(0).max(36),
  chain_id: z.number().int(),
  chain: z.string().optional(),
  requires_zero_allowance_reset: z.boolean().optional(),
})
/**
 * 4.19: one supported token of GET /meta/tokens, the live source of truth for addresses and
 * decimals. The type of what `metaToken` parses to.
 */
export type MetaToken = z.infer<typeof metaToken>

/** 4.19: the `data` of GET /meta/tokens (assumed shape). `spender` is who off-ramp users approve. */
export const metaTokens = z.looseObject({
  environment: z.string(),
  spender: z.string().optional(),
  tokens: z.array(metaToken),
})
/**
 * 4.19: the `data` of GET /meta/tokens (assumed shape). The type of what `metaTokens` parses to.
 */
export type MetaTokens = z.infer<typeof metaTokens>
