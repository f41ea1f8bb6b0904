/**
 * Property tests of core's zod schemas and the helpers that parse untrusted input (fast-check).
 *
 * The schemas are enumerated from `./index.js` at run time (zod schemas, schema maps such as
 * `webhookPayloads`, and the envelope factories called with `z.unknown()` and with a real
 * schema), so a new export is covered without touching this file; an export of a kind this file
 * does not know fails the enumeration test. The validation entry's zod schemas and `validate*`
 * functions, `parseParameters` (the client's input check), `parseCheckout` (state read back from
 * user-editable storage) and `toBaseUnitInteger` are checked the same way.
 *
 * For arbitrary JSON (`fc.jsonValue()`), spec-shaped payloads (the fixtures) with `__proto__`,
 * `constructor` and `prototype` keys injected at any depth, deep nesting and huge strings:
 * `safeParse` returns (never throws), helpers return or throw only their typed error, success
 * data carries no own `__proto__` key and no foreign prototype, and `Object.prototype`,
 * `Array.prototype` and `Function.prototype` are left untouched.
 *
 * Default: 1,100 runs in all (200 runs of every schema, 400 of parseParameters, 200 of the
 * validators, 300 of parseCheckout), about 2.5 s. Soak (`RAMPKIT_SOAK=1`): 20x every numRuns, 22,000
 * runs, about 50 s.
 */
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as fixtures from '../../test/fixtures.js'
import { createCheckout } from '../checkout/machine.js'
import { parseCheckout, serializeCheckout } from '../checkout/persist.js'
import type { CheckoutState } from '../checkout/types.js'
import { parseParameters } from '../client/utils.js'
import { toBaseUnitInteger } from '../errors/api.js'
import { RampInputError } from '../errors/client.js'
import * as validation from '../validation/index.js'
import * as schemaExports from './index.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const scale = (runs: number) => (SOAK ? runs * 20 : runs)
const TIMEOUT = SOAK ? 900_000 : 60_000

const figures = { schemas: 0, runs: 0, thrown: 0 }

afterAll(() => {
  console.log(`[security] ${JSON.stringify({ area: 'property.schemas', ...figures })}`)
})

type Named = readonly [name: string, schema: z.core.$ZodType]

/** Every zod schema exported by `./index.js`; `unknown` lists exports of an unexpected kind. */
function enumerateSchemas(exports: Record<string, unknown>) {
  const schemas: Named[] = []
  const unknown: string[] = []
  const sample = Object.values(exports).find((value) => value instanceof z.ZodType)
  for (const [name, value] of Object.entries(exports)) {
    if (value instanceof z.ZodType) {
      schemas.push([name, value])
    } else if (typeof value === 'function') {
      // Schema factories (`successEnvelope(data)`, `envelope(data)`): around anything and around a real schema.
      for (const [label, argument] of [
        ['z.unknown()', z.unknown()],
        ['a real schema', sample],
      ] as const) {
        const made: unknown = (value as (data: unknown) => unknown)(argument)
        if (made instanceof z.ZodType) schemas.push([`${name}(${label})`, made])
        else unknown.push(name)
      }
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      // Constant lists (`ORDER_LIST_FILTERS`, ...): nothing to parse.
    } else if (typeof value === 'number') {
      // Limits (`MAX_CUSTOMER_DOCUMENT_BYTES`, ...): nothing to parse.
    } else if (
      value !== null &&
      typeof value === 'object' &&
      Object.values(value).every((item) => item instanceof z.ZodType)
    ) {
      for (const [key, item] of Object.entries(value)) schemas.push([`${name}.${key}`, item])
    } else {
      unknown.push(name)
    }
  }
  return { schemas, unknown }
}

const core = enumerateSchemas(schemaExports)

/** The validation entry's factories need a corridor or provider; any other function is a validator. */
const PROVIDER = { min_amount: 100, max_amount: 150_000, currency: 'KES' }
const FACTORY_ARGUMENTS: Record<string, unknown[]> = {
  phoneNumberSchema: ['KE'],
  amountSchema: [PROVIDER],
  quoteInputSchema: [{ provider: PROVIDER }],
}
const VALIDATOR_ARGUMENTS: Record<string, unknown[]> = {
  validatePhone: ['KE'],
  validateFiatAmount: ['KES'],
  validateAmountForProvider: [PROVIDER],
}
const validationSchemas: Named[] = []
const validators: [string, (input: unknown, ...rest: unknown[]) => unknown][] = []
const validationUnknown: string[] = []
for (const [name, value] of Object.entries(validation)) {
  // The validation entry's schemas are zod/mini's: zod's core type, not the classic one.
  if (value instanceof z.core.$ZodType) validationSchemas.push([name, value])
  else if (typeof value === 'function' && name in FACTORY_ARGUMENTS) {
    const made: unknown = (value as (...args: unknown[]) => unknown)(
      ...(FACTORY_ARGUMENTS[name] ?? []),
    )
    if (made instanceof z.core.$ZodType) validationSchemas.push([name, made])
    else validationUnknown.push(name)
  } else if (typeof value === 'function' && name.startsWith('validate')) {
    validators.push([name, value as (input: unknown, ...rest: unknown[]) => unknown])
  }
}

