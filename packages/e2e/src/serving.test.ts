import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, skipBrowserTests } from './browser.js'
import { demo, openShop, widget } from './shop.js'

/**
 * The storefront serves what a good deployment serves, the example partners copy: compressed
 * answers (brotli for the built files, gzip for JSON), hashed assets cached for good and the HTML
 * revalidated, the first screen's reads started by the HTML beside its script, and the pages the
 * first screen does not show loaded when they are opened.
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

/** The resources a page loaded, as its Resource Timing entries say. */
function resources(page: Page) {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      initiator: (entry as PerformanceResourceTiming).initiatorType,
      startTime: entry.startTime,
      responseEnd: (entry as PerformanceResourceTiming).responseEnd,
    })),
  )
}

/** The reads the checkout's first screen waits for: the kit's discovery and the demo's chain. */
const FIRST_READS = ['/api/ramp/catalog', '/api/ramp/tokens', '/api/ramp/config', '/api/demo/chain']

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
      // A file under a packet's size (the build's MIN_BYTES, 1 KiB) is not worth compressing and
      // has no compressed copy: it goes as it is.
      if (Buffer.byteLength(plain) < 1024) {
        expect((await head(path)).headers.get('content-encoding'), path).toBeNull()
        continue
      }
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

  test('starts the first screen’s reads from the HTML, before its script has arrived, each fetched once', async () => {
    const html = await (await fetch(`${demo().url}/`)).text()
    for (const path of FIRST_READS) {
      expect(html).toContain(`<link rel="preload" href="${path}" as="fetch" crossorigin`)
    }
    const { context, page } = await openShop(browser)
    await widget(page).locator('option[value="KE-KES"]').waitFor({ state: 'attached' })
    const loaded = await resources(page)
    const script = loaded.find((entry) => /^\/assets\/index-[^/]+\.js$/.test(entry.path))
    expect(script).toBeTruthy()
    for (const path of FIRST_READS) {
      // One entry, the preload's: the shop's and the widget's reads took its answer, none went
      // out again.
      const reads = loaded.filter((entry) => entry.path === path)
      expect(
        reads.map((entry) => entry.initiator),
        path,
      ).toEqual(['link'])
      expect(reads[0]!.startTime, path).toBeLessThan(script!.responseEnd)
    }
    await context.close()
  })

  test('renders the shop once, with its first reads in: until then the HTML says it is loading, then that the wallet signs in', async () => {
    const context = await browser.newContext()
    // Each batch of elements put into #root, by the HTML's parser or by React, as they happen.
    await context.addInitScript(() => {
      const batches: string[][] = []
      Object.assign(window, { rootBatches: batches })
      new MutationObserver((records) => {
        const added = records
          .filter((record) => (record.target as Element).id === 'root')
          .flatMap((record) => [...record.addedNodes])
          .filter((node): node is Element => node instanceof Element)
          .map((element) => `${element.tagName}.${element.className}`)
        if (added.length) batches.push(added)
      }).observe(document, { subtree: true, childList: true })
    })
    const page = await context.newPage()
    await page.goto(demo().url)
    await widget(page).locator('option[value="KE-KES"]').waitFor({ state: 'attached' })
    const batches = await page.evaluate(
      () => (window as unknown as { rootBatches: string[][] }).rootBatches,
    )
    // The HTML's own paragraph, then (the shopper signing in with the wallet: one wallet, one
    // shopper) one line saying so, then the whole shop at once: no other loading state.
    expect(batches[0]).toEqual(['P.loading'])
    expect(batches.slice(1, -1)).toEqual(batches.length === 3 ? [['P.loading']] : [])
    expect(batches.length).toBeLessThanOrEqual(3)
    expect(batches.at(-1)).not.toContain('P.loading')
    await context.close()
  })

  test('loads the orders and account pages’ code when they are opened, not for the checkout', async () => {
    const { context, page } = await openShop(browser)
    await widget(page).locator('option[value="KE-KES"]').waitFor({ state: 'attached' })
    const pageCode = /^\/assets\/(?:OrdersPage|AccountPage)-[^/]+\.js$/
    expect((await resources(page)).filter((entry) => pageCode.test(entry.path))).toEqual([])
    await page.getByRole('link', { name: 'Orders' }).click()
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /orders/i })
      .waitFor()
    const opened = (await resources(page)).filter((entry) => pageCode.test(entry.path))
    expect(opened.map((entry) => entry.path.split('-')[0])).toEqual(['/assets/OrdersPage'])
    await context.close()
  })
})
