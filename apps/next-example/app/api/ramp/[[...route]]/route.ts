import { createRampHandler, type RampHandler } from '@rampkit/server'
import type { Context } from 'hono'
import { handle } from 'hono/vercel'

// The kit holds the secret API key, so this stays on the server. No `runtime` or `dynamic`
// export: route handlers run on Node.js and per request by default, and under `cacheComponents`
// (on in create-next-app's Next 16 template, and in next.config.ts here) `next build` refuses
// either one.

function required(name: string): string {
  const value = process.env[name]?.trim()
  if (!value) throw new Error(`Set ${name} in .env.local (see .env.example).`)
  return value
}

/**
 * The client's address, as the platform vouches for it. A route handler gets no socket, so the
 * kit's per-address limits need it from a header, and a header is whatever the client sent
 * unless the platform in front overwrites it. Vercel sets `x-real-ip` itself (and `VERCEL=1` at
 * run time); elsewhere the kit reads nothing, or what `RAMP_TRUST_PROXY` says below. (`rampkit
 * doctor --production` reads the same variables: on Vercel, give it `RAMP_CLIENT_IP=getClientIp`.)
 */
const getClientIp = process.env.VERCEL
  ? (c: Context) => c.req.header('x-real-ip') ?? null
  : undefined

/**
 * Behind a reverse proxy of your own that appends the client's address to `X-Forwarded-For`
 * (nginx's `$proxy_add_x_forwarded_for`): `RAMP_TRUST_PROXY=1`, or the number of such proxies. Never
 * without one: `next start` keeps an `X-Forwarded-For` the client sent.
 */
const trustProxy = Number(process.env.RAMP_TRUST_PROXY ?? 0)

let kit: RampHandler | undefined

/**
 * The kit is built on the first request rather than at import, so `next build` needs no
 * secrets. It keeps orders in memory (the default store); deployed on serverless, where
 * instances share no memory, pass `store: await postgresStore(...)` from
 * `@rampkit/server/postgres`.
 */
function rampKit(): RampHandler {
  kit ??= createRampHandler({
    apiKey: required('RAMP_API_KEY'),
    baseUrl: required('RAMP_BASE_URL'),
    webhookSecret: required('RAMP_WEBHOOK_SECRET'),
    sessionSecret: required('SESSION_SECRET'),
    // The origin the pages are served from: the wallet check a seller signs names it. Without it
    // a development server offers the check to loopback pages only, and production refuses it.
    allowedOrigins: process.env.APP_ORIGIN?.trim() ? [process.env.APP_ORIGIN.trim()] : [],
    basePath: '/api/ramp',
    getClientIp,
    trustProxy: Number.isInteger(trustProxy) && trustProxy > 0 ? trustProxy : false,
  })
  return kit
}

const handler = (request: Request) => handle(rampKit())(request)

export { handler as GET, handler as POST, handler as OPTIONS }
