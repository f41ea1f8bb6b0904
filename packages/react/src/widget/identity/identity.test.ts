import type { KitCustomer } from '@rampkit/core/kit'
import { individualRequirements } from '@rampkit/test/published'
import { describe, expect, it } from 'vitest'
import { ACCOUNTS_MESSAGES } from '../../accounts/messages.js'
import { checkDocument, sniffDocumentType } from './document.js'
import { fieldLabel, knownFields, phoneCountryOf, requiredOf, toProfile } from './fields.js'
import { fr } from './messages/fr.js'
import { en, identityMessagesFor, loadIdentityMessages } from './messages/index.js'
import { pt } from './messages/pt.js'
import { sw } from './messages/sw.js'

/** A user without a customer yet, as the kit lists an individual's package for them. */
const none: KitCustomer = {
  customer_id: null,
  customer_type: null,
  status: 'none',
  missing_fields: individualRequirements.required_fields,
  missing_documents: [{ key: 'identity' }, { key: 'address' }],
  documents: [],
  rejection_reason: null,
  deposit_account_status: null,
  profile: {},
}

describe.each([
  ['identity step', { en, fr, pt, sw }],
  ['RampAccounts', ACCOUNTS_MESSAGES],
] as const)('messages of the %s', (_name, catalog: Record<string, Record<string, string>>) => {
  it('has every English key, and only those, in each locale', () => {
    const english = catalog.en as Record<string, string>
    const keys = Object.keys(english).sort()
    for (const [locale, messages] of Object.entries(catalog)) {
      expect(Object.keys(messages).sort(), locale).toEqual(keys)
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('')
        // The same placeholders as the English message.
        const names = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
        expect(names(text), `${locale} ${key}`).toEqual(names(english[key] ?? ''))
      }
    }
  })
})

describe('identity messages by locale', () => {
  it('has English at once and loads another language on first use, once', async () => {
    expect(identityMessagesFor('de')).toBe(en)
    expect(identityMessagesFor('en-GB')).toBe(en)
    expect(identityMessagesFor('pt-BR')).toBeUndefined()
    const first = loadIdentityMessages('pt-BR')
    expect(loadIdentityMessages('pt')).toBe(first)
    expect(await first).toBe(pt)
    expect(identityMessagesFor('pt-PT')).toBe(pt)
    expect(await loadIdentityMessages('sw')).toBe(sw)
    expect(await loadIdentityMessages('de')).toBe(en)
  })
})

describe('what the identity step asks', () => {
  it('never asks again what the details step, the corridor or the partner gave', () => {
    const state = {
      details: {
        name: 'Amina Wanjiru Otieno',
        dob: '01/15/1990',
        phone: '+254712345678',
        walletAddress: '0x0000000000000000000000000000000000000001',
      },
      corridor: { kind: 'african' as const, country: 'KE', currency: 'KES' },
    }
    const known = knownFields(
      state,
      {
        customer: { email: 'amina@example.com' },
        customerProfile: { address: { city: 'Nairobi' } },
      },
      none,
      'individual',
    )
    expect(known).toMatchObject({
      first_name: 'Amina Wanjiru',
      last_name: 'Otieno',
      date_of_birth: '1990-01-15',
      phone: '+254712345678',
      email: 'amina@example.com',
      country_of_residence: 'KE',
      'address.country': 'KE',
      'address.city': 'Nairobi',
    })
    const { fields, documents } = requiredOf(none)
    expect(fields.filter((field) => known[field] === undefined)).toEqual([
      'gender',
      'address.line1',
      'id_type',
      'id_number',
    ])
    expect(documents.map((document) => document.key)).toEqual(['identity', 'address'])
  })

  it('asks a whole missing address part by part, in the order the step lays fields out', () => {
    const incomplete = { ...none, status: 'incomplete', missing_fields: ['id_number', 'address'] }
    expect(requiredOf(incomplete).fields).toEqual([
      'address.line1',
      'address.city',
      'address.country',
      'id_number',
    ])
    const business = { ...none, missing_fields: ['email', 'registered_address', 'legal_name'] }
    expect(requiredOf(business).fields).toEqual([
      'legal_name',
      'email',
      'registered_address.line_1',
      'registered_address.city',
      'registered_address.country',
    ])
  })

  it('sends field paths as the nested profile, an address whole', () => {
    expect(
      toProfile({
        first_name: 'Amina',
        'address.line1': '1 Moi Avenue',
        'address.city': 'Nairobi',
      }),
    ).toEqual({ first_name: 'Amina', address: { line1: '1 Moi Avenue', city: 'Nairobi' } })
  })
})

describe('document checks before upload', () => {
  const bytes = (...values: number[]) => new Uint8Array(values)

  it('knows JPEG, PNG and PDF by their first bytes, whatever the declared type', async () => {
    expect(await sniffDocumentType(new Blob([bytes(0xff, 0xd8, 0xff, 0xe0)]))).toBe('image/jpeg')
    expect(
      await sniffDocumentType(new Blob([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)])),
    ).toBe('image/png')
    expect(await sniffDocumentType(new Blob(['%PDF-1.7\n']))).toBe('application/pdf')
    // A text file named .pdf is not a PDF.
    const fake = new Blob(['hello'], { type: 'application/pdf' })
    expect(await checkDocument(fake)).toEqual({ ok: false, error: 'identity.document.badType' })
  })

  it('retypes a file by its bytes, and refuses one over 8 MiB before reading it', async () => {
    const png = new Blob([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2)], {
      type: 'application/octet-stream',
    })
    const checked = await checkDocument(png)
    expect(checked.ok && checked.file.type).toBe('image/png')
    const big = new Blob([new Uint8Array(8 * 1024 * 1024 + 1)], { type: 'application/pdf' })
    expect(await checkDocument(big)).toEqual({ ok: false, error: 'identity.document.tooBig' })
  })
})

describe('countries and the phone of the identity step', () => {
  it('checks the phone as a number of the country picked, else the one known, else the corridor', () => {
    expect(phoneCountryOf('FR', { country_of_residence: 'KE' }, 'KE')).toBe('FR')
    expect(phoneCountryOf('', { country_of_residence: 'NG' }, 'KE')).toBe('NG')
    expect(phoneCountryOf(undefined, {}, 'KE')).toBe('KE')
    expect(phoneCountryOf(undefined, {}, undefined)).toBeUndefined()
  })

  it('asks the country of residence before the phone, and labels the address country as its own', () => {
    const { fields } = requiredOf(none)
    expect(fields.indexOf('country_of_residence')).toBeLessThan(fields.indexOf('phone'))
    expect(en[fieldLabel('address.country')]).toBe('Country of this address')
    expect(en[fieldLabel('address.country')]).not.toBe(en[fieldLabel('country_of_residence')])
  })
})
