import type { Catalog, MetaToken, OpenAccountRequest } from '@rampkit/core'
import {
  catalogCountries,
  chainDisplayName,
  networkDisplayName,
  quoteAssetOf,
  toCheckoutToken,
} from '@rampkit/core/checkout'

/** A stablecoin account's network (`Base`) as the service names it, for a token of the list. */
function serviceNetwork(token: MetaToken): string {
  return networkDisplayName(quoteAssetOf(toCheckoutToken(token)).network)
}

/** The token of the list a stablecoin account of `currency` on `network` stands for. */
export function accountToken(
  tokens: readonly MetaToken[] | undefined,
  currency: string,
  network: string | null | undefined,
): MetaToken | undefined {
  if (!network) return undefined
  const wanted = networkDisplayName(network)
  return tokens?.find(
    (token) =>
      token.symbol.toUpperCase() === currency.toUpperCase() && serviceNetwork(token) === wanted,
  )
}

/**
 * The network of a stablecoin account named as the checkout names its token (core's
 * `chainDisplayName`: `Anvil` for a sandbox's Base USDC on a local chain, `Base` on Base), so
 * the Account page and the checkout never name two networks for one token. Without a matching
 * token, the service's network in people's words.
 */
export function accountNetworkName(
  tokens: readonly MetaToken[] | undefined,
  currency: string,
  network: string,
): string {
  const token = accountToken(tokens, currency, network)
  return token ? chainDisplayName(toCheckoutToken(token)) : networkDisplayName(network)
}

/** Every fiat currency the catalog serves, buying or selling, African or international. */
function catalogCurrencies(catalog: Catalog | undefined): Set<string> {
  const currencies = new Set<string>()
  for (const direction of ['OnRamp', 'OffRamp'] as const) {
    for (const country of catalogCountries(catalog, direction)) {
      currencies.add(country.currency.toUpperCase())
    }
  }
  for (const entry of catalog?.international_bank?.currencies ?? []) {
    if (entry.onramp || entry.offramp) currencies.add(entry.currency.toUpperCase())
  }
  return currencies
}

/**
 * The accounts of `choices` the app actually serves: a fiat currency some corridor of the
 * catalog has, a stablecoin the token list carries on that network. Offering a CAD account when
 * no corridor has CAD only leads the user to an account they cannot use here.
 *
 * @example
 * offeredChoices(DEFAULT_ACCOUNT_CHOICES, catalog, tokens.tokens)
 */
export function offeredChoices(
  choices: readonly OpenAccountRequest[],
  catalog: Catalog | undefined,
  tokens: readonly MetaToken[] | undefined,
): OpenAccountRequest[] {
  const currencies = catalogCurrencies(catalog)
  return choices.filter((choice) =>
    choice.asset_type === 'fiat'
      ? currencies.has(choice.currency.toUpperCase())
      : accountToken(tokens, choice.currency, choice.network) !== undefined,
  )
}
