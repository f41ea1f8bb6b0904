import type { RampApiError } from '../errors/api.js'
import { KitConfigurationError, type KitConfigurationReason } from '../errors/kit.js'

// The bundler of the app replaces `process.env.NODE_ENV`; where nothing does, `process` may not
// exist at all, and the read throws.
declare const process: { env: { NODE_ENV?: string } }

/** Whether the app runs in development: what a bundler sets `process.env.NODE_ENV` to. */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return false
  }
}

/** The request that got the answer, as the developer wrote it. */
export type KitRequestSeen = {
  endpoint: string
  method: string
  /** The route's path under the endpoint (`/catalog`). */
  path: string
  /** The page's origin, when there is a page. */
  pageOrigin: string | undefined
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** `fix` for one reason, from what the answer said and what the client asked. */
function fixOf(reason: KitConfigurationReason, error: RampApiError, seen: KitRequestSeen): string {
  const { endpoint, method, path } = seen
  switch (reason) {
    case 'endpoint_not_found':
      return `Nothing of the ramp kit answers ${method} ${endpoint}${path} (HTTP ${error.status}, not the kit's JSON). Mount createRampHandler there (app.route('${endpoint}', ramp) in Hono; app${endpoint}/[[...route]]/route.ts with basePath: '${endpoint}' in Next.js), or give RampKitProvider the endpoint the kit is mounted on.`
    case 'route_not_found': {
      const base = text(error.data?.base_path)
      return base === undefined
        ? `The ramp kit at ${endpoint} has no route ${method} ${path}: install the same version of @rampkit/server and the widget.`
        : `The ramp kit answering ${endpoint}${path} is mounted on ${base}, not ${endpoint}: give RampKitProvider endpoint="${base}", or set the kit's basePath to the route's folder.`
    }
    case 'origin_not_allowed':
      return `The ramp kit refused this page's origin${seen.pageOrigin ? ` (${seen.pageOrigin})` : ''}: add it to allowedOrigins in createRampHandler (APP_ORIGIN in the examples; behind a proxy that rewrites Host, set trustProxy). The kit's log names the origins it allows.`
    case 'configuration_error':
      return `The ramp kit is missing a setting it needs: ${error.message} Its log line names the option and its environment variable; \`rampkit doctor\` checks them before a deploy.`
  }
}

/** Which configuration mistake an answer shows, or null when it is an ordinary error. */
function reasonOf(error: RampApiError, html: boolean): KitConfigurationReason | null {
  if (error.code === 'origin_not_allowed') return 'origin_not_allowed'
  if (error.code === 'configuration_error') return 'configuration_error'
  if (error.code === 'route_not_found') return 'route_not_found'
  // A 404 that is not the kit's envelope is a page of whatever is mounted there instead; a 2xx
  // HTML page is a dev server's fallback to the app's index.html.
  if (!error.fromEnvelope && (error.status === 404 || (error.status < 300 && html))) {
    return 'endpoint_not_found'
  }
  return null
}

/**
 * The configuration mistake an error answer shows (see `KitConfigurationReason`), as a
 * `KitConfigurationError` that keeps the answer's status, code and message, or null.
 */
export function configurationMistake(
  error: RampApiError,
  contentType: string | null,
  seen: KitRequestSeen,
): KitConfigurationError | null {
  const reason = reasonOf(error, /text\/html/i.test(contentType ?? ''))
  if (reason === null) return null
  return new KitConfigurationError({
    status: error.status,
    message: error.message,
    code: error.code,
    data: error.data,
    fromEnvelope: error.fromEnvelope,
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.details === undefined ? {} : { details: error.details }),
    reason,
    endpoint: seen.endpoint,
    fix: fixFor(reason, error, seen),
  })
}

/**
 * The fix in development; in a production build a short line, so the messages above weigh
 * nothing in the shopper's bundle (the bundler folds `process.env.NODE_ENV` and drops `fixOf`).
 */
function fixFor(reason: KitConfigurationReason, error: RampApiError, seen: KitRequestSeen) {
  try {
    if (process.env.NODE_ENV !== 'production') return fixOf(reason, error, seen)
  } catch {
    // No bundler defined `process`: taken as production.
  }
  return `${reason} at ${seen.endpoint}: run the app in development for the fix (the error reference lists it).`
}

/**
 * Tells the developer of each configuration mistake (a reason at an endpoint) once per client: one console error in
 * development, and `onError` each first time. Returns the function the client calls.
 */
export function configurationReporter(options: {
  development: boolean | undefined
  onError: ((error: KitConfigurationError) => void) | undefined
}): (error: KitConfigurationError) => void {
  const seen = new Set<string>()
  return (error) => {
    // One message per mistake, not per route: every read of a wrong endpoint fails alike.
    const key = `${error.reason}\n${error.endpoint}`
    if (seen.has(key)) return
    seen.add(key)
    if (options.development ?? isDevelopment()) {
      console.error(`[rampkit] ${error.fix}`)
    }
    try {
      options.onError?.(error)
    } catch {
      // The app's handler must not turn a refused answer into another error.
    }
  }
}
