import { describe, expect, it } from 'vitest'
import { createCheckout, transition } from './machine.js'
import { fromKitOrder, paymentInstructionsOf } from './requests.js'
import type { CheckoutState } from './types.js'

describe('paymentInstructionsOf', () => {
  it('reads the service’s published mobile-money form (momo, source)', () => {
    expect(
      paymentInstructionsOf({
        type: 'momo',
        source: { accountNumber: '+254712345678', networkName: 'Mobile Wallet (M-PESA)' },
      }),
    ).toEqual({
      kind: 'mobile_money',
      phone: '+254712345678',
      network: 'Mobile Wallet (M-PESA)',
      amount: null,
      currency: null,
      reference: null,
    })
  })

  it('reads a bank account to pay into, with the reference, IBAN and BIC when given', () => {
    expect(
      paymentInstructionsOf({
        type: 'BankSepa',
        bank_name: 'Sandbox Collections Bank',
        account_number: '0012345678',
        iban: 'DE89370400440532013000',
        bic: 'SNDBDEFF',
        amount: 250.5,
        currency: 'EUR',
        reference: 'SBX1234567890',
      }),
    ).toEqual({
      kind: 'bank',
      bankName: 'Sandbox Collections Bank',
      accountName: null,
      accountNumber: '0012345678',
      iban: 'DE89370400440532013000',
      bic: 'SNDBDEFF',
      amount: 250.5,
      currency: 'EUR',
      reference: 'SBX1234567890',
    })
  })

  it('reads a crypto deposit address', () => {
    expect(
      paymentInstructionsOf({ type: 'crypto_deposit', address: '0xabc', network: 'BASE' }),
    ).toMatchObject({ kind: 'crypto_deposit', address: '0xabc', network: 'BASE', amount: null })
  })

  it('has nothing to show for an allowance (its own step), an unknown form or no value', () => {
    expect(
      paymentInstructionsOf({ type: 'erc20_allowance', spender: '0x1', amount_base_units: '5' }),
    ).toBeUndefined()
    expect(paymentInstructionsOf({ type: 'card', url: 'https://pay.example' })).toBeUndefined()
    expect(paymentInstructionsOf(undefined)).toBeUndefined()
    expect(paymentInstructionsOf('momo')).toBeUndefined()
    expect(paymentInstructionsOf([{ type: 'momo' }])).toBeUndefined()
  })

  it('never takes a number for a phone or a string for an amount', () => {
    expect(
      paymentInstructionsOf({ type: 'mobile_money', phone_number: 254712345678, amount: '10' }),
    ).toMatchObject({ phone: null, amount: null })
  })
})

describe('an accepted order’s instructions in the checkout', () => {
  it('come with the order and survive its later status updates', () => {
    const order = fromKitOrder({
      id: 'ord_1',
      order_id: 'ord_1',
      status: 'processing',
      payment_instructions: { type: 'mobile_money', phone_number: '+254712345678' },
    })
    expect(order.paymentInstructions).toMatchObject({ kind: 'mobile_money' })
    // A live update carries no instructions: the ones the accept gave stay.
    const state: CheckoutState = { ...createCheckout(), step: 'status', order }
    const next = transition(state, {
      type: 'ORDER_UPDATED',
      order: fromKitOrder({ id: 'ord_1', order_id: 'ord_1', status: 'settled' }),
    })
    expect(next.order).toMatchObject({
      status: 'settled',
      paymentInstructions: { kind: 'mobile_money', phone: '+254712345678' },
    })
    expect('paymentInstructions' in fromKitOrder({ order_id: 'o', status: 'settled' })).toBe(false)
  })

  it('keep the service’s failure reason when it gives one, its words trimmed', () => {
    const failed = fromKitOrder({
      order_id: 'o',
      status: 'failed',
      failure_reason: '  Failure forced by a sandbox test value ',
    })
    expect(failed.failureReason).toBe('Failure forced by a sandbox test value')
    expect(
      'failureReason' in fromKitOrder({ order_id: 'o', status: 'failed', failure_reason: ' ' }),
    ).toBe(false)
  })
})
