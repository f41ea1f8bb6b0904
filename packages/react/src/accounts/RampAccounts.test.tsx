import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  declinedCustomer as declined,
  kitFetch,
  DECLINED_REASON as REASON,
} from '../../test/offline.js'
import { RampKitProvider } from '../provider.js'
import { RampAccounts } from './RampAccounts.js'

const SLOW = { timeout: 10_000 }

/** `<RampAccounts />` of a declined user, with the provider's `supportUrl` when given. */
async function declinedAccounts(status: 'rejected' | 'suspended', supportUrl?: string) {
  // Only the customer answers: a declined user's page reads nothing else it shows.
  const kit = kitFetch({ 'GET /customer': () => declined(status) })
  render(
    <RampKitProvider
      endpoint="/api/ramp"
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      fetch={kit.fetch}
      {...(supportUrl === undefined ? {} : { supportUrl })}
    >
      <RampAccounts />
    </RampKitProvider>,
  )
  return screen.findByTestId('accounts-declined', undefined, SLOW)
}

describe('<RampAccounts /> for a declined user', () => {
  it('links the partner’s support beside the service’s reason, in a new tab', async () => {
    const note = await declinedAccounts('rejected', 'https://shop.example/help')
    const link = screen.getByRole('link', { name: 'Contact support' })
    expect(note.contains(link)).toBe(true)
    expect(link.getAttribute('href')).toBe('https://shop.example/help')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(note.textContent).toBe(
      'We could not verify your identity, so accounts cannot be opened. Contact support and quote the reason below.',
    )
    expect(screen.getByText(`Reason given: ${REASON}`)).toBeTruthy()
  })

  it('links a mailto address as it is, for a suspended user too', async () => {
    const note = await declinedAccounts('suspended', 'mailto:support@shop.example')
    const link = screen.getByRole('link', { name: 'Contact support' })
    expect(link.getAttribute('href')).toBe('mailto:support@shop.example')
    expect(link.hasAttribute('target')).toBe(false)
    expect(note.textContent).toBe(
      'This account is suspended, so accounts cannot be opened. Contact support.',
    )
  })

  it('promises no link without a support address', async () => {
    const note = await declinedAccounts('rejected')
    expect(screen.queryByRole('link')).toBeNull()
    expect(note.textContent).toContain('Contact support and quote the reason below.')
  })

  it('links no address a link must not open', async () => {
    await declinedAccounts('rejected', 'javascript:alert(1)')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
