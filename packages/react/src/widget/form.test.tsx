import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type FieldErrors, type Resolver, useForm } from './form.js'

type Form = { name: string; code: string }

/** Name must not be blank (sent trimmed); code must be 4 digits. */
const resolver: Resolver<Form> = async (values) => {
  const errors: FieldErrors<Form> = {}
  if (values.name.trim() === '') errors.name = { type: 'validate', message: 'Enter a name' }
  if (!/^\d{4}$/.test(values.code)) errors.code = { type: 'validate', message: 'Four digits' }
  const none: Record<string, never> = {}
  if (Object.keys(errors).length > 0) return { values: none, errors }
  return { values: { name: values.name.trim(), code: values.code }, errors: {} }
}

function TestForm(props: {
  onValid: (values: Form) => void
  onInvalid: (errors: FieldErrors<Form>) => void
}) {
  const form = useForm<Form>({ resolver, defaultValues: { name: '', code: '12' } })
  const { register, handleSubmit, setValue, setError, formState, watch } = form
  return (
    <form onSubmit={handleSubmit(props.onValid, props.onInvalid)} noValidate>
      <input aria-label="Name" {...register('name')} />
      <p data-testid="name-error">{formState.errors.name?.message}</p>
      <input aria-label="Code" {...register('code')} />
      <p data-testid="code-error">{formState.errors.code?.message}</p>
      <p data-testid="watched">{watch('name')}</p>
      <button type="button" onClick={() => setValue('code', '9876')}>
        Fill code
      </button>
      <button type="button" onClick={() => setError('name', { type: 'server', message: 'Taken' })}>
        Server error
      </button>
      <button type="submit">Send</button>
    </form>
  )
}

describe('useForm (the details step’s form)', () => {
  it('checks nothing before the first submit, then each field as it is typed', async () => {
    const user = userEvent.setup()
    const onValid = vi.fn()
    const onInvalid = vi.fn()
    render(<TestForm onValid={onValid} onInvalid={onInvalid} />)
    await user.type(screen.getByLabelText('Code'), 'x')
    expect(screen.getByTestId('code-error').textContent).toBe('')

    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe('Enter a name'))
    expect(screen.getByTestId('code-error').textContent).toBe('Four digits')
    expect(onValid).not.toHaveBeenCalled()
    expect(Object.keys(onInvalid.mock.calls[0]![0]).sort()).toEqual(['code', 'name'])

    // Typing into one field clears its own error while focus is still in it; the other stays.
    await user.type(screen.getByLabelText('Name'), 'Amina')
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe(''))
    expect(screen.getByLabelText('Name')).toBe(document.activeElement)
    expect(screen.getByTestId('code-error').textContent).toBe('Four digits')
    expect(screen.getByTestId('watched').textContent).toBe('Amina')
  })

  it('sets a value into its input, shows a server error, and submits the resolved values', async () => {
    const user = userEvent.setup()
    const onValid = vi.fn()
    render(<TestForm onValid={onValid} onInvalid={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Fill code' }))
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('9876')
    await user.click(screen.getByRole('button', { name: 'Server error' }))
    expect(screen.getByTestId('name-error').textContent).toBe('Taken')

    await user.type(screen.getByLabelText('Name'), '  Amina Njoroge ')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1))
    expect(onValid.mock.calls[0]![0]).toEqual({ name: 'Amina Njoroge', code: '9876' })
    expect(screen.getByTestId('name-error').textContent).toBe('')
  })
})
