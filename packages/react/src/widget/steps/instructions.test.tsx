import type { CheckoutPaymentInstructions } from '@rampkit/core/checkout'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { PaymentInstructions, RampKitProvider } from '../../index.js'
import { messagesFor } from '../../messages/index.js'

const BANK: CheckoutPaymentInstructions = {
  kind: 'bank',
  bankName: 'Sandbox Bank',
  accountName: 'Ramp Payments Ltd',
  accountNumber: '0123456789',
  iban: null,
  bic: null,
  amount: 1500,
  currency: 'NGN',
  reference: 'SBX7F3C2A91AB',
}

describe('<PaymentInstructions /> on its own', () => {
  // This file loads no screen first: the later screens' English is not there when it renders.
  it('waits for its English, then says how to pay', async () => {
    expect(messagesFor('en')?.['pay.title']).toBeUndefined()
    // React 19: a tree that suspends on a promise renders inside an awaited `act`.
    await act(async () => {
      render(
        <RampKitProvider endpoint="/api/ramp">
          <Suspense fallback={<p>waiting</p>}>
            <PaymentInstructions instructions={BANK} />
          </Suspense>
        </RampKitProvider>,
      )
    })
    expect(await screen.findByText('How to pay')).toBeTruthy()
    expect(document.body.textContent).toContain('Sandbox Bank')
    expect(screen.queryByText(/pay\./)).toBeNull()
  })
})
