import { KIT_API, type KitApiRoute, type KitGuard } from '@rampkit/core/kit'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { KitContext, RampEnv } from './context.js'
import { BODY_GUARDS, guardChain, type Spend } from './guards.js'

/** What the kit can hand a route: each route names the few it needs (`needs`). */
export type KitDeps = KitContext

/** One thing a route may ask for. */
export type KitNeed = keyof KitDeps

/** A route's path in `KIT_API`, so its handler's `c.req.param(name)` is typed. */
type RoutePath<R extends KitApiRoute> = (typeof KIT_API)[R]['path']

/** The guards `KIT_API` names for route `R`, in its order (a tuple type). */
type RouteGuards<R extends KitApiRoute> = (typeof KIT_API)[R]['guards']

/** The context a route's handler is called with: only what it declared. */
export type RouteDeps<N extends KitNeed> = Pick<KitDeps, N>

/**
 * One kit route, all in one place: which `KIT_API` route it is, the guards it runs (the
 * compiler holds them to the table's, and `mountRoutes` checks again), its own middleware
 * after the guards (body limit, idempotency key), what it needs from the kit and its handler.
 */
export type RouteDefinition<R extends KitApiRoute = KitApiRoute, N extends KitNeed = KitNeed> = {
  route: R
  guards: RouteGuards<R>
  needs: readonly N[]
  /** Built once at mount, from the route's own deps. */
  middleware?: (deps: RouteDeps<N>) => MiddlewareHandler<RampEnv, RoutePath<R>>[]
  /**
   * With the `walletProof` guard (required then): what a request spends from, read from the
   * body its middleware parsed (`parsedBody`), null when nothing is spent. The guard refuses an
   * unproven wallet by itself, before the handler runs.
   */
  spends?: (
    c: Context<RampEnv, RoutePath<R>>,
    deps: RouteDeps<N>,
  ) => Spend | null | Promise<Spend | null>
  handler: (c: Context<RampEnv, RoutePath<R>>, deps: RouteDeps<N>) => Response | Promise<Response>
}

/**
 * Every route of `KIT_API`, by name, with its file's definition: the type of the generated
 * `table.gen.ts`, so the compiler refuses a table with a route missing (a `KIT_API` route with
 * no file), one too many, or a definition filed under another route's name.
 */
export type RouteTable = {
  // biome-ignore lint/suspicious/noExplicitAny: each definition's needs are checked in its file.
  readonly [R in KitApiRoute]: RouteDefinition<R, any>
}

/** A definition of any route, as the mount function walks them. */
// biome-ignore lint/suspicious/noExplicitAny: each definition is checked where it is written.
export type AnyRouteDefinition = RouteDefinition<KitApiRoute, any>

/**
 * Declares a kit route. Only what `needs` lists reaches the handler (typed: asking for
 * anything else is a compile error), so a route file says what it touches.
 *
 * @example
 * export const config = defineRoute({
 *   route: 'config',
 *   guards: [],
 *   needs: ['environment'],
 *   handler: (c, { environment }) => ok(c, { environment }),
 * })
 */
export function defineRoute<R extends KitApiRoute, const N extends KitNeed = never>(
  definition: RouteDefinition<R, N>,
): RouteDefinition<R, N> {
  return definition
}

/**
 * `make` run once per mounted route: state a route keeps across requests (the order streams'
 * table) is made from the deps it is handed, on its first request, one per kit.
 */
export function perMount<D extends object, S>(make: (deps: D) => S): (deps: D) => S {
  const made = new WeakMap<D, S>()
  return (deps) => {
    let state = made.get(deps)
    if (state === undefined) {
      state = make(deps)
      made.set(deps, state)
    }
    return state
  }
}

/** The few deps `needs` names, and nothing else of the kit. */
function pick<N extends KitNeed>(kit: KitDeps, needs: readonly N[]): RouteDeps<N> {
  const deps = {} as RouteDeps<N>
  for (const need of needs) deps[need] = kit[need]
  return Object.freeze(deps)
}

/** Whether a definition's guards are the ones `KIT_API` names for its route, in order. */
function sameGuards(definition: AnyRouteDefinition): boolean {
  const table: readonly KitGuard[] = KIT_API[definition.route].guards
  const declared: readonly KitGuard[] = definition.guards
  return table.length === declared.length && table.every((guard, i) => guard === declared[i])
}

/**
 * Mounts each definition at its `KIT_API` method and path: its guards, then its middleware,
 * then the guards that read the parsed body (`BODY_GUARDS`: `walletProof`), then its handler,
 * called with only the deps it declared. A definition whose guards are not the table's, or
 * that declares `walletProof` without `spends`, throws here, so the app never serves one.
 */
export function mountRoutes(
  app: Hono<RampEnv>,
  kit: KitDeps,
  definitions: readonly AnyRouteDefinition[],
): void {
  // Hono's typed `on` overloads want a literal path; the definitions' handlers are typed already.
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: unknown[]) => unknown
  for (const definition of definitions) {
    if (!sameGuards(definition)) {
      throw new Error(
        `route '${definition.route}' declares the guards [${definition.guards.join(', ')}] but KIT_API names [${KIT_API[definition.route].guards.join(', ')}]`,
      )
    }
    const { method, path } = KIT_API[definition.route]
    const deps = pick(kit, definition.needs)
    const middleware = definition.middleware?.(deps) ?? []
    const handler = (c: Context<RampEnv>) => definition.handler(c, deps)
    const declared: readonly KitGuard[] = definition.guards
    const first = declared.filter((guard) => !BODY_GUARDS.includes(guard))
    const afterBody = declared.filter((guard) => BODY_GUARDS.includes(guard))
    if (afterBody.includes('walletProof') && definition.spends === undefined) {
      throw new Error(
        `route '${definition.route}' declares the 'walletProof' guard but not what it spends (spends)`,
      )
    }
    const { spends } = definition
    const route = { spends: spends && ((c: Context<RampEnv>) => spends(c, deps)) }
    on(
      method,
      path,
      ...guardChain(kit, first, route),
      ...middleware,
      ...guardChain(kit, afterBody, route),
      handler,
    )
  }
}
