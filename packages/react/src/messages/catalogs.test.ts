import { describe, expect, it } from 'vitest'
import { ACCOUNTS_MESSAGES } from '../accounts/messages.js'
import { en as identityEn } from '../widget/identity/messages/index.js'
import { en } from './en.js'
import { enLater } from './enLater.js'
import { RAMP_LOCALES } from './index.js'

/*
 * Every catalog in every language: the checkout's, the identity step's and the accounts
 * widget's. TypeScript already refuses a missing or an extra key where a file is typed with its
 * catalog's type (`fr: IdentityMessages`); this catches what types do not: a key dropped through a
 * cast or a spread, an empty message, a placeholder renamed, and a message left in English.
 */

type Catalog = Readonly<Record<string, string>>
const load = {
  checkout: async (locale: string) => (await import(`./${locale}.ts`))[locale] as Catalog,
  identity: async (locale: string) =>
    (locale === 'en'
      ? identityEn
      : (await import(`../widget/identity/messages/${locale}.ts`))[locale]) as Catalog,
  accounts: async (locale: string) =>
    ACCOUNTS_MESSAGES[locale as keyof typeof ACCOUNTS_MESSAGES] as Catalog,
}
const english: Record<keyof typeof load, Catalog> = {
  checkout: { ...en, ...enLater },
  identity: identityEn,
  accounts: ACCOUNTS_MESSAGES.en,
}

/**
 * Messages that are the same words in a language as in English (see GLOSSARY.md): a range, an
 * abbreviation, and words the language shares. Any other copy of English is a message not yet
 * translated.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  fr: [
    'provider.limits',
    'details.iban',
    'paymentMethod.mobile_money',
    'amount.total',
    'approve.tx',
    'status.date',
    'identity.documents',
    'accounts.swift',
  ],
  pt: ['provider.limits', 'details.iban', 'amount.total', 'accounts.swift'],
  sw: ['provider.limits', 'details.iban', 'accounts.swift'],
}

/**
 * Second words for a concept the glossary (GLOSSARY.md) gives one word: an order is commande,
 * operação, oda; a provider prestataire, prestador; an amount without decimals is not "a whole
 * number of" a currency. A message that brings one back fails here.
 */
const NOT_IN_GLOSSARY: Record<string, RegExp> = {
  fr: /\bop[ée]rateurs?\b|\bnombres? entiers?\b/i,
  pt: /\boperador(es)?\b|\bencomendas?\b|\bn[úu]meros? inteiros?\b/i,
  sw: /\b(ma)?agizo\b/i,
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const others = RAMP_LOCALES.filter((locale) => locale !== 'en')

describe.each(Object.keys(load) as (keyof typeof load)[])('the %s messages', (catalog) => {
  it.each(others)('in %s have every English key and no other', async (locale) => {
    const messages = await load[catalog](locale)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english[catalog]).sort())
  })

  it.each(others)(
    'in %s are neither empty nor English, with the same placeholders',
    async (locale) => {
      const messages = await load[catalog](locale)
      const same = SAME_AS_ENGLISH[locale] ?? []
      for (const [key, text] of Object.entries(messages)) {
        const source = english[catalog][key] ?? ''
        expect(text.trim(), `${locale} ${key}`).not.toBe('')
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source))
        if (!same.includes(key)) expect(text, `${locale} ${key} is English`).not.toBe(source)
      }
    },
  )

  it.each(others)('in %s use the glossary’s one word per concept', async (locale) => {
    const messages = await load[catalog](locale)
    for (const [key, text] of Object.entries(messages))
      expect(text, `${locale} ${key}`).not.toMatch(NOT_IN_GLOSSARY[locale]!)
  })

  it.each(others)('in %s write no English date pattern', async (locale) => {
    const messages = await load[catalog](locale)
    for (const [key, text] of Object.entries(messages))
      expect(text, `${locale} ${key}`).not.toMatch(/\b(?:dd|mm)\/(?:dd|mm)\/yyyy\b/)
  })
})
