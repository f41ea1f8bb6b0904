import { QueryClient } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { RampKitProvider } from '../../../provider.js'
import { useIdentityText } from '../IdentityStep.js'
import { fr } from './fr.js'
import { en } from './index.js'

function Intro() {
  const text = useIdentityText()
  return <p>{text('identity.document.tooBig', { size: '9 MB' })}</p>
}

// React 19: a tree that suspends on a promise renders inside an awaited `act`.
async function renderIntro(locale: string) {
  await act(async () => {
    render(
      <RampKitProvider endpoint="/api/ramp" locale={locale} queryClient={new QueryClient()}>
        <Suspense fallback={<p>waiting</p>}>
          <Intro />
        </Suspense>
      </RampKitProvider>,
    )
  })
}

describe('the identity step in the page locale', () => {
  it('speaks English on an English page, with nothing to load', async () => {
    await renderIntro('en-GB')
    expect(screen.getByText(en['identity.document.tooBig'].replace('{size}', '9 MB'))).toBeTruthy()
  })

  it('waits for the French messages, then speaks French', async () => {
    await renderIntro('fr-CA')
    const french = fr['identity.document.tooBig'].replace('{size}', '9 MB')
    expect(french).not.toBe(en['identity.document.tooBig'].replace('{size}', '9 MB'))
    expect(await screen.findByText(french)).toBeTruthy()
  })
})
