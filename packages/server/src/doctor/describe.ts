import { RampApiError } from '@rampkit/core'

/** An object's fields, or none: the doctor reads answers leniently (they may have drifted). */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const num = (value: unknown) => (typeof value === 'number' ? value : undefined)

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host)
}

export function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? ''
}

export function describeError(error: unknown): string {
  if (error instanceof RampApiError) return `${error.status} ${firstLine(error.message)}`
  if (error instanceof Error) return firstLine(error.message)
  return String(error)
}

/** The reason the service gave for refusing a signature, when it gave one. */
export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof RampApiError)) return undefined
  return str(record(error.data).reason)
}
