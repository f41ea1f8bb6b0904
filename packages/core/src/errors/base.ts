/**
 * The one base error of `@rampkit/core`: every error the package throws on purpose extends it,
 * so a caller can tell "rampkit refused this" (`instanceof RampError`) from a bug. `details`
 * carries extra context for logs; it never holds a key or secret.
 *
 * @example
 * try {
 *   await verifyWebhook({ body, header, secrets })
 * } catch (error) {
 *   if (error instanceof RampError) return new Response(error.message, { status: 400 })
 *   throw error
 * }
 */
export class RampError extends Error {
  override name = 'RampError'
  readonly details?: string

  constructor(message: string, options?: { cause?: unknown; details?: string }) {
    super(message, { cause: options?.cause })
    if (options?.details !== undefined) this.details = options.details
  }
}
