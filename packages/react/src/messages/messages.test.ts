import { describe, expect, it } from 'vitest'
import { en as firstScreen } from './en.js'
import { enLater } from './enLater.js'
import {
  ENGLISH_MESSAGES,
  formatMessage,
  layerMessages,
  loadMessages,
  messagesFor,
  RAMP_LOCALES,
  rampLocale,
} from './index.js'

// Every English key: the first screen's and the later screens'.
const en = { ...firstScreen, ...enLater }

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('messages', () => {
  // First: the tests below load every language (English's later part with it).
  it("gives English's first screen at once and its later screens' keys once their chunk loads", async () => {
    const english = messagesFor('en')
    expect(english).toBe(ENGLISH_MESSAGES)
    expect(english?.['screen.choose']).toBe('Where and how')
    expect(english?.['status.settled']).toBeUndefined()
    // A context built before the chunk, with a partner's override on top, reads the later keys
    // once they are in.
    const layered = layerMessages(ENGLISH_MESSAGES, { 'widget.close': 'Done' })
    expect(await loadMessages('en-GB')).toBe(ENGLISH_MESSAGES)
    expect(english?.['status.settled']).toBe(enLater['status.settled'])
    expect(layered['status.settled']).toBe(enLater['status.settled'])
    expect(layered['widget.close']).toBe('Done')
    expect(ENGLISH_MESSAGES['widget.close']).toBe('Close')
  })

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
    expect(messagesFor('de')).toBe(ENGLISH_MESSAGES)
    expect(await loadMessages('de')).toBe(ENGLISH_MESSAGES)
    const { fr } = await import('./fr.js')
    expect(await loadMessages('fr-CA')).toBe(fr)
    expect(messagesFor('fr')).toBe(fr)
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Step {current} of {total}', { current: 2, total: 9 })).toBe('Step 2 of 9')
    expect(formatMessage('Hello {name}')).toBe('Hello {name}')
  })
})
