import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messagesFor } from './messages/index.js'
import { RampKitProvider, useRampKit } from './provider.js'

function OrderStatusName() {
  const { t } = useRampKit()
  return <p>{t('status.settled')}</p>
}

describe('the provider’s messages outside the checkout', () => {
  // No checkout screen loads in this file: the later screens' English is not there at first.
  it('gives a later screen’s English to a page that reads `t` on its own, once it has loaded', async () => {
    expect(messagesFor('en')?.['status.settled']).toBeUndefined()
    await act(async () => {
      render(
        <RampKitProvider endpoint="/api/ramp">
          <OrderStatusName />
        </RampKitProvider>,
      )
    })
    expect(await screen.findByText('Settled')).toBeTruthy()
  })
})
