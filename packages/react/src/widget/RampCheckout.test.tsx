import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../test/axe.js'
import { RampKitProvider } from '../provider.js'
import { RampCheckout } from './RampCheckout.js'

function renderOffline(ui: React.ReactNode) {
  // Every request fails, as with no network.
  const fetch = vi.fn(async () => {
    throw new Error('no network in this test')
  })
  const view = render(
    <RampKitProvider
      endpoint="/api/ramp"
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      fetch={fetch}
    >
      {ui}
    </RampKitProvider>,
  )
  return { ...view, fetch }
}

describe('<RampCheckout /> without a server', () => {
  it('speaks the locale it is given, once its messages have loaded', async () => {
    renderOffline(<RampCheckout locale="fr" />)
    expect((await screen.findByRole('heading', { level: 2 }, { timeout: 5000 })).textContent).toBe(
      'Où et comment',
    )
    // Four stages: where and how, how much, details, review (identity, when asked, is a fifth).
    expect(screen.getByText('Étape 1 sur 4')).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Acheter des cryptos' })).toBeTruthy()
  })

  it('applies the theme as CSS variables and a data-theme attribute', () => {
    const { container } = renderOffline(
      <RampCheckout theme={{ mode: 'dark', colors: { accent: '#ff0066' }, radius: '4px' }} />,
    )
    const root = container.querySelector('.rk-root') as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--rk-accent')).toBe('#ff0066')
    expect(root.style.getPropertyValue('--rk-radius')).toBe('4px')
  })

  it('shows a close button only with onClose, and calls it', async () => {
    const onClose = vi.fn()
    const { container } = renderOffline(<RampCheckout onClose={onClose} />)
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await expectNoAxeViolations(container)
  })

  it('announces a catalog that cannot load, with a retry', async () => {
    const { fetch, container } = renderOffline(<RampCheckout direction="OnRamp" />)
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(fetch).toHaveBeenCalled()
    await expectNoAxeViolations(container)
  })

  it('says a network failure in the locale, not in the English of the client', async () => {
    const { container } = renderOffline(<RampCheckout direction="OnRamp" locale="fr" />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Impossible de charger cette étape.')
    expect(alert.textContent).toContain(
      'Impossible de joindre le service. Vérifiez votre connexion et réessayez.',
    )
    expect(alert.textContent).not.toMatch(/Could not reach|no network/i)
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
    expect(container.textContent).not.toMatch(/Could not reach/)
  })
})
