'use client'
import type { Quote } from '@rampkit/core'
import type { CheckoutError, CheckoutScreen } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { createContext, useContext } from 'react'
import type { UseCheckoutReturnType } from '../hooks/useCheckout.js'
import type { RampTheme } from '../provider.js'

/** Customer details a partner already knows; they prefill the details step. */
export type RampCheckoutCustomer = {
  name?: string
  /** Phone number in any format; validated for the corridor's country. */
  phone?: string
  /** Date of birth as mm/dd/yyyy. */
  dob?: string
  /** Email address; the identity step does not ask for it again. */
  email?: string
}

/** Props of `<RampCheckout />`. Every prop is optional; given ones prefill or skip steps. */
export type RampCheckoutProps = {
  /** Fix the direction: the direction step is skipped. */
  direction?: 'OnRamp' | 'OffRamp'
  /** ISO country of the corridor (`KE`), preselected once the catalog loads. */
  country?: string
  /** Currency of an international bank corridor (`EUR`), when no country is given. */
  currency?: string
  /**
   * ISO country of the payer's bank for EUR/USD international bank pay-in (`DE`): the bank
   * listing needs a country. Default: the currency's issuer (`EU` for EUR, `US` for USD).
   */
  bankCountry?: string
  /** Token symbol (`USDC`), preselected once the token list loads. */
  token?: string
  /** On-ramp: the fiat amount prefilled on the amount step, whole units of the currency. */
  amount?: number
  /**
   * Off-ramp: how many tokens to sell, prefilled on the amount step, as an exact decimal string
   * (`'25.5'`) so no digit is lost to a float. `amount` (fiat) does not apply to a sale.
   */
  amountCrypto?: string
  /** Wallet prefilled on the details step (on-ramp; off-ramp uses the connected wallet). */
  walletAddress?: string
  customer?: RampCheckoutCustomer
  /**
   * Who is verified when the kit quotes by `customer_id` (vault customers): a person
   * (`individual`, the default) or a `business` (business name, registration id, email).
   */
  customerType?: 'individual' | 'business'
  /**
   * Profile fields of the vault the partner already knows, as the service names them
   * (`{ email, address: { line1, city } }`, a business's `officers`...): the identity step sends
   * them and does not ask for them.
   */
  customerProfile?: Record<string, unknown>
  /**
   * The partner's terms of service and privacy policy: linked beside the confirm, so the user
   * reads where they are before paying (each opens in a new tab). Either may be given alone.
   */
  legal?: { termsUrl?: string; privacyUrl?: string }
  /** A binding quote arrived. */
  onQuote?: (quote: Quote) => void
  /** The confirm created an order. */
  onOrderCreated?: (order: KitOrder) => void
  /** The order's status changed (SSE or polling). */
  onStatusChange?: (order: KitOrder) => void
  /** The order settled. */
  onSettled?: (order: KitOrder) => void
  /** A request failed; the widget also shows it. */
  onError?: (error: CheckoutError) => void
  /** Shows a close button that calls this. */
  onClose?: () => void
  /** Overrides the provider's theme for this widget. */
  theme?: RampTheme
  /** Overrides the provider's locale for this widget. */
  locale?: string
  /** sessionStorage key; give each checkout on a page its own. */
  storageKey?: string
  /**
   * Each screen as an entry of the browser's history, so Back and Forward move between screens
   * (default true; off when `step` is given). `false` leaves the history alone.
   */
  history?: boolean
  /**
   * The screen to show, for a partner whose router keeps it (`choose`, `amount`, `review`,
   * `status`). A screen that cannot be shown (anything before a sent confirm, or one whose
   * choices are missing) is refused and `onStepChange` says where the checkout is.
   */
  step?: CheckoutScreen
  /** The screen changed (forward, back, or a refused `step`). */
  onStepChange?: (step: CheckoutScreen) => void
  className?: string
}

export type WidgetContextValue = {
  checkout: UseCheckoutReturnType
  props: RampCheckoutProps
}

export const WidgetContext = createContext<WidgetContextValue | null>(null)

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext)
  if (!value) throw new Error('Checkout steps render inside <RampCheckout />.')
  return value
}
