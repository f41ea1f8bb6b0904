import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMessage } from '../../messages/index.js'
import { DocumentInput } from './document.js'
import { en } from './messages/index.js'

const text = (key: keyof typeof en, values?: Record<string, string | number>) =>
  formatMessage(en[key], values)

function renderInput(onChosen = vi.fn()) {
  const { container } = render(
    <DocumentInput
      label="Photo ID"
      chosen={undefined}
      error={undefined}
      text={text}
      locale="en"
      onChosen={onChosen}
    />,
  )
  return { onChosen, container }
}

/** A device whose pointer is a finger (`(pointer: coarse)`), or a mouse. */
function pointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DocumentInput', () => {
  it('offers the back camera on a phone (capture), and no camera button with a mouse', async () => {
    pointer(true)
    const { container } = renderInput()
    expect(await screen.findByRole('button', { name: 'Take a photo' })).toBeTruthy()
    expect(container.querySelector('input[capture="environment"]')).not.toBeNull()
    // The file input itself keeps the choice of a file (no capture on it).
    expect(screen.getByLabelText('Photo ID').hasAttribute('capture')).toBe(false)
  })

  it('takes a file dropped on the zone, and names a file of another type', async () => {
    pointer(false)
    const { onChosen } = renderInput()
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull()
    const zone = screen.getByTestId('document-drop')
    const note = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    fireEvent.drop(zone, { dataTransfer: { files: [note] } })
    await waitFor(() =>
      expect(onChosen).toHaveBeenLastCalledWith(undefined, 'This file is not a JPEG, PNG or PDF.'),
    )
    const pdf = new File(['%PDF-1.7\n%%EOF\n'], 'bill.pdf', { type: 'application/pdf' })
    fireEvent.drop(zone, { dataTransfer: { files: [pdf] } })
    await waitFor(() =>
      expect(onChosen).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: 'bill.pdf', uploaded: false }),
      ),
    )
  })
})
