/**
 * Shape drift: where the raw `data` the service sent and core's schema of it disagree. Core's
 * response schemas are loose (a field it does not know passes through), so a renamed field shows
 * up twice: the new name as unknown, the old one as missing (and then the parse fails).
 *
 * The walk reads zod 4's public `def` (`type`, `shape`, `element`, `innerType`, `valueType`,
 * `in`) structurally, so the server package needs no zod import of its own.
 */

/** A path of a field, with array positions collapsed to `[]` (`rates[].buy`). */
export type DriftReport = {
  /** Fields the service sent that core's schema does not name. */
  unknown: string[]
  /** Fields core's schema requires that the service left out. */
  missing: string[]
}

type Def = {
  type: string
  shape?: Record<string, SchemaLike>
  element?: SchemaLike
  innerType?: SchemaLike
  valueType?: SchemaLike
  in?: SchemaLike
}
type SchemaLike = { def: Def } | { _zod: { def: Def } }

function defOf(schema: unknown): Def | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const direct = (schema as { def?: unknown }).def
  if (typeof direct === 'object' && direct !== null && 'type' in direct) return direct as Def
  const inner = (schema as { _zod?: { def?: unknown } })._zod?.def
  if (typeof inner === 'object' && inner !== null && 'type' in inner) return inner as Def
  return undefined
}

/** Wrappers that allow the field to be absent. */
const ABSENT_OK = new Set(['optional', 'default', 'prefault', 'catch'])
/** Wrappers that change nothing about which keys an object has. */
const TRANSPARENT = new Set([...ABSENT_OK, 'nullable', 'readonly', 'nonoptional', 'lazy'])

/** The schema under optional/default/nullable/pipe wrappers, and whether absence is fine. */
function unwrap(schema: unknown): { def: Def | undefined; optional: boolean } {
  let def = defOf(schema)
  let optional = false
  for (let depth = 0; def && depth < 10; depth++) {
    if (ABSENT_OK.has(def.type)) optional = true
    if (TRANSPARENT.has(def.type) && def.innerType) def = defOf(def.innerType)
    else if (def.type === 'pipe' && def.in) def = defOf(def.in)
    else break
  }
  return { def, optional }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Compares `value` (JSON the service sent) with `schema` (one of core's response schemas) and
 * lists unknown and missing fields by path. Records (`countries.KE`) are walked with their
 * key shown as `*`; unions and `unknown` are not looked into.
 *
 * @example
 * shapeDrift(indicativeRates, { requested: ['KES'], rates: [{ currency: 'KES', bid: 1, sell: 2 }] })
 * // { unknown: ['rates[].bid'], missing: ['fetched_at', 'rates[].buy'] }
 */
export function shapeDrift(schema: unknown, value: unknown): DriftReport {
  const unknown = new Set<string>()
  const missing = new Set<string>()
  walk(schema, value, '', unknown, missing, 0)
  return { unknown: [...unknown].sort(), missing: [...missing].sort() }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

function walk(
  schema: unknown,
  value: unknown,
  path: string,
  unknown: Set<string>,
  missing: Set<string>,
  depth: number,
): void {
  if (depth > 20) return
  const { def } = unwrap(schema)
  if (!def) return
  if (def.type === 'object' && def.shape && isPlainObject(value)) {
    for (const [key, field] of Object.entries(def.shape)) {
      if (value[key] === undefined) {
        if (!unwrap(field).optional) missing.add(join(path, key))
        continue
      }
      walk(field, value[key], join(path, key), unknown, missing, depth + 1)
    }
    for (const key of Object.keys(value)) {
      if (!(key in def.shape)) unknown.add(join(path, key))
    }
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    for (const item of value) walk(def.element, item, `${path}[]`, unknown, missing, depth + 1)
  } else if (def.type === 'record' && def.valueType && isPlainObject(value)) {
    for (const item of Object.values(value)) {
      walk(def.valueType, item, join(path, '*'), unknown, missing, depth + 1)
    }
  }
}
