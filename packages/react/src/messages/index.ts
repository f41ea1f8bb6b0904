import { en, type MessageKey, type RampMessages } from './en.js'

export type { MessageKey, RampMessages }

/**
 * English: the first screen's messages at once, the later screens' (`enLater.ts`) joining this
 * same object when their chunk loads (`loadMessages('en')`, which the later screens wait for).
 * One object, filled in place, so a context built before the chunk arrived reads them too.
 */
export const ENGLISH_MESSAGES = { ...en } as RampMessages
let englishLater: Promise<RampMessages> | undefined
let englishComplete = false

/** Whether English's later part has joined `ENGLISH_MESSAGES` (`loadMessages('en')` resolved). */
export function englishLoaded(): boolean {
  return englishComplete
}

function loadEnglish(): Promise<RampMessages> {
  if (!englishLater) {
    const loading: Promise<RampMessages> = import('./enLater.js').then(
      (module) => {
        Object.assign(ENGLISH_MESSAGES, module.enLater)
        englishComplete = true
        // React's `use` reads a settled promise's value from these fields without suspending
        // again (a component that mounts after the load shows at once).
        Object.assign(loading, { status: 'fulfilled', value: ENGLISH_MESSAGES })
        return ENGLISH_MESSAGES
      },
      (error: unknown) => {
        // A chunk that failed to load (offline) is tried again by the next load.
        englishLater = undefined
        throw error
      },
    )
    englishLater = loading
  }
  return englishLater
}

/** The locales shipped with the checkout: English is built in, the others load on first use. */
export const RAMP_LOCALES = ['en', 'fr', 'sw', 'pt'] as const
/** A locale the checkout ships messages for: `en`, `fr`, `sw` or `pt`. */
export type RampLocale = (typeof RAMP_LOCALES)[number]

// One chunk per language, so a page downloads only the messages of the locale it shows.
const checkout = localeCatalog<RampMessages>(ENGLISH_MESSAGES, {
  fr: () => import('./fr.js').then((module) => module.fr),
  sw: () => import('./sw.js').then((module) => module.sw),
  pt: () => import('./pt.js').then((module) => module.pt),
})

/**
 * Messages by locale: English built in, each other language a chunk of its own loaded on first
 * use (by `load`, one promise per language for every caller while it loads) and kept for `get`.
 * A locale outside the list is English.
 *
 * @example
 * const identity = localeCatalog(en, { fr: () => import('./fr.js').then((m) => m.fr), ... })
 * identity.get('fr') ?? (await identity.load('fr'))
 */
export function localeCatalog<M>(
  english: M,
  loaders: Record<Exclude<RampLocale, 'en'>, () => Promise<M>>,
) {
  const loaded = new Map<RampLocale, M>([['en', english]])
  const loading = new Map<RampLocale, Promise<M>>()
  return {
    get: (locale: string | undefined): M | undefined => loaded.get(rampLocale(locale)),
    load(locale: string | undefined): Promise<M> {
      const base = rampLocale(locale)
      const ready = loaded.get(base)
      if (ready) return Promise.resolve(ready)
      let pending = loading.get(base)
      if (!pending) {
        pending = loaders[base as Exclude<RampLocale, 'en'>]().then(
          (messages) => {
            loaded.set(base, messages)
            return messages
          },
          (error: unknown) => {
            // A chunk that failed to load (offline) is tried again by the next `load`.
            loading.delete(base)
            throw error
          },
        )
        loading.set(base, pending)
      }
      return pending
    },
  }
}

/**
 * The shipped locale a BCP 47 tag reads as (its language subtag); anything else is English.
 *
 * @example
 * rampLocale('fr-CA') // 'fr'
 * rampLocale('de') // 'en'
 */
export function rampLocale(locale: string | undefined): RampLocale {
  const base = (locale ?? 'en').toLowerCase().split('-')[0] as RampLocale
  return RAMP_LOCALES.includes(base) ? base : 'en'
}

/**
 * The messages of a locale if they are already loaded (English always is, its later screens'
 * keys once `loadMessages('en')` resolved); `undefined` until `loadMessages` resolved for it. A
 * locale outside the list is English.
 */
export function messagesFor(locale: string | undefined): RampMessages | undefined {
  return checkout.get(locale)
}

/**
 * Loads the messages of a locale (a separate chunk per language) and keeps them for
 * `messagesFor`. A locale outside the list resolves to English, every key of it: the later
 * screens' English is a chunk too, loaded by the first call.
 *
 * @example
 * const fr = await loadMessages('fr-CA')
 */
export function loadMessages(locale: string | undefined): Promise<RampMessages> {
  return rampLocale(locale) === 'en' ? loadEnglish() : checkout.load(locale)
}

/**
 * The messages a context reads: a locale's, with a partner's `overrides` on top. Layered, not
 * copied, so English's later messages read through once their chunk has loaded.
 */
export function layerMessages(
  base: RampMessages,
  overrides: Partial<RampMessages> | undefined,
): RampMessages {
  return overrides ? Object.assign(Object.create(base) as RampMessages, overrides) : base
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
