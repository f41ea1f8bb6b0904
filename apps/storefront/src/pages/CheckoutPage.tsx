import { RampCheckout } from '@rampkit/react'

/** The shop's terms and privacy pages, linked by the checkout beside its confirm. */
const LEGAL = { termsUrl: '/terms.html', privacyUrl: '/privacy.html' }

/**
 * Buy or sell: the kit's checkout widget. Buying pays out to the connected wallet; selling takes
 * the tokens from it (the widget asks the wallet to approve the service's spender first). Each
 * direction keeps its own checkout in sessionStorage, so a reload resumes where it was; so does
 * each shopper (the wallet signed in with), whose quotes and orders the kit answers for them only.
 * A shopper (test account) switched mid-checkout is told so by the widget, which neither approves
 * nor confirms from a wallet that did not quote.
 */
export function CheckoutPage({
  direction,
  walletAddress,
}: {
  direction: 'OnRamp' | 'OffRamp'
  walletAddress: string | undefined
  /** The demo's test account: its checkout is the same one (see `storageKey`). */
  shopper?: string | undefined
}) {
  return (
    <section aria-labelledby="checkout-title" className="checkout-page">
      <h1 id="checkout-title">{direction === 'OnRamp' ? 'Buy crypto' : 'Sell crypto'}</h1>
      <RampCheckout
        direction={direction}
        walletAddress={walletAddress}
        // One checkout per direction, whoever the shopper: switching the demo wallet mid-checkout
        // shows the widget's notice (go back to the wallet that quoted, or start over) rather
        // than silently putting another account's checkout in its place.
        storageKey={`storefront:${direction}`}
        legal={LEGAL}
      />
    </section>
  )
}
