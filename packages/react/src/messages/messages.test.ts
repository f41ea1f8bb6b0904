import { describe, expect, it } from 'vitest'
import { en } from './en.js'
import { formatMessage, messagesFor, RAMP_LOCALES } from './index.js'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('messages', () => {
  it('ships at least en, fr, sw and pt', () => {
    expect(Object.keys(RAMP_LOCALES)).toEqual(expect.arrayContaining(['en', 'fr', 'sw', 'pt']))
  })

  it.each(Object.entries(RAMP_LOCALES))('%s has exactly the English keys', (_, messages) => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
  })

  it.each(Object.entries(RAMP_LOCALES))(
    '%s fills the same placeholders and leaves no message empty',
    (_, messages) => {
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )

  it('falls back to English and reads region subtags', () => {
    expect(messagesFor('fr-CA')).toBe(RAMP_LOCALES.fr)
    expect(messagesFor('de')).toBe(en)
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Step {current} of {total}', { current: 2, total: 9 })).toBe('Step 2 of 9')
    expect(formatMessage('Hello {name}')).toBe('Hello {name}')
  })
})
