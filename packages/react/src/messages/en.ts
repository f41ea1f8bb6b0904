import type { enLater } from './enLater.js'

/**
 * English messages of the checkout's first screen and of what every screen shows (the header,
 * the choices, errors, payment instructions). Every string a person sees lives in a message
 * file; `{name}` placeholders are filled by `formatMessage`. The later screens' English is
 * `enLater.ts`, a chunk loaded with them. Other locales have exactly the keys of both, in one
 * file (a test checks it).
 */
export const en = {
  'widget.close': 'Close',
  'widget.back': 'Back',
  'widget.progress': 'Step {current} of {total}',
  'widget.loading': 'Loading…',
  'widget.loadError': 'We could not load this step.',
  'widget.tryAgain': 'Try again',
  'widget.continue': 'Continue',
  'widget.startAgain': 'Start again',
  'screen.choose': 'Where and how',
  'screen.amount': 'How much?',
  'screen.review': 'Review and confirm',
  'screen.status': 'Order status',
  'choose.direction': 'I want to',
  'choose.corridor': 'Country or currency',
  'choose.corridor.placeholder': 'Choose a country or currency',
  'choose.provider': 'Provider',
  'choose.token': 'Token to buy',
  'choose.token.offramp': 'Token to sell',
  'review.editDetails': 'Edit details',
  'step.paymentMethod': 'How do you want to pay?',
  'step.paymentMethod.offramp': 'How do you want to be paid?',
  'step.details': 'Your details',
  'step.identity': 'Verify your identity',
  'step.approve': 'Allow the token transfer',
  'direction.OnRamp': 'Buy crypto',
  'direction.OffRamp': 'Sell crypto',
  'corridor.international': '{currency} international bank transfer',
  'corridor.none': 'No country is available for this direction right now.',
  'paymentMethod.mobile_money': 'Mobile money',
  'paymentMethod.bank': 'Bank transfer',
  'paymentMethod.BankSepa': 'SEPA bank transfer',
  'paymentMethod.BankSwift': 'SWIFT bank transfer',
  'paymentMethod.none': 'No payment method is available for this corridor.',
  'provider.limits': '{min} – {max}',
  'provider.none': 'No provider is available for this payment method.',
  'token.onChain': '{symbol} on {chain}',
  'token.none': 'No token is available.',
  'copy.button': 'Copy',
  'copy.done': 'Copied',
  'error.network': 'We could not reach the ramp. Check your connection and try again.',
  'error.generic': 'Something went wrong. Please try again.',
  'error.refused': 'The ramp could not accept this request. Check your choices and try again.',
  'error.rateLimited': 'Too many attempts. Wait a moment and try again.',
  'error.unavailable': 'The ramp is not available right now. Try again in a few minutes.',
} as const

/** The message keys of the checkout: the first screen's and the later screens'. */
export type MessageKey = keyof typeof en | keyof typeof enLater

/** A full message file: every key, as a string. */
export type RampMessages = Record<MessageKey, string>
