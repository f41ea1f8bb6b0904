import { describe, expect, it } from 'vitest'
import { validateQuoteInput } from './quoteInput.js'

const now = () => Date.UTC(2025, 5, 15)
const KE_MOBILE = {
  order_type: 'OnRamp',
  country: 'KE',
  currency: 'KES',
  local_amount: 1500,
  wallet_address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
  payment_method: {
    type: 'mobile_money',
    network_id: '3f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c',
    phone_number: '0712 345 678',
  },
  customer: { name: ' Amina   Njoroge ', dob: '07/14/1990' },
  client_ref: 'cart-42',
}
const NG_BANK = {
  ...KE_MOBILE,
  country: 'NG',
  currency: 'NGN',
  payment_method: { type: 'bank', network_id: '9b2f3c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c' },
  customer: {
    name: 'Ngozi Okonjo-Iweala',
    dob: '06/13/1954',
    additional_id_number: '223 4567 8901',
  },
}

describe('validateQuoteInput with the sandbox test values', () => {
  const TEST_PHONE = {
    ...KE_MOBILE,
    payment_method: { ...KE_MOBILE.payment_method, phone_number: '+2541111111111' },
  }
  const TEST_ACCOUNT = {
    ...NG_BANK,
    payment_method: { ...NG_BANK.payment_method, account_number: '0000000000' },
  }

  it('lets the documented test phone and account numbers through in the sandbox', () => {
    expect(validateQuoteInput(TEST_PHONE, { now, environment: 'sandbox' })).toMatchObject({
      ok: true,
      value: { payment_method: { phone_number: '+2541111111111' } },
    })
    expect(validateQuoteInput(TEST_ACCOUNT, { now, environment: 'sandbox' })).toMatchObject({
      ok: true,
      value: { payment_method: { account_number: '0000000000' } },
    })
  })

  it('refuses them in production, or with no environment, on their own field', () => {
    for (const environment of ['production', undefined] as const) {
      expect(validateQuoteInput(TEST_PHONE, { now, environment })).toMatchObject({
        ok: false,
        field: 'payment_method.phone_number',
        code: 'sandbox_only',
      })
      expect(validateQuoteInput(TEST_ACCOUNT, { now, environment })).toMatchObject({
        ok: false,
        field: 'payment_method.account_number',
        code: 'sandbox_only',
        message: expect.stringMatching(/accepted only in the sandbox/),
      })
    }
  })

  it('passes a real account number in production, spaces removed', () => {
    const real = {
      ...NG_BANK,
      payment_method: { ...NG_BANK.payment_method, account_number: '0123 456 789' },
    }
    expect(validateQuoteInput(real, { now, environment: 'production' })).toMatchObject({
      ok: true,
      value: { payment_method: { account_number: '0123456789' } },
    })
  })
})

