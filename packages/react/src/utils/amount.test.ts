import { describe, expect, it } from 'vitest'
import { amountExample, formatAmountInput, numberSeparators, parseLocaleAmount } from './amount.js'

const value = (input: string, locale: string) => {
  const result = parseLocaleAmount(input, locale)
  return result.ok ? result.value : result.reason
}

describe('parseLocaleAmount', () => {
  it('reads the separators of the locale from Intl', () => {
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' })
    expect(numberSeparators('fr')).toEqual({ decimal: ',', group: ' ' })
    expect(numberSeparators('pt-BR')).toEqual({ decimal: ',', group: '.' })
  })

  it('never reads an English thousands comma as a decimal point', () => {
    expect(value('1,500', 'en')).toBe('1500')
    expect(value('1,500.25', 'en')).toBe('1500.25')
    expect(value('12,345,678', 'en')).toBe('12345678')
    expect(value('1500.5', 'en')).toBe('1500.5')
    expect(value('1,500', 'sw')).toBe('1500')
  })

  it('refuses commas that are not thousands groups in English', () => {
    expect(value('1,5', 'en')).toBe('ambiguous')
    expect(value('1,50', 'en')).toBe('ambiguous')
    expect(value('1,5000', 'en')).toBe('ambiguous')
    expect(value('1,500,5', 'en')).toBe('ambiguous')
  })

  it('reads the French decimal comma and space groups', () => {
    expect(value('1,5', 'fr')).toBe('1.5')
    expect(value('1,500', 'fr')).toBe('1.500')
    expect(value('1 500', 'fr')).toBe('1500')
    expect(value('1\u202f500,25', 'fr')).toBe('1500.25')
    expect(value('1 500,25', 'fr')).toBe('1500.25')
  })

  it('takes a keypad point as the decimal in French, unless it reads as thousands', () => {
    expect(value('1.5', 'fr')).toBe('1.5')
    expect(value('12.25', 'fr')).toBe('12.25')
    expect(value('1.500', 'fr')).toBe('ambiguous')
    expect(value('1 500.5', 'fr')).toBe('ambiguous')
  })

  it('reads point groups where the locale groups with points', () => {
    expect(value('1.500', 'pt-BR')).toBe('1500')
    expect(value('1.500,75', 'pt-BR')).toBe('1500.75')
    expect(value('1.5', 'pt-BR')).toBe('ambiguous')
  })

  it('refuses what is not an amount', () => {
    expect(value('', 'en')).toBe('empty')
    expect(value('  ', 'fr')).toBe('empty')
    expect(value('abc', 'en')).toBe('invalid')
    expect(value('-5', 'en')).toBe('invalid')
    expect(value('1e3', 'en')).toBe('invalid')
    expect(value('1.2.3', 'en')).toBe('invalid')
    expect(value('.', 'en')).toBe('invalid')
  })

  it('keeps every digit: no float on the way', () => {
    expect(value('0.1234567890123', 'en')).toBe('0.1234567890123')
    expect(value('007,5', 'fr')).toBe('7.5')
    expect(value(',5', 'fr')).toBe('0.5')
  })

  it('writes prefilled amounts and the example in the locale', () => {
    expect(formatAmountInput(1500.5, 'fr')).toBe('1500,5')
    expect(formatAmountInput(1500.5, 'en')).toBe('1500.5')
    expect(amountExample('en')).toBe('1,234.56')
    expect(amountExample('fr')).toBe('1\u202f234,56')
    expect(amountExample('en', 0)).toBe('1,234')
    expect(amountExample('fr', 0)).toBe('1\u202f234')
  })
})
