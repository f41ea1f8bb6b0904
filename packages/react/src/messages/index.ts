import { en, type MessageKey, type RampMessages } from './en.js'
import { fr } from './fr.js'
import { pt } from './pt.js'
import { sw } from './sw.js'

export type { MessageKey, RampMessages }

/** The locales shipped with the checkout. */
export const RAMP_LOCALES = { en, fr, sw, pt } as const satisfies Record<string, RampMessages>
export type RampLocale = keyof typeof RAMP_LOCALES

/** Message files by locale; a locale outside the list falls back to English. */
export function messagesFor(locale: string | undefined): RampMessages {
  const base = (locale ?? 'en').toLowerCase().split('-')[0] as RampLocale
  return RAMP_LOCALES[base] ?? en
}

/**
 * Fills `{name}` placeholders of a message.
 *
 * @example
 * formatMessage('Step {current} of {total}', { current: 2, total: 9 }) // 'Step 2 of 9'
 */
export function formatMessage(
  message: string,
  values: Record<string, string | number> = {},
): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  )
}