const allSchemas: Named[] = [
  ...core.schemas,
  ...validationSchemas.map(([n, s]) => [`validation.${n}`, s] as const),
]

// ---------------------------------------------------------------------------------------------
// Inputs

const POISON_KEYS = ['__proto__', 'constructor', 'prototype'] as const
const POISON_VALUES = [
  { polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  'polluted',
  [{ polluted: 'yes' }],
  null,
]

/** An own enumerable property even for `__proto__` (what `JSON.parse` makes of the key). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** A plain deep copy in which a `__proto__` key stays an own data property. */
function clone(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value) ?? 'null')
}

/** Every object and array inside a fixture, the fixture itself first: seeds that pass schemas. */
function nodes(value: unknown, out: unknown[] = []): unknown[] {
  if (value !== null && typeof value === 'object') {
    out.push(value)
    for (const item of Object.values(value)) nodes(item, out)
  }
  return out
}
const SEEDS = Object.values(fixtures).flatMap((value) => nodes(value))
const objectNodes = (value: unknown): Record<string, unknown>[] =>
  nodes(value).filter((node): node is Record<string, unknown> => !Array.isArray(node))

/** A seed with poison keys injected at chosen object nodes (seed, node, key, value picks). */
const poisonedArb = fc
  .record({
    seed: fc.nat(),
    injections: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
    reparse: fc.boolean(),
  })
  .map(({ seed, injections, reparse }) => {
    const copy = clone(SEEDS[seed % SEEDS.length])
    const targets = objectNodes(copy)
    if (targets.length === 0) return copy
    for (const [where, key, value] of injections) {
      const target = targets[where % targets.length] as Record<string, unknown>
      setOwn(
        target,
        POISON_KEYS[key % POISON_KEYS.length] ?? '__proto__',
        clone(POISON_VALUES[value % POISON_VALUES.length]),
      )
    }
    // JSON.parse of the text gives the same own keys, as a body from the network would.
    return reparse ? JSON.parse(JSON.stringify(copy)) : copy
  })

function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { data: value, depth: i } : [value]
  // fast-check prints a counterexample recursively: give it a short name instead.
  Object.defineProperty(value, fc.toStringMethod, { value: () => `nested(${depth}, ${kind})` })
  return value
}

const HUGE = 200_000
const hugeStrings = [
  'x'.repeat(HUGE),
  ' '.repeat(HUGE),
  '0'.repeat(HUGE),
  `0x${'a'.repeat(HUGE)}`,
  `${'1'.repeat(HUGE)}.${'1'.repeat(HUGE)}`,
  'a '.repeat(HUGE / 2),
  '+254'.padEnd(HUGE, '7'),
  `pcus_${'_'.repeat(HUGE)}!`,
  '\u0301'.repeat(HUGE),
]

/** A seed whose string leaves are replaced by huge adversarial strings. */
const hugeArb = fc.tuple(fc.nat(), fc.nat()).map(([seed, pick]) => {
  const copy = clone(SEEDS[seed % SEEDS.length])
  const huge = hugeStrings[pick % hugeStrings.length] ?? ''
  for (const node of objectNodes(copy)) {
    for (const [key, value] of Object.entries(node)) if (typeof value === 'string') node[key] = huge
  }
  return typeof copy === 'string' ? huge : copy
})

const inputArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue(), weight: 3 },
  { arbitrary: poisonedArb, weight: 4 },
  { arbitrary: fc.constantFrom(...SEEDS).map(clone), weight: 1 },
  { arbitrary: hugeArb, weight: 1 },
  {
    arbitrary: fc.constantFrom(
      nested(5000, 'object'),
      nested(5000, 'array'),
      ...hugeStrings,
      JSON.parse('{"__proto__":{"polluted":"yes"}}'),
      JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
      Object.create(null),
      undefined,
      Number.NaN,
      -0,
      1e308,
      2n ** 70n,
    ),
    weight: 1,
  },
)

/** JSON text of an input; a value JSON cannot write (a bigint, too deep) gives its type name. */
function toText(input: unknown): string {
  try {
    return JSON.stringify(input) ?? 'null'
  } catch {
    return typeof input
  }
}

