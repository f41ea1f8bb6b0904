import { describe, expect, it } from 'vitest'
import { en } from './en.js'
import { formatMessage, loadMessages, messagesFor, RAMP_LOCALES, rampLocale } from './index.js'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('messages', () => {
  // First: the tests below load every language.
  it('loads a language only when asked: sw is not there before its first load', async () => {
    expect(messagesFor('sw-TZ')).toBeUndefined()
    const sw = await loadMessages('sw-TZ')
    expect(sw).not.toBe(en)
    expect(messagesFor('sw')).toBe(sw)
  })

  it('ships at least en, fr, sw and pt', () => {
    expect(RAMP_LOCALES).toEqual(expect.arrayContaining(['en', 'fr', 'sw', 'pt']))
  })

  it.each(RAMP_LOCALES)('%s has exactly the English keys', async (locale) => {
    const messages = await loadMessages(locale)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
  })

  it.each(RAMP_LOCALES)(
    '%s fills the same placeholders and leaves no message empty',
    async (locale) => {
      const messages = await loadMessages(locale)
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )

  it('falls back to English and reads region subtags', async () => {
    expect(rampLocale('fr-CA')).toBe('fr')
    expect(rampLocale('de')).toBe('en')
    expect(messagesFor('de')).toBe(en)
    expect(await loadMessages('de')).toBe(en)
    const { fr } = await import('./fr.js')
    expect(await loadMessages('fr-CA')).toBe(fr)
    expect(messagesFor('fr')).toBe(fr)
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Step {current} of {total}', { current: 2, total: 9 })).toBe('Step 2 of 9')
    expect(formatMessage('Hello {name}')).toBe('Hello {name}')
  })
})
