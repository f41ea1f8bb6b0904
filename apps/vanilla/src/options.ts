/**
 * What the first screen offers, read from the kit's catalog and token list: the markets of a
 * direction, their payment methods, each method's providers with their limits, and the tokens.
 * The example keeps to the catalog's markets (mobile money and bank rails of African countries).
 */
import type { Catalog, CatalogCountry, MetaTokens } from '@rampkit/core'
import type {
  CheckoutCorridor,
  CheckoutDirection,
  CheckoutPaymentMethod,
  CheckoutProvider,
  CheckoutToken,
} from '@rampkit/core/checkout'
import type { KitClient } from '@rampkit/core/kit'

/** The kit's answers the options are read from. */
export type Offer = { catalog: Catalog; tokens: MetaTokens }

/** Reads the catalog and the token list once. */
export async function readOffer(client: KitClient): Promise<Offer> {
  const [catalog, tokens] = await Promise.all([client.request('catalog'), client.request('tokens')])
  return { catalog, tokens }
}

function countries(offer: Offer, direction: CheckoutDirection | undefined): CatalogCountry[] {
  const { catalog } = offer
  const tree = direction === 'OffRamp' ? (catalog.offramp ?? catalog.onramp) : catalog.onramp
  return Object.values(tree?.countries ?? {}).filter((country) => country.enabled)
}

function countryOf(offer: Offer, direction?: CheckoutDirection, corridor?: CheckoutCorridor) {
  return countries(offer, direction).find((each) => each.country_code === corridor?.country)
}

/** The markets a shopper can buy or sell in. */
export function corridorsOf(offer: Offer, direction?: CheckoutDirection): CheckoutCorridor[] {
  return countries(offer, direction).map((country) => ({
    kind: 'african',
    country: country.country_code,
    currency: country.currency,
    countryName: country.country_name,
  }))
}

const METHOD_TYPES = ['mobile_money', 'bank'] as const

/** The payment methods of a market that list providers. */
export function methodsOf(
  offer: Offer,
  direction?: CheckoutDirection,
  corridor?: CheckoutCorridor,
): CheckoutPaymentMethod[] {
  const country = countryOf(offer, direction, corridor)
  return METHOD_TYPES.flatMap((type) => {
    const bucket = country?.payment_methods[type]
    if (!bucket?.enabled || !bucket.providers?.some((provider) => provider.enabled)) return []
    return [
      {
        type,
        label: bucket.label,
        quoteType: bucket.quote_type,
        networkSource: type === 'mobile_money' ? 'catalog' : 'banks',
      } as const,
    ]
  })
}

/** The providers of a payment method, with their limits in the market's currency. */
export function providersOf(
  offer: Offer,
  direction?: CheckoutDirection,
  corridor?: CheckoutCorridor,
  method?: CheckoutPaymentMethod,
): CheckoutProvider[] {
  const type = method?.type as (typeof METHOD_TYPES)[number] | undefined
  const bucket = type ? countryOf(offer, direction, corridor)?.payment_methods[type] : undefined
  return (bucket?.providers ?? [])
    .filter((provider) => provider.enabled)
    .map((provider) => ({
      id: provider.id,
      name: provider.name,
      code: provider.code,
      minAmount: provider.min_amount,
      maxAmount: provider.max_amount,
      currency: provider.currency,
    }))
}

/** The tokens of the kit's list, as the checkout keeps them. */
export function tokensOf(offer: Offer): CheckoutToken[] {
  return offer.tokens.tokens.map((token) => ({
    symbol: token.symbol,
    label: token.label,
    address: token.address,
    decimals: token.decimals,
    chainId: token.chain_id,
    ...(token.chain ? { chain: token.chain } : {}),
    requiresZeroAllowanceReset: token.requires_zero_allowance_reset ?? false,
  }))
}
