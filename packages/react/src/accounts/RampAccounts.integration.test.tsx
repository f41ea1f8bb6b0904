import type { SigningKeyChallenge, SigningKeys } from '@rampkit/core'
import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { expectNoAxeViolations } from '../../test/axe.js'
import { RampKitProvider } from '../provider.js'
import { RampAccounts } from './RampAccounts.js'

const env = inject('ramp')
const SLOW = { timeout: 20_000 }
const owner = 'signed-keys-owner'

/** The signed-accepts kit's answer for the owner, through its own route, as a browser sends it. */
async function kitRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.signed.endpoint}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: env.origin, 'x-test-user': owner, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer = (await response.json()) as { status: string; data: T }
  if (answer.status !== 'success') throw new Error(`${path}: ${JSON.stringify(answer)}`)
  return answer.data
}

describe('<RampAccounts /> with signed accepts', () => {
  it('lists the wallet that approves the user’s orders and revokes it through the kit', async () => {
    expect(env.signed.users).toContain(owner)
    const wallet = privateKeyToAccount(generatePrivateKey())
    const challenge = await kitRequest<SigningKeyChallenge>('/signing-keys/challenge', {
      address: wallet.address,
    })
    const signature = await wallet.signTypedData(
      challenge.typed_data as unknown as Parameters<typeof wallet.signTypedData>[0],
    )
    await kitRequest('/signing-keys/complete', { key_id: challenge.key_id, signature })

    const user = userEvent.setup()
    const { container } = render(
      <RampKitProvider
        endpoint={env.signed.endpoint}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        headers={{ origin: env.origin, 'x-test-user': owner }}
      >
        <RampAccounts />
      </RampKitProvider>,
    )
    const region = await screen.findByRole(
      'region',
      { name: 'Wallets that approve your orders' },
      SLOW,
    )
    const key = await within(region).findByTestId('signing-key', undefined, SLOW)
    expect(key.textContent).toContain(wallet.address)
    expect(key.getAttribute('data-status')).toBe('active')
    await expectNoAxeViolations(container)
    await user.click(within(key).getByRole('button', { name: 'Revoke' }))
    await screen.findByText(
      `The wallet ${wallet.address} can no longer approve your orders.`,
      undefined,
      SLOW,
    )
    await waitFor(() => expect(key.getAttribute('data-status')).toBe('revoked'), SLOW)
    const { keys } = await kitRequest<SigningKeys>('/signing-keys')
    expect(keys.find((each) => each.key_id === challenge.key_id)?.status).toBe('revoked')
  })
})
