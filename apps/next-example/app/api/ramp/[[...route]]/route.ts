import { createRampHandler, type RampHandler } from '@rampkit/server'
import { handle } from 'hono/vercel'

// The kit holds the secret API key: Node runtime, never cached, never sent to the browser.
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

function required(name: string): string {
  const value = process.env[name]?.trim()
  if (!value) throw new Error(`Set ${name} in .env.local (see .env.example).`)
  return value
}

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
  })
  return kit
}

const handler = (request: Request) => handle(rampKit())(request)

export { handler as GET, handler as POST, handler as OPTIONS }
