'use client'
/**
 * `@rampkit/react`: `RampKitProvider`, the headless hooks and the `<RampCheckout />` widget.
 * Import `@rampkit/react/styles.css` once for the widget's look. Safe to import on a server:
 * nothing here touches `window`, `document` or `sessionStorage` until it renders in a browser.
 */
export * from './hooks/index.js'
export type {
  RampCheckoutCustomer,
  RampCheckoutProps,
} from './widget/context.js'
export { formatExact } from './widget/format.js'
export { RampCheckout, themeStyle } from './widget/RampCheckout.js'
export { PaymentInstructions } from './widget/steps/instructions.js'
