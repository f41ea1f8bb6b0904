'use client'
import { useCallback, useRef, useState } from 'react'

// The few form features the details step uses, over uncontrolled inputs: register, a resolver
// that checks every field at once, server errors set on a field, and, after the first submit,
// each field checked again as it is typed. In place of a form library (~11 kB gzip of the
// widget's size budget for what these 100 lines do).

type Values = Record<string, string>

/** A field's error. */
export type FieldError = { type: string; message: string }
/** Errors by field. */
export type FieldErrors<T extends Values> = Partial<Record<keyof T, FieldError>>
/** Checks every value: either the values to submit or the errors by field. */
export type Resolver<T extends Values> = (
  values: T,
) => Promise<{ values: T | Record<string, never>; errors: FieldErrors<T> }>
/** Sets a field's value (and its input); `shouldValidate` checks it again after a submit. */
export type UseFormSetValue<T extends Values> = (
  name: keyof T & string,
  value: string,
  options?: { shouldValidate?: boolean },
) => void

type ChangeHandler = (event: { target: { value: string } }) => unknown

/** What `register` spreads on an input. */
export type RegisteredField = {
  name: string
  ref: (element: HTMLInputElement | null) => void
  onChange: ChangeHandler
}

/**
 * A small uncontrolled form: `register` an input, `handleSubmit` runs the resolver over every
 * value, and once submitted each change re-checks the changed field (so its error goes while
 * the user types, not on blur).
 */
export function useForm<T extends Values>(options: { resolver: Resolver<T>; defaultValues: T }) {
  const values = useRef<T>({ ...options.defaultValues })
  const inputs = useRef(new Map<string, HTMLInputElement>())
  const watched = useRef(new Set<string>())
  const submitted = useRef(false)
  const resolver = useRef(options.resolver)
  resolver.current = options.resolver
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  const [isSubmitting, setSubmitting] = useState(false)
  const [, rerender] = useState(0)

  const recheck = useCallback(async (name: keyof T) => {
    const result = await resolver.current({ ...values.current })
    setErrors((current) => {
      const next = { ...current }
      if (result.errors[name]) next[name] = result.errors[name]
      else delete next[name]
      return next
    })
  }, [])

  const update = useCallback(
    (name: keyof T & string, value: string, validate: boolean) => {
      values.current = { ...values.current, [name]: value }
      if (watched.current.has(name)) rerender((tick) => tick + 1)
      if (validate && submitted.current) void recheck(name)
    },
    [recheck],
  )

  const setValue = useCallback<UseFormSetValue<T>>(
    (name, value, setOptions) => {
      const input = inputs.current.get(name)
      if (input && input.value !== value) input.value = value
      update(name, value, setOptions?.shouldValidate ?? false)
    },
    [update],
  )

  const getValues = useCallback((name: keyof T & string): string => values.current[name] ?? '', [])

  const setError = useCallback((name: keyof T & string, error: FieldError) => {
    setErrors((current) => ({ ...current, [name]: error }))
  }, [])

  const register = (
    name: keyof T & string,
    registerOptions: { onChange?: ChangeHandler } = {},
  ): RegisteredField => ({
    name,
    ref: (element) => {
      if (!element) return
      inputs.current.set(name, element)
      const value = values.current[name] ?? ''
      if (element.value !== value) element.value = value
    },
    onChange: (event) => {
      update(name, event.target.value, true)
      registerOptions.onChange?.(event)
    },
  })

  const watch = (name: keyof T & string): string => {
    watched.current.add(name)
    return values.current[name] ?? ''
  }

  const handleSubmit =
    (onValid: (values: T) => unknown, onInvalid?: (errors: FieldErrors<T>) => unknown) =>
    async (event?: { preventDefault: () => void }) => {
      event?.preventDefault()
      submitted.current = true
      setSubmitting(true)
      try {
        const result = await resolver.current({ ...values.current })
        setErrors(result.errors)
        if (Object.keys(result.errors).length === 0) await onValid(result.values as T)
        else await onInvalid?.(result.errors)
      } finally {
        setSubmitting(false)
      }
    }

  return {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  }
}
