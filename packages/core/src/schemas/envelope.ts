import { z } from 'zod'

/**
 * Error `data` hints of spec section 1: `field`, `country`, `currency`, `upstream_http_status`,
 * and for order creation `required`/`current` (base-unit integers, sent as numbers or strings).
 * Unknown hints pass through.
 */
export const errorData = z.looseObject({
  field: z.string().optional(),
  country: z.string().optional(),
  currency: z.string().optional(),
  token: z.string().optional(),
  code: z.string().optional(),
  upstream_http_status: z.number().int().optional(),
  required: z.union([z.string(), z.number()]).optional(),
  current: z.union([z.string(), z.number()]).optional(),
  order_id: z.string().optional(),
})
/** The hints an error envelope's `data` may carry (see `errorData`). */
export type ErrorData = z.infer<typeof errorData>

/** The error envelope: `status: 'error'`, a message safe to show, `data` hints or null. */
export const errorEnvelope = z.looseObject({
  status: z.literal('error'),
  message: z.string(),
  code: z.string().optional(),
  data: z.union([errorData, z.null()]).optional(),
})
/** The service's error answer: `status: 'error'`, a message safe to show, and `data` hints. */
export type ErrorEnvelope = z.infer<typeof errorEnvelope>

/**
 * The success envelope of spec section 1 around a payload schema.
 *
 * @example
 * const body = successEnvelope(catalogData).parse(await response.json())
 */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ status: z.literal('success'), message: z.string(), data })
}

/** Either envelope, discriminated on `status`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.union([successEnvelope(data), errorEnvelope])
}

/** The service's success answer: `status: 'success'`, a message, and the payload in `data`. */
export type SuccessEnvelope<T> = { status: 'success'; message: string; data: T }
/** Any answer of the service: a success around `T`, or an error; tell them apart by `status`. */
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope
