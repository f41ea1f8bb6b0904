import { RAMP_LOCALES, type RampLocale, rampLocale } from '@rampkit/react'
import { useState } from 'react'

/*
 * The shopper's language for the checkout: `?lang=` when the address gives one, else the one the
 * shopper picked before (kept in localStorage), else the first of the browser's languages the
 * widget speaks (`navigator.languages`, the order of the browser's settings), else English.
 */

const STORAGE_KEY = 'ramp-shop:language'

/** Whether a language tag is one the widget speaks (`fr-CA` is French). */
function spoken(tag: string | null | undefined): RampLocale | undefined {
  if (!tag) return undefined
  const base = tag.toLowerCase().split('-')[0] ?? ''
  return (RAMP_LOCALES as readonly string[]).includes(base) ? rampLocale(base) : undefined
}

/**
 * The language of the shop's checkout from the address's `?lang=`, the saved choice and the
 * browser's languages, in that order.
 *
 * @example
 * chooseLanguage({ search: '?lang=sw', saved: 'fr', browser: ['pt-BR'] }) // 'sw'
 * chooseLanguage({ search: '', saved: null, browser: ['de-DE', 'fr-FR'] }) // 'fr'
 */
export function chooseLanguage(from: {
  search: string
  saved: string | null
  browser: readonly string[]
}): RampLocale {
  const asked = spoken(new URLSearchParams(from.search).get('lang'))
  if (asked) return asked
  const saved = spoken(from.saved)
  if (saved) return saved
  for (const tag of from.browser) {
    const language = spoken(tag)
    if (language) return language
  }
  return 'en'
}

function savedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/** The shop's language and its setter; a language picked is kept across reloads. */
export function useLanguage(): [RampLocale, (language: RampLocale) => void] {
  const [language, setLanguage] = useState(() =>
    chooseLanguage({
      search: window.location.search,
      saved: savedLanguage(),
      browser: navigator.languages ?? [navigator.language],
    }),
  )
  const pick = (next: RampLocale) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Storage refused (private mode): the choice holds until the page is left.
    }
    // The address's ?lang= would win at the next load over what was just picked: drop it.
    const url = new URL(window.location.href)
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang')
      window.history.replaceState(window.history.state, '', url)
    }
    setLanguage(next)
  }
  return [language, pick]
}

/** A language's own name for itself (`français`, `Kiswahili`), for the picker. */
function nativeName(language: RampLocale): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language
  } catch {
    return language
  }
}

/** The picker of the checkout's language, each language named in its own words. */
export function LanguagePicker(props: {
  language: RampLocale
  onPick: (language: RampLocale) => void
}) {
  return (
    <label className="language-picker">
      <span>Language</span>
      <select
        value={props.language}
        onChange={(event) => props.onPick(event.target.value as RampLocale)}
      >
        {RAMP_LOCALES.map((language) => (
          <option key={language} value={language} lang={language}>
            {nativeName(language)}
          </option>
        ))}
      </select>
    </label>
  )
}
