import { describe, expect, it } from 'vitest'
import { validateCustomerName } from './customerName.js'

describe('validateCustomerName', () => {
  it.each([
    ['Amina Njoroge', 'Amina', 'Njoroge'],
    ['Ngozi Okonjo-Iweala', 'Ngozi', 'Okonjo-Iweala'],
    ["Zoë O'Brien", 'Zoë', "O'Brien"],
    ['Zoë O’Brien', 'Zoë', 'O’Brien'],
    ['Mary Jane Watson', 'Mary Jane', 'Watson'],
    ['José Ángel Núñez', 'José Ángel', 'Núñez'],
    ['Kwame K. Mensah', 'Kwame K.', 'Mensah'],
    ['محمد علي', 'محمد', 'علي'],
  ])('accepts %j', (name, first, last) => {
    expect(validateCustomerName(name)).toEqual({ ok: true, value: { name, first, last } })
  })

  it('trims and collapses spaces', () => {
    expect(validateCustomerName('  Amina \t  Njoroge \n')).toEqual({
      ok: true,
      value: { name: 'Amina Njoroge', first: 'Amina', last: 'Njoroge' },
    })
  })

  it('normalises decomposed accents to one form', () => {
    const decomposed = 'Zoe\u0308 Okafor'
    const result = validateCustomerName(decomposed)
    expect(result).toMatchObject({ ok: true, value: { first: 'Zo\u00eb' } })
  })

  it.each([
    ['one word', 'Amina', 'too_short'],
    ['one word with spaces around', '  Amina  ', 'too_short'],
    ['a digits-only word', 'Amina 123', 'invalid_characters'],
    ['digits inside a word', 'Amina Nj0roge', 'invalid_characters'],
    ['a word without a letter', 'Amina - Njoroge', 'invalid_characters'],
    ['symbols', 'Amina @Njoroge', 'invalid_characters'],
    ['an emoji', 'Amina Njoroge 🙂', 'invalid_characters'],
    ['empty', '', 'required'],
    ['missing', undefined, 'required'],
    ['not a string', 42, 'required'],
  ])('refuses %s', (_label, input, code) => {
    expect(validateCustomerName(input)).toMatchObject({ ok: false, field: 'customer.name', code })
  })

  it('accepts 100 characters and refuses 101', () => {
    const name = (length: number) => `${'A'.repeat(50)} ${'B'.repeat(length - 51)}`
    expect(validateCustomerName(name(100)).ok).toBe(true)
    expect(validateCustomerName(name(101))).toMatchObject({ code: 'too_long' })
  })
})