/** Checkout states as `serializeCheckout` writes them, some with poison keys injected. */
const checkoutTextArb = fc
  .record({
    direction: fc.constantFrom(undefined, 'OnRamp', 'OffRamp'),
    injections: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 3 }),
  })
  .map(({ direction, injections }) => {
    const state = clone({
      ...createCheckout(direction ? { direction } : {}),
      corridor: { currency: 'KES', country: 'KE' },
      token: { symbol: 'USDC', address: fixtures.TOKEN_ADDRESS, decimals: 6, chainId: 84532 },
      fieldErrors: { amount: 'Minimum is 100 KES' },
    })
    const targets = objectNodes(state)
    for (const [where, key, value] of injections) {
      const target = targets[where % targets.length] as Record<string, unknown>
      setOwn(
        target,
        POISON_KEYS[key % POISON_KEYS.length] ?? '__proto__',
        clone(POISON_VALUES[value % POISON_VALUES.length]),
      )
    }
    return serializeCheckout(state as CheckoutState)
  })

// ---------------------------------------------------------------------------------------------
// Checks

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype]
const pristine = PROTOTYPES.map((proto) => Object.getOwnPropertyNames(proto).sort().join())

function expectNoPollution() {
  PROTOTYPES.forEach((proto, i) => {
    expect(Object.getOwnPropertyNames(proto).sort().join()).toBe(pristine[i])
  })
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

/** Every object reachable in the input: values a parser hands back by reference, untouched. */
function inputObjects(input: unknown): Set<unknown> {
  const out = new Set<unknown>()
  const stack = [input] // iterative: inputs nest thousands deep
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object' || out.has(value)) continue
    out.add(value)
    stack.push(...Object.values(value))
  }
  return out
}

/**
 * Parsed data: only plain objects and arrays (no prototype taken from the input), and no object
 * the parser built carries an own `__proto__` key, which `Object.assign` or a deep merge of the
 * result would turn into a prototype swap. Values passed through by reference (the unknown
 * fields of a loose object) are the caller's input as it was, and are not the parser's doing.
 */
function expectCleanData(value: unknown, input: unknown) {
  const passedThrough = inputObjects(input)
  const walk = (node: unknown, depth: number, seen: Set<unknown>) => {
    if (node === null || typeof node !== 'object' || seen.has(node) || depth > 100) return
    seen.add(node)
    expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(node))
    if (!passedThrough.has(node)) {
      expect(Object.hasOwn(node, '__proto__'), 'an own __proto__ key in a built object').toBe(false)
      expect(Object.getPrototypeOf(Object.assign({}, node))).toBe(Object.prototype)
    }
    for (const item of Object.values(node)) walk(item, depth + 1, seen)
  }
  walk(value, 0, new Set())
}

/** Whether an own `__proto__` key sits anywhere in the value (a poisoned input). */
function hasOwnProtoKey(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 50) return false
  if (Object.hasOwn(value, '__proto__')) return true
  return Object.values(value).some((item) => hasOwnProtoKey(item, depth + 1))
}

/** Runs `run`; a throw is counted in `thrown` and fails the property (fast-check shrinks it). */
function noThrow<T>(label: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    figures.thrown++
    throw new Error(`${label} threw: ${String(error)}`)
  }
}

// ---------------------------------------------------------------------------------------------

