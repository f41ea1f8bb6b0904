import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, screenshotBoth, skipBrowserTests, VIEWPORTS } from './browser.js'
import {
  atStep,
  type DemoChain,
  demo,
  demoChain,
  fillKenyanDetails,
  KES_MPESA,
  KES_SELL,
  proveApproveAndSell,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

/**
 * The storefront served as a payments page is: every answer (pages, hashed assets, the API)
 * carries a strict Content-Security-Policy, `nosniff`, a Referrer-Policy and a
 * Permissions-Policy, and the checkout renders and settles a buy and a sale (the wallet's
 * signature, the approval sent to the chain's RPC) under them with no policy violation, neither a `securitypolicyviolation` event nor a console CSP error.
 */
let browser: Browser
let chain: DemoChain

beforeAll(async () => {
  browser = await launchBrowser()
  chain = await demoChain()
})

afterAll(async () => {
  await browser?.close()
})

/** One header set of an answer, the body left unread. */
async function headersOf(path: string): Promise<Headers> {
  const response = await fetch(`${demo().url}${path}`)
  await response.body?.cancel()
  expect(response.status, path).toBeLessThan(400)
  return response.headers
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name, values)
  }
  return map
}

/** The built page's hashed scripts and stylesheets. */
async function assetPaths(): Promise<string[]> {
  const html = await (await fetch(`${demo().url}/`)).text()
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
}

/**
 * A fresh shopper whose every policy violation is kept: the page's `securitypolicyviolation`
 * events (listened to before any script of the page runs) and the console's CSP errors.
 */
async function watchedShop(
  path = '/',
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  const page = await context.newPage()
  const console: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text())
  })
  await page.goto(`${demo().url}${path}`)
  await page.locator('.rk-root').waitFor()
  return {
    page,
    violations: async () => [
      ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
      ...console,
    ],
  }
}

describe.skipIf(skipBrowserTests)('the storefront’s security headers', () => {
  test('are on every answer: pages, client routes, hashed assets and the API', async () => {
    const assets = await assetPaths()
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true)
    const rpc = new URL(chain.rpcUrl).origin
    for (const path of ['/', '/orders', ...assets, '/api/health', '/api/ramp/config']) {
      const headers = await headersOf(path)
      expect(headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(headers.get('permissions-policy'), path).toMatch(/camera=\(\)/)
      const csp = directives(headers.get('content-security-policy'))
      expect(csp.get('script-src'), path).toEqual(["'self'"])
      expect(csp.get('style-src'), path).toEqual(["'self'"])
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"])
      expect(csp.get('object-src'), path).toEqual(["'none'"])
      expect(csp.get('connect-src'), path).toEqual(["'self'", rpc])
      expect(headers.get('content-security-policy'), path).not.toMatch(/unsafe-(inline|eval)/)
      // The kit's own answers keep the headers it sets itself (`no-referrer`, `SAMEORIGIN`).
      if (path.startsWith('/api/ramp/')) {
        expect(headers.get('referrer-policy'), path).toBe('no-referrer')
        continue
      }
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(headers.get('x-frame-options'), path).toBe('DENY')
    }
  })

  test('let the checkout render and settle a buy with no policy violation', async () => {
    const { page, violations } = await watchedShop()
    await selectTestAccount(page, chain, 3)
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    await atStep(page, 'confirm')
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    await screenshotBoth(page, 'csp-settled')
    // The pages the checkout does not show load under the same policy.
    await page.getByRole('link', { name: 'Orders' }).click()
    await page.getByTestId('order-row').first().waitFor()
    await screenshotBoth(page, 'csp-orders')
    expect(await violations()).toEqual([])
    await page.context().close()
  })

  test('let a sale prove its wallet, approve on the chain and settle with no policy violation', async () => {
    const { page, violations } = await watchedShop('/sell')
    await selectTestAccount(page, chain, 6)
    await upToDetails(page, KES_SELL)
    await fillKenyanDetails(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'approve', 20_000)
    // The approval goes to the local chain's RPC: the one origin besides the page's own.
    await proveApproveAndSell(page)
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    expect(await violations()).toEqual([])
    await page.context().close()
  })
})
