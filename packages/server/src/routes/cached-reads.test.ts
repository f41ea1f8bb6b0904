import { KIT_ROUTES } from '@rampkit/core/kit'
import { afterEach, describe, expect, it } from 'vitest'
import { ALLOWED_ORIGIN, type KitHarness, sandboxForFile, startKit } from '../../test/kit.js'

const sandbox = sandboxForFile('cachedreads')
const CATALOG = `${KIT_ROUTES.catalog}?country=KE&order_type=OnRamp`

let harness: KitHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

/** Response headers that say something (the date and the connection vary between answers). */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'date' && key !== 'connection' && key !== 'keep-alive') out[key] = value
  })
  return out
}

describe('catalog-like reads answered from the cache before the per-request middleware', () => {
  it('answers a hit with the headers of a miss and the service bytes, CORS for allowed origins only', async () => {
    harness = await startKit(sandbox, 'http')
    const kit = harness
    const get = (origin: string) => kit.call(CATALOG, { headers: { origin } })
    const miss = await get(ALLOWED_ORIGIN)
    const missBody = await miss.text()
    const hit = await get(ALLOWED_ORIGIN)
    expect(kit.upstreamCount('/api/v1/partner/catalog')).toBe(1)
    expect(hit.status).toBe(200)
    expect(await hit.text()).toBe(missBody)
    // The miss went through the rate limit, which started this browser's session; a hit
    // starts none (the answer is the same for everyone). Every other header is the same.
    expect(miss.headers.get('set-cookie')).toMatch(/^rampkit_session=/)
    expect(hit.headers.get('set-cookie')).toBeNull()
    const { 'set-cookie': _, ...missHeaders } = headersOf(miss)
    expect(headersOf(hit)).toEqual(missHeaders)
    expect(hit.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN)
    expect(hit.headers.get('access-control-allow-credentials')).toBe('true')
    expect(hit.headers.get('cache-control')).toBe('private, max-age=30')
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff')

    // Another origin gets the public answer but no permission to read it in a browser.
    const foreign = await get('https://evil.example')
    expect(foreign.status).toBe(200)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(kit.upstreamCount('/api/v1/partner/catalog')).toBe(1)

    // Nothing was parsed and re-encoded on the way: the bytes are the service's.
    const direct = await fetch(
      `${sandbox.url}/api/v1/partner/catalog?country=KE&order_type=OnRamp`,
      {
        headers: { 'X-API-Key': sandbox.apiKeys[0]! },
      },
    )
    expect(missBody).toBe(await direct.text())
  })

  it('resolves no end user and counts no rate limit on a hit; a miss and other routes still do', async () => {
    let endUsers = 0
    harness = await startKit(sandbox, 'http', {
      getEndUser: () => {
        endUsers++
        return 'reader'
      },
      rateLimit: { perIp: 3, perUser: 3 },
      trustProxy: false,
    })
    const kit = harness
    expect((await kit.call(CATALOG)).status).toBe(200) // miss: counted (1 of 3)
    expect(endUsers).toBe(1)
    for (let i = 0; i < 10; i++) {
      const hit = await kit.call(CATALOG)
      expect(hit.status).toBe(200)
      expect(hit.headers.get('set-cookie')).toBeNull()
    }
    expect(endUsers).toBe(1)
    expect(kit.upstreamCount('/api/v1/partner/catalog')).toBe(1)
    // The limit is still there for what costs something: two more requests, then 429.
    expect((await kit.call(KIT_ROUTES.config)).status).toBe(200)
    expect((await kit.call(KIT_ROUTES.config)).status).toBe(200)
    const limited = await kit.call(`${KIT_ROUTES.catalog}?country=NG`)
    expect(limited.status).toBe(429)
    expect(kit.upstreamCount('/api/v1/partner/catalog')).toBe(1)
  })

  it('lets an invalid query and an uncached read go on to the route', async () => {
    harness = await startKit(sandbox, 'app.request')
    const invalid = await harness.call(`${KIT_ROUTES.catalog}?country=KEN`)
    expect(invalid.status).toBe(422)
    expect(((await invalid.json()) as { data: { field: string } }).data.field).toBe('country')
    expect(harness.upstreamCount('/api/v1/partner/catalog')).toBe(0)
    // The same query spelled differently shares the entry the first one filled.
    expect((await harness.call(`${KIT_ROUTES.corridors}?country=gh`)).status).toBe(200)
    expect((await harness.call(`${KIT_ROUTES.corridors}?country=GH`)).status).toBe(200)
    expect(harness.upstreamCount('/api/v1/partner/corridors')).toBe(1)
  })

  it('with the cache off, every read reaches the service and still answers its bytes', async () => {
    harness = await startKit(sandbox, 'app.request', { cacheTtlMs: 0 })
    const first = await harness.call(CATALOG)
    const second = await harness.call(CATALOG)
    expect(await second.text()).toBe(await first.text())
    expect(second.headers.get('cache-control')).toBe('no-store')
    expect(harness.upstreamCount('/api/v1/partner/catalog')).toBe(2)
  })
})