describe('validateQuoteInput', () => {
  it('returns the request with normalised values and extra fields kept', () => {
    expect(validateQuoteInput(KE_MOBILE, { now })).toEqual({
      ok: true,
      value: {
        ...KE_MOBILE,
        wallet_address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        payment_method: { ...KE_MOBILE.payment_method, phone_number: '+254712345678' },
        customer: { name: 'Amina Njoroge', dob: '07/14/1990' },
      },
    })
  })

  it('requires a BVN for Nigeria and strips its spaces', () => {
    const result = validateQuoteInput(NG_BANK, { now })
    expect(result).toMatchObject({
      ok: true,
      value: { customer: { additional_id_number: '22345678901' } },
    })
    const { additional_id_number: _, ...withoutBvn } = NG_BANK.customer
    expect(validateQuoteInput({ ...NG_BANK, customer: withoutBvn }, { now })).toMatchObject({
      ok: false,
      field: 'customer.additional_id_number',
      code: 'required',
    })
  })

  it('takes the BVN’s type as the published Nigerian quotes send it, and refuses another', () => {
    const typed = { ...NG_BANK, customer: { ...NG_BANK.customer, additional_id_type: 'BVN' } }
    expect(validateQuoteInput(typed, { now })).toMatchObject({
      ok: true,
      value: { customer: { additional_id_type: 'bvn', additional_id_number: '22345678901' } },
    })
    const other = { ...NG_BANK, customer: { ...NG_BANK.customer, additional_id_type: 'nin' } }
    expect(validateQuoteInput(other, { now })).toMatchObject({
      ok: false,
      field: 'customer.additional_id_type',
      code: 'invalid_format',
    })
    // Outside Nigeria the type is the service's business, not a rule here.
    const kenyan = { ...KE_MOBILE, customer: { ...KE_MOBILE.customer, additional_id_type: 'nin' } }
    expect(validateQuoteInput(kenyan, { now }).ok).toBe(true)
  })

  it('asks for a date of birth on African rails only, and checks one that is sent anyway', () => {
    const { dob: _, ...noDob } = KE_MOBILE.customer
    expect(validateQuoteInput({ ...KE_MOBILE, customer: noDob }, { now })).toMatchObject({
      ok: false,
      field: 'customer.dob',
    })
    const EUR_SEPA = {
      order_type: 'OnRamp',
      country: 'DE',
      currency: 'EUR',
      local_amount: 100,
      payment_method: { type: 'BankSepa', network_id: '4f2b8c1e-6a4d-4f7e-8c21-0d5e6f7a8b9c' },
      customer: { name: 'Lena Schmidt' },
    }
    expect(validateQuoteInput(EUR_SEPA, { now })).toMatchObject({ ok: true })
    expect(
      validateQuoteInput(
        { ...EUR_SEPA, customer: { name: 'Lena Schmidt', dob: '1990-01-01' } },
        {
          now,
        },
      ),
    ).toMatchObject({ ok: false, field: 'customer.dob' })
  })

  it('does not ask for a BVN outside Nigeria', () => {
    expect(
      validateQuoteInput(
        {
          ...NG_BANK,
          country: 'GH',
          currency: 'GHS',
          customer: { name: 'Kofi Mensah', dob: '01/01/1990' },
        },
        { now },
      ).ok,
    ).toBe(true)
  })

  it('reports failures in the order of the 422 table', () => {
    const everythingWrong = {
      ...NG_BANK,
      country: 'NG',
      payment_method: { type: 'mobile_money', network_id: 'mtn', phone_number: '+254712345678' },
      customer: { name: 'Ngozi', dob: '1990-01-01', additional_id_number: '1' },
    }
    const fields: string[] = []
    let input: Record<string, unknown> = everythingWrong
    const fixes: Record<string, (value: typeof everythingWrong) => typeof everythingWrong> = {
      'payment_method.network_id': (v) => ({
        ...v,
        payment_method: { ...v.payment_method, network_id: NG_BANK.payment_method.network_id },
      }),
      'payment_method.phone_number': (v) => ({
        ...v,
        payment_method: { ...v.payment_method, phone_number: '08031234567' },
      }),
      'customer.name': (v) => ({ ...v, customer: { ...v.customer, name: 'Ngozi Okonjo-Iweala' } }),
      'customer.dob': (v) => ({ ...v, customer: { ...v.customer, dob: '06/13/1954' } }),
      'customer.additional_id_number': (v) => ({
        ...v,
        customer: { ...v.customer, additional_id_number: '22345678901' },
      }),
    }
    for (;;) {
      const result = validateQuoteInput(input, { now })
      if (result.ok) break
      fields.push(result.field)
      const fix = fixes[result.field]
      if (!fix) throw new Error(`unexpected field ${result.field}`)
      input = fix(input as typeof everythingWrong)
    }
    expect(fields).toEqual([
      'payment_method.network_id',
      'payment_method.phone_number',
      'customer.name',
      'customer.dob',
      'customer.additional_id_number',
    ])
  })

  it('requires network_id on both African rails, and only when sent on international bank', () => {
    const bank = { ...NG_BANK, payment_method: { type: 'bank' } }
    expect(validateQuoteInput(bank, { now })).toMatchObject({
      field: 'payment_method.network_id',
      code: 'required',
    })
    const mobile = {
      ...KE_MOBILE,
      payment_method: { type: 'mobile_money', phone_number: '0712345678' },
    }
    expect(validateQuoteInput(mobile, { now })).toMatchObject({
      field: 'payment_method.network_id',
      code: 'required',
    })
    const sepa = {
      order_type: 'OnRamp',
      currency: 'EUR',
      local_amount: 250,
      wallet_address: KE_MOBILE.wallet_address,
      payment_method: { type: 'BankSepa' },
      customer: { name: 'Marie Curie' },
    }
    expect(validateQuoteInput(sepa, { now })).toMatchObject({ ok: true })
  })

  it('takes an approved vault customer instead of the inline rules', () => {
    const { customer: _customer, ...rest } = KE_MOBILE
    const result = validateQuoteInput({ ...rest, customer_id: 'pcus_a1b2' }, { now })
    expect(result).toMatchObject({ ok: true, value: { customer_id: 'pcus_a1b2' } })
    // No inline customer is invented beside the vault's.
    expect(result.ok && result.value.customer).toBe(undefined)
  })

  it('counts an institution by its business name, without a date of birth or BVN', () => {
    const institution = {
      ...NG_BANK,
      customer: {
        type: 'institution',
        business_name: '  Lagos   Traders Ltd ',
        business_id: 'RC1',
      },
    }
    expect(validateQuoteInput(institution, { now })).toMatchObject({
      ok: true,
      value: { customer: { business_name: 'Lagos Traders Ltd', business_id: 'RC1' } },
    })
  })

  it('bounds a sale by its tokens, not by the fiat limits, and checks the refund address', () => {
    const { local_amount: _amount, wallet_address: _wallet, ...rest } = KE_MOBILE
    const sale = {
      ...rest,
      order_type: 'OffRamp',
      crypto_amount: 20,
      refund_address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    }
    const limits = { min_amount: 5000, max_amount: 10000, currency: 'KES' }
    expect(validateQuoteInput(sale, { now, provider: limits })).toMatchObject({
      ok: true,
      value: { refund_address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
    })
    expect(
      validateQuoteInput({ ...sale, refund_address: '0x12' }, { now, provider: limits }),
    ).toMatchObject({ ok: false, field: 'refund_address' })
  })

  it('asks for whole units of the currency in local_amount', () => {
    expect(validateQuoteInput({ ...KE_MOBILE, local_amount: 1500.5 }, { now })).toMatchObject({
      ok: false,
      field: 'local_amount',
      code: 'too_many_decimals',
      message: 'Enter a whole number of KES',
    })
  })

  it('checks the phone on mobile money only, for the corridor country', () => {
    const wrongCountry = {
      ...KE_MOBILE,
      payment_method: { ...KE_MOBILE.payment_method, phone_number: '+2348031234567' },
    }
    expect(validateQuoteInput(wrongCountry, { now })).toMatchObject({
      field: 'payment_method.phone_number',
      code: 'wrong_country',
    })
    expect(
      validateQuoteInput(
        { ...NG_BANK, payment_method: { ...NG_BANK.payment_method, phone_number: 'junk' } },
        { now },
      ).ok,
    ).toBe(true)
  })

  it('checks the amount against the provider when given, after the table', () => {
    const provider = { min_amount: 2000, max_amount: 150_000, currency: 'KES' }
    expect(validateQuoteInput(KE_MOBILE, { now, provider })).toEqual({
      ok: false,
      field: 'local_amount',
      code: 'below_minimum',
      message: 'Minimum is 2,000 KES',
    })
    expect(validateQuoteInput({ ...KE_MOBILE, local_amount: -1 }, { now })).toMatchObject({
      field: 'local_amount',
      code: 'not_positive',
    })
    const badName = { ...KE_MOBILE, customer: { ...KE_MOBILE.customer, name: 'Amina' } }
    expect(validateQuoteInput(badName, { now, provider })).toMatchObject({ field: 'customer.name' })
  })

  it('checks a wallet address when one is sent', () => {
    const wrong = { ...KE_MOBILE, wallet_address: '0xd8Da6BF26964aF9D7eEd9e03E53415D37aA96045' }
    expect(validateQuoteInput(wrong, { now })).toMatchObject({
      field: 'wallet_address',
      code: 'bad_checksum',
    })
    const { wallet_address: _, ...withoutWallet } = KE_MOBILE
    expect(validateQuoteInput(withoutWallet, { now }).ok).toBe(true)
  })

  it('uses the clock for the age check', () => {
    const young = { ...KE_MOBILE, customer: { ...KE_MOBILE.customer, dob: '01/01/2008' } }
    expect(validateQuoteInput(young, { now })).toMatchObject({
      field: 'customer.dob',
      code: 'too_young',
    })
    expect(validateQuoteInput(young, { now: () => Date.UTC(2026, 0, 1) }).ok).toBe(true)
  })

  it('answers a missing or malformed body with the first table field, never a throw', () => {
    expect(validateQuoteInput(undefined)).toMatchObject({ ok: false, field: 'customer.name' })
    expect(validateQuoteInput('text')).toMatchObject({ ok: false, field: 'customer.name' })
    expect(validateQuoteInput({ payment_method: { type: 'bank' } })).toMatchObject({
      field: 'payment_method.network_id',
    })
    expect(
      validateQuoteInput({
        payment_method: { type: 'mobile_money', network_id: NG_BANK.payment_method.network_id },
        country: 42,
      }),
    ).toMatchObject({
      field: 'payment_method.phone_number',
      code: 'unsupported_country',
    })
  })
})
