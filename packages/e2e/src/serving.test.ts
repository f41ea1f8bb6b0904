import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, skipBrowserTests } from './browser.js'
import { demo, openShop } from './shop.js'

/**
 * The storefront serves what a good deployment serves, the example partners copy: compressed
 * answers (brotli for the built files, gzip for JSON), hashed assets cached for good and the HTML
 * revalidated, and the first screen's reads started side by side.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A GET with the encodings a browser accepts; the body is not read. */
async function head(path: string, encodings = 'br, gzip') {
  const response = await fetch(`${demo().url}${path}`, {
    headers: { 'accept-encoding': encodings },
  })
  await response.body?.cancel()
  return response
}

describe.skipIf(skipBrowserTests)('the storefront’s serving', () => {
  test('sends its built files brotli or gzip, hashed ones cached for good and the HTML revalidated', async () => {
    const page = await fetch(`${demo().url}/`)
    const html = await page.text()
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    )
    expect(scripts.length).toBeGreaterThan(0)
    for (const path of scripts) {
      // Each compressed copy is the file as served uncompressed, byte for byte.
      const plain = await (
        await fetch(`${demo().url}${path}`, { headers: { 'accept-encoding': 'identity' } })
      ).text()
      for (const encoding of ['br', 'gzip']) {
        const response = await fetch(`${demo().url}${path}`, {
          headers: { 'accept-encoding': encoding },
        })
        expect(response.headers.get('content-encoding')).toBe(encoding)
        expect((await response.text()) === plain, `${path} as ${encoding}`).toBe(true)
      }
      const br = await head(path)
      expect([path, br.headers.get('content-encoding')]).toEqual([path, 'br'])
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const gz = await head(path, 'gzip')
      expect(gz.headers.get('content-encoding')).toBe('gzip')
    }
    // A client route is the HTML (under a kilobyte: sent as it is), revalidated too.
    const orders = await head('/orders')
    expect(orders.headers.get('content-type')).toMatch(/^text\/html/)
    expect(orders.headers.get('cache-control')).toBe('no-cache')
  })

  test('compresses the kit’s JSON', async () => {
    const catalog = await head('/api/ramp/catalog', 'gzip')
    expect(catalog.status).toBe(200)
    expect(catalog.headers.get('content-encoding')).toBe('gzip')
  })

  test('starts the catalog before the chain’s answer is in: the first reads run side by side', async () => {
    const { context, page } = await openShop(browser)
    const times = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          startTime: entry.startTime,
          responseEnd: (entry as PerformanceResourceTiming).responseEnd,
        }))
        .filter((entry) => /\/api\/(demo\/chain|ramp\/catalog)$/.test(entry.path)),
    )
    const chain = times.find((entry) => entry.path === '/api/demo/chain')
    const catalog = times.find((entry) => entry.path === '/api/ramp/catalog')
    expect(chain && catalog).toBeTruthy()
    expect(catalog!.startTime).toBeLessThan(chain!.responseEnd)
    await context.close()
  })
})