describe('schemas properties', () => {
  it('enumerates every export of schemas/index.ts and the validation entry', () => {
    expect(core.unknown).toEqual([])
    expect(validationUnknown).toEqual([])
    // A floor, not the exact count, so a new schema only adds to it.
    expect(core.schemas.length).toBeGreaterThanOrEqual(60)
    expect(core.schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'webhookOrder',
        'quoteRequest',
        'webhookPayloads.account',
        'envelope(z.unknown())',
      ]),
    )
    expect(validationSchemas.length).toBeGreaterThanOrEqual(8)
    expect(validators.length).toBeGreaterThanOrEqual(8)
    figures.schemas = allSchemas.length
  })

  it(
    'safeParse never throws, success data is clean, and no prototype is polluted',
    () => {
      const successes = new Set<string>()
      let poisonedSuccesses = 0
      fc.assert(
        fc.property(inputArb, (input) => {
          figures.runs++
          const poisoned = hasOwnProtoKey(input)
          for (const [name, schema] of allSchemas) {
            const result = noThrow(`${name}.safeParse`, () => z.safeParse(schema, input))
            expectNoPollution()
            if (result.success) {
              successes.add(name)
              if (poisoned) poisonedSuccesses++
              expectCleanData(result.data, input)
            } else {
              expect(result.error.issues.length).toBeGreaterThan(0)
            }
          }
        }),
        { numRuns: scale(200) },
      )
      // The success path was exercised on many schemas, and with poison keys in the input.
      expect(successes.size).toBeGreaterThanOrEqual(20)
      expect(poisonedSuccesses).toBeGreaterThan(0)
    },
    TIMEOUT,
  )

  it(
    'parseParameters returns clean data or throws only RampInputError naming a field path',
    () => {
      fc.assert(
        fc.property(inputArb, fc.nat(), (input, pick) => {
          figures.runs++
          const [name, schema] = allSchemas[pick % allSchemas.length] as Named
          try {
            expectCleanData(parseParameters(schema as z.ZodType, input), input)
          } catch (error) {
            if (!(error instanceof RampInputError)) {
              figures.thrown++
              throw new Error(`parseParameters(${name}) threw ${String(error)}`)
            }
            expect(error.issues.length).toBeGreaterThan(0)
            expect(typeof error.field).toBe('string')
          }
          expectNoPollution()
        }),
        { numRuns: scale(400) },
      )
    },
    TIMEOUT,
  )

  it(
    'validate* functions return { ok } results and never throw',
    () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          figures.runs++
          for (const [name, validate] of validators) {
            const result = noThrow(name, () =>
              validate(input, ...(VALIDATOR_ARGUMENTS[name] ?? [])),
            ) as {
              ok: boolean
              value?: unknown
              field?: string
            }
            expect(typeof result.ok).toBe('boolean')
            if (result.ok) expectCleanData(result.value, input)
            else expect(typeof result.field).toBe('string')
            expectNoPollution()
          }
        }),
        { numRuns: scale(200) },
      )
    },
    TIMEOUT,
  )

  it(
    'parseCheckout and toBaseUnitInteger never throw on any text or value',
    () => {
      const textArb = fc.oneof(
        inputArb.map(toText),
        checkoutTextArb,
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(
          '',
          '{',
          'null',
          '[]',
          '{"version":1}',
          '{"__proto__":{"version":1}}',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
          `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        ),
      )
      let restored = 0
      fc.assert(
        fc.property(textArb, inputArb, (text, value) => {
          figures.runs++
          const state = noThrow('parseCheckout', () => parseCheckout(text))
          if (state !== null) {
            restored++
            expect(state.version).toBe(1)
            expectCleanData(state, undefined)
          }
          const integer = noThrow('toBaseUnitInteger', () => toBaseUnitInteger(value))
          expect(integer === undefined || typeof integer === 'bigint').toBe(true)
          expectNoPollution()
        }),
        { numRuns: scale(300) },
      )
      expect(restored).toBeGreaterThan(0)
    },
    TIMEOUT,
  )

  it('the counters hold the invariants', () => {
    expect(figures.thrown).toBe(0)
    expect(figures.schemas).toBe(allSchemas.length)
    expect(figures.runs).toBeGreaterThan(0)
  })
})

describe('regressions found by these properties', () => {
  const poisoned = (json: string) => JSON.parse(json) as Record<string, unknown>

  it('validateQuoteInput and quoteInputSchema do not copy a JSON __proto__ key into the request', () => {
    const body = poisoned(
      JSON.stringify(fixtures.quoteRequestBody).replace(
        /^\{/,
        '{"__proto__":{"polluted":"yes"},"payment_method_extra":1,',
      ),
    )
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
    const result = validation.validateQuoteInput(body, { provider: PROVIDER })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(Object.hasOwn(result.value, '__proto__')).toBe(false)
    expect((Object.assign({}, result.value) as Record<string, unknown>).polluted).toBeUndefined()
    expect(result.value.payment_method_extra).toBe(1)
    const parsed = validation.quoteInputSchema({ provider: PROVIDER }).safeParse(body)
    expect(parsed.success && Object.hasOwn(parsed.data, '__proto__')).toBe(false)
    expect(parsed.success).toBe(true)
  })

  it('parseCheckout drops __proto__ keys of the stored text at any depth', () => {
    const text = serializeCheckout(createCheckout({ direction: 'OnRamp' })).replace(
      '"fieldErrors":{}',
      '"fieldErrors":{"__proto__":{"polluted":"yes"}},"__proto__":{"polluted":"yes"}',
    )
    expect(text).toContain('"__proto__"')
    const state = parseCheckout(text)
    expect(state?.step).toBe('corridor')
    expect(Object.hasOwn(state ?? {}, '__proto__')).toBe(false)
    expect(Object.hasOwn(state?.fieldErrors ?? {}, '__proto__')).toBe(false)
    expect((Object.assign({}, state) as Record<string, unknown>).polluted).toBeUndefined()
  })
})
