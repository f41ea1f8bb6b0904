import { z } from 'zod'

/*
 * Request bodies core sends to the service. The service is the authority on its own fields:
 * core types every field the published documents show and checks the values it knows, but a
 * key it does not list goes to the service unchanged instead of being refused in the partner's
 * own server. Two exceptions keep their refusal: core's own option names (`signal`), which in
 * a body can only be a mistake, and `__proto__`, which zod never copies.
 *
 * Where input is untrusted (the server kit's browser routes), `strictRequest` derives the strict
 * form of the same schema: every object refuses a key it does not list, and the fields marked
 * `serviceOnly` (published legacy or partner-only fields, such as a top-level `rail`) are not
 * listed there.
 */

/**
 * Core's own option names (`RequestOptions`, in `client/types.ts`, which fails to compile until
 * each of its keys is listed here). No request of the service has a field of these names, so a
 * body or parameters holding one at any level is refused, naming its path (`signal`,
 * `payment_method.signal`): it is an option put in the wrong argument.
 */
export const RESERVED_REQUEST_KEYS = Object.freeze(['signal'] as const)

// One check instance, so `strictRequest` can leave it out (a strict object refuses the same
// keys as unknown, and would otherwise name them twice).
const reservedKeys = z.superRefine<Record<string, unknown>>(
  (value, ctx) => {
    const keys = RESERVED_REQUEST_KEYS.filter((key) => Object.hasOwn(value, key))
    if (keys.length > 0) {
      // Named like any unknown key of a strict object (`toInputIssues` lists those first).
      ctx.addIssue({ code: 'unrecognized_keys', keys, input: value, continue: true })
    }
  },
  // Also when a listed field is wrong (the answer must not depend on which others are valid),
  // but only on an object: anything else has failed its type already.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

/**
 * An object of a request body to the service: its `shape` typed and checked, any other key
 * passed on as it is (a field the service documents and core does not list yet), core's
 * reserved option names refused.
 *
 * @example
 * const asset = serviceRequest({ currency: z.string(), network: z.string() })
 * asset.parse({ currency: 'USDC', network: 'BASE', chain_hint: 8453 }) // chain_hint kept
 * asset.safeParse({ currency: 'USDC', network: 'BASE', signal }).success // false
 */
export function serviceRequest<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject(shape).check(reservedKeys)
}

// Fields the service documents but the kit's browser routes do not take.
const serviceOnlyFields = z.registry()

/**
 * Marks a field of a request body that the service documents but a browser may not send
 * through the kit (legacy or partner-only fields: a top-level `rail`, `provider`, camelCase
 * aliases): `strictRequest` leaves it out, so the kit refuses it by name.
 */
export function serviceOnly<T extends z.ZodType>(schema: T): T {
  serviceOnlyFields.add(schema)
  return schema
}

type Def = Record<string, unknown> & { type: string }

function strictOf(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as unknown as Def
  const again = (changes: Record<string, unknown>) =>
    z.core.util.clone(schema, { ...def, ...changes } as never) as z.core.$ZodType
  switch (def.type) {
    case 'object': {
      const shape: Record<string, z.core.$ZodType> = {}
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        if (!serviceOnlyFields.has(field)) shape[key] = strictOf(field)
      }
      const checks = ((def.checks ?? []) as unknown[]).filter((check) => check !== reservedKeys)
      return again({ shape, catchall: z.never(), checks })
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return again({ innerType: strictOf(def.innerType as z.core.$ZodType) })
    case 'array':
      return again({ element: strictOf(def.element as z.core.$ZodType) })
    case 'union':
      return again({ options: (def.options as z.core.$ZodType[]).map(strictOf) })
    case 'pipe':
      return again({
        in: strictOf(def.in as z.core.$ZodType),
        out: strictOf(def.out as z.core.$ZodType),
      })
    default:
      return schema
  }
}

/**
 * The strict form of a request schema, for untrusted input (the server kit's browser routes):
 * the same fields, types, formats and rules, but every object refuses a key it does not list
 * (a 422 naming its path), and the `serviceOnly` fields are not listed. Typed as the schema it
 * comes from.
 *
 * @example
 * const kitQuoteRequest = strictRequest(quoteRequest)
 * kitQuoteRequest.safeParse({ ...body, rail: 'local_fiat' }) // refused: `rail`
 */
export function strictRequest<T extends z.ZodType>(schema: T): T {
  return strictOf(schema) as T
}
