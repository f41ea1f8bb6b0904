/**
 * What the first screen offers: core's checkout rules (`@rampkit/core/checkout`, the same the
 * React widget renders) over the kit's catalog and token list, read once. The example keeps to
 * the rails the catalog lists whole (the African markets' mobile money): a bank rail's networks
 * come from GET /banks (`banksQuery`), which a fuller UI reads the same way.
 */
import type { Catalog, MetaTokens } from '@rampkit/core'
import {
  type CheckoutCorridor,
  type CheckoutDirection,
  type CheckoutPaymentMethod,
  type CheckoutProvider,
  type CheckoutToken,
  corridorOptions,
  paymentMethodOptions,
  providerOptions,
  toCheckoutToken,
} from '@rampkit/core/checkout'
import type { KitClient } from '@rampkit/core/kit'

/** The kit's answers the options are read from. */
export type Offer = { catalog: Catalog; tokens: MetaTokens }

/** Reads the catalog and the token list once. */
export async function readOffer(client: KitClient): Promise<Offer> {
  const [catalog, tokens] = await Promise.all([client.request('catalog'), client.request('tokens')])
  return { catalog, tokens }
}

/** The markets a shopper can buy or sell in. */
export function corridorsOf(offer: Offer, direction?: CheckoutDirection): CheckoutCorridor[] {
  return corridorOptions(offer.catalog, direction).filter((each) => each.kind === 'african')
}

/** The payment methods of a market whose providers the catalog lists. */
export function methodsOf(
  offer: Offer,
  direction?: CheckoutDirection,
  corridor?: CheckoutCorridor,
): CheckoutPaymentMethod[] {
  return paymentMethodOptions(offer.catalog, direction, corridor).filter(
    (method) =>
      method.networkSource === 'catalog' &&
      providerOptions(offer.catalog, direction, corridor, method).length > 0,
  )
}

/** The providers of a payment method, with their limits in the market's currency. */
export function providersOf(
  offer: Offer,
  direction?: CheckoutDirection,
  corridor?: CheckoutCorridor,
  method?: CheckoutPaymentMethod,
): CheckoutProvider[] {
  return providerOptions(offer.catalog, direction, corridor, method)
}

/** The tokens of the kit's list, as the checkout keeps them. */
export function tokensOf(offer: Offer): CheckoutToken[] {
  return offer.tokens.tokens.map(toCheckoutToken)
}
