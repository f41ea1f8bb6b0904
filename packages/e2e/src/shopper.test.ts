import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  expectNoAxeViolations,
  screenshotBoth,
  screenshotDir,
  skipBrowserTests,
  VIEWPORTS,
} from './browser.js'
import {
  atStep,
  fillIdentity,
  fillKenyanDetails,
  KES_MPESA,
  KES_SELL,
  openShop,
  ownStack,
  proveApproveAndSell,
  SANDBOX_FAILS,
  sandboxAdmin,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

/*
 * The shopper, not the browser: one wallet signs in (Sign-In with Ethereum, verified by the
 * shop's server) and is one shopper in any browser; test values that end an order and leave the
 * identity alone; the Account page in the checkout's words; the layout at 1280 and 390 px. A
 * stack of its own with the kit in vault mode and the sandbox's clock stopped, moved by the test.
 */

const own = ownStack('shopper', { RAMP_CUSTOMER_MODE: 'vault', RAMP_SANDBOX_SPEED: '0' })
const advance = (ms: number) => sandboxAdmin('/clock/advance', { ms }, own.demo.stack)

/** The kit's answer for the page's shopper, read by the page itself (its cookies). */
function kitData<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await (await fetch(url)).json()).data, `/api/ramp${path}`)
}

/** From the details to an approved identity: the form, the review, the sandbox's decision. */
async function verify(page: Page, email: string) {
  await widget(page).getByRole('button', { name: 'Get a quote' }).click()
  await atStep(page, 'identity')
  await fillIdentity(page, email)
  await widget(page).getByRole('button', { name: 'Send for review' }).click()
  await widget(page).getByText('We are checking your details').waitFor({ timeout: 15_000 })
  await advance(2_500)
}

/** The shop's sign-in over HTTP, as a script would try it (no browser, its own cookie jar). */
async function signInRequest(path: string, body: unknown, origin = own.demo.stack.url) {
  return fetch(`${own.demo.stack.url}/api/shop/session${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
}

describe.skipIf(skipBrowserTests)(
  'one shopper per wallet, test values, the Account page, layout',
  () => {
    test('the same wallet in a second browser sees its orders and is already verified; signing out leaves nothing of it', async () => {
      const first = await openShop(own.browser, '/', own.demo.stack)
      await selectTestAccount(first.page, own.chain, 3)
      await upToDetails(first.page, KES_MPESA)
      await fillKenyanDetails(first.page)
      await verify(first.page, 'wanjiru@example.com')
      await atStep(first.page, 'confirm', 20_000)
      await widget(first.page).getByRole('button', { name: 'Confirm and pay' }).click()
      await atStep(first.page, 'status')
      await advance(30_000)
      await widget(first.page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
      const [order] = await kitData<{ order_id: string }[]>(first.page, '/orders')
      expect(order?.order_id).toEqual(expect.any(String))

      // Another browser (new cookies, new storage), the same wallet.
      const second = await openShop(own.browser, '/', own.demo.stack)
      await selectTestAccount(second.page, own.chain, 3)
      await second.page.getByRole('link', { name: 'Orders' }).click()
      await second.page.getByTestId('order-row').first().waitFor({ timeout: 15_000 })
      const seen = await kitData<{ order_id: string }[]>(second.page, '/orders')
      expect(seen.map((each) => each.order_id)).toContain(order!.order_id)
      expect((await kitData<{ status: string }>(second.page, '/customer')).status).toBe('approved')
      // Its checkout goes from the details straight to the quote: no identity step.
      await second.page.getByRole('link', { name: 'Buy crypto' }).click()
      await upToDetails(second.page, KES_MPESA)
      await fillKenyanDetails(second.page)
      await widget(second.page).getByRole('button', { name: 'Get a quote' }).click()
      await atStep(second.page, 'confirm', 20_000)
      await expectNoAxeViolations(second.page)

      // Signed out: the kit answers for an anonymous session, which has no orders and no identity.
      await second.page.getByRole('button', { name: 'Sign out' }).click()
      await second.page.getByRole('heading', { name: 'Signed out' }).waitFor()
      await screenshotBoth(second.page, 'shopper-signed-out')
      expect(await kitData<unknown[]>(second.page, '/orders')).toEqual([])
      expect((await kitData<{ status: string }>(second.page, '/customer')).status).toBe('none')
      await expectNoAxeViolations(second.page)
      await second.page.getByRole('button', { name: 'Sign in with this wallet' }).click()
      await second.page.getByTestId('signed-in').waitFor()
      expect((await kitData<{ status: string }>(second.page, '/customer')).status).toBe('approved')
      expect(first.errors).toEqual([])
      expect(second.errors).toEqual([])
      await second.page.getByTestId('signed-in').waitFor()
      expect(await second.secretsSeen()).toBe(0)
      await first.context.close()
      await second.context.close()
    })

    test('the sign-in trusts only a signature it verified: no forged cookie, no other signer, no replay, no foreign page', async () => {
      const chain = (await (await fetch(`${own.demo.stack.url}/api/demo/chain`)).json()) as {
        chain: {
          chainId: number
          testAccounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
        }
      }
      const [owner, other] = [chain.chain.testAccounts[3]!, chain.chain.testAccounts[6]!]
      const challenge = async () => {
        const response = await signInRequest('/challenge', {
          address: owner.address,
          chain_id: chain.chain.chainId,
        })
        expect(response.status).toBe(201)
        return ((await response.json()) as { data: { message: string } }).data.message
      }
      // A page of another site gets no challenge.
      const foreign = await signInRequest(
        '/challenge',
        { address: owner.address, chain_id: chain.chain.chainId },
        'https://evil.example',
      )
      expect(foreign.status).toBe(403)
      // Another key's signature of the owner's message is refused, and spends the message.
      const message = await challenge()
      const wrong = await privateKeyToAccount(other.privateKey).signMessage({ message })
      expect((await signInRequest('', { message, signature: wrong })).status).toBe(403)
      const late = await privateKeyToAccount(owner.privateKey).signMessage({ message })
      expect((await signInRequest('', { message, signature: late })).status).toBe(403)
      // The owner's own signature of a fresh message signs in once; the same message again does not.
      const fresh = await challenge()
      const signature = await privateKeyToAccount(owner.privateKey).signMessage({ message: fresh })
      const signedIn = await signInRequest('', { message: fresh, signature })
      expect(signedIn.status).toBe(201)
      const cookie = signedIn.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^rampshop_shopper=[^;]+;/)
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toContain('SameSite=Lax')
      expect((await signInRequest('', { message: fresh, signature })).status).toBe(403)
      const jar = cookie.split(';')[0]!
      const orders = async (cookieHeader: string) => {
        const response = await fetch(`${own.demo.stack.url}/api/ramp/orders`, {
          headers: { cookie: cookieHeader, origin: own.demo.stack.url },
        })
        return ((await response.json()) as { data: unknown[] }).data
      }
      // The signed cookie is the owner's orders (the first test's settled buy)…
      expect((await orders(jar)).length).toBeGreaterThan(0)
      // …and the same value unsigned, or a test account's address as the old demo cookie, is not.
      const forged = `rampshop_shopper=${encodeURIComponent(`shopper:${owner.address}.9999999999999`)}`
      expect(await orders(forged)).toEqual([])
      expect(await orders(`rampshop_account=${owner.address}`)).toEqual([])
    })

    test('a failing sale fails while the identity stays approved; the next order goes straight on', async () => {
      const { context, page, errors } = await openShop(own.browser, '/sell', own.demo.stack)
      await selectTestAccount(page, own.chain, 4)
      await upToDetails(page, KES_SELL)
      await fillKenyanDetails(page)
      await page.getByLabel('First and last name').fill('Failure Jane Doe')
      await verify(page, 'failure.jane@example.com')
      await atStep(page, 'approve', 20_000)
      expect((await kitData<{ status: string }>(page, '/customer')).status).toBe('approved')
      await proveApproveAndSell(page)
      await advance(30_000)
      await widget(page).getByText('Your order: Failed.').waitFor({ timeout: 20_000 })
      await widget(page).getByText('Failure forced by a sandbox test value').waitFor()
      expect((await kitData<{ status: string }>(page, '/customer')).status).toBe('approved')
      // No wall after it: a buy goes from the details straight to the quote.
      await page.getByRole('link', { name: 'Buy crypto' }).click()
      await upToDetails(page, KES_MPESA)
      await fillKenyanDetails(page, SANDBOX_FAILS)
      await page.getByLabel('First and last name').fill('Failure Jane Doe')
      await widget(page).getByRole('button', { name: 'Get a quote' }).click()
      await atStep(page, 'confirm', 20_000)
      expect(await widget(page).getByText('We could not verify your identity').count()).toBe(0)
      // The panel lists each served country's values, from core's, and the failing sale's name.
      const panel = page.getByTestId('test-values')
      await panel.getByText('Failure Jane Doe').waitFor()
      for (const country of ['Kenya', 'Nigeria', 'Ghana', 'Uganda']) {
        await panel
          .getByText(new RegExp(`^${country} \\(`))
          .first()
          .waitFor()
      }
      expect(await panel.textContent()).toContain('+2331111111111')
      expect(await panel.textContent()).toContain('+256111111111')
      expect(await panel.textContent()).toMatch(
        /Bank account number, or IBAN \(KES, NGN, .*EUR, USD\)/,
      )
      expect(errors).toEqual([])
      await context.close()
    })

    test('the Account page offers what the catalog offers, in the checkout’s names and the shopper’s words; a declined shopper is pointed to support', async () => {
      const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack)
      await selectTestAccount(page, own.chain, 8)
      await upToDetails(page, KES_MPESA)
      await fillKenyanDetails(page)
      await verify(page, 'akinyi@example.com')
      await atStep(page, 'confirm', 20_000)
      await advance(5_000) // the deposit-account product is provisioned after the approval
      await page.getByRole('link', { name: 'Account' }).click()
      const accounts = page.locator('.rk-accounts')
      const currency = accounts.getByLabel('Currency')
      await currency.waitFor({ timeout: 15_000 })
      const options = await currency.locator('option').allTextContents()
      expect(options).toContain('KES')
      expect(options).toContain('USDC on Anvil')
      expect(options).not.toContain('CAD')
      expect(options.join(' ')).not.toContain('on Base')
      await currency.selectOption({ label: 'USDC on Anvil' })
      await accounts.getByRole('button', { name: 'Open account' }).click()
      await currency.selectOption({ label: 'KES' })
      await accounts.getByRole('button', { name: 'Open account' }).click()
      // Both opened (pending) before the sandbox's clock moves them on to active.
      const cards = accounts.getByTestId('account')
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2)
      await advance(2_000)
      await accounts.getByTestId('deposit-hint').nth(1).waitFor({ timeout: 15_000 })
      const titles = await accounts.locator('.rk-account > .rk-account-title').allTextContents()
      expect(titles.sort()).toEqual(['KES', 'USDC on Anvil'])
      const hints = await accounts.getByTestId('deposit-hint').allTextContents()
      expect(hints.sort()).toEqual([
        'Pay KES by bank transfer from an account in your own name to the account above. It shows in your balance once it arrives.',
        'Send only USDC on Anvil to this address. Another token, or another network, is lost.',
      ])
      expect(await accounts.textContent()).not.toMatch(/Have the customer|on Base/)
      // Balances in the checkout's one number format: grouped, every digit of the shortest form
      // (the service sends 12500.50 and 0.000000).
      const card = (title: string) =>
        cards.filter({ has: page.locator('.rk-account-title', { hasText: title }) })
      const kes = card('KES')
      await sandboxAdmin(
        `/accounts/${await kes.getAttribute('data-account-id')}/credit`,
        { amount: '12500.50' },
        own.demo.stack,
      )
      await expect
        .poll(() => kes.getByTestId('account-balance').textContent(), { timeout: 15_000 })
        .toBe('12,500.5 KES')
      expect(await card('USDC on Anvil').getByTestId('account-balance').textContent()).toBe(
        '0 USDC',
      )
      await expectNoAxeViolations(page)
      await screenshotBoth(page, 'shopper-account')

      // A declined shopper: the reason and support, never the checkout the checkout refuses.
      const declined = await openShop(own.browser, '/', own.demo.stack)
      await selectTestAccount(declined.page, own.chain, 5)
      await upToDetails(declined.page, KES_MPESA)
      await fillKenyanDetails(declined.page)
      await declined.page.getByLabel('First and last name').fill('Rejected Otieno')
      await verify(declined.page, 'rejected@example.com')
      await widget(declined.page)
        .getByText('We could not verify your identity')
        .waitFor({ timeout: 20_000 })
      await declined.page.getByRole('link', { name: 'Account' }).click()
      const note = declined.page.getByTestId('accounts-declined')
      await note.waitFor({ timeout: 15_000 })
      expect(await note.textContent()).toContain('Contact support')
      // The shop's support, one address for the checkout and this page: a link, not a promise.
      const support = note.getByRole('link', { name: 'Contact support' })
      expect(await support.getAttribute('href')).toBe('/support.html')
      expect(await support.getAttribute('target')).toBe('_blank')
      const text = (await declined.page.locator('.rk-accounts').textContent()) ?? ''
      expect(text).toContain('Reason given: Review declined')
      expect(text).not.toContain('in the checkout')
      await expectNoAxeViolations(declined.page)
      await screenshotBoth(declined.page, 'shopper-account-declined')
      expect(errors).toEqual([])
      expect(declined.errors).toEqual([])
      await declined.context.close()
      await context.close()
    })

    test('layout: no gutter left of the checkout at 1280 px, the navigation on one line at 390 px, a focus ring that covers nothing', async () => {
      const { context, page } = await openShop(own.browser, '/', own.demo.stack)
      await selectTestAccount(page, own.chain, 7)
      // The wallet's balances in the shop's one number format too: grouped (was 10000.0000 ETH
      // and 10000 USDC beside the checkout's 1,500 KES).
      await expect.poll(() => page.getByTestId('balance-USDC').textContent()).toBe('10,000')
      expect(await page.getByTestId('balance-ETH').textContent()).toBe('10,000')
      await mkdir(screenshotDir, { recursive: true })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
          await page.setViewportSize(viewport)
          const box = (await widget(page).boundingBox())!
          const aside = (await page
            .getByRole('complementary', { name: 'Demo wallet' })
            .boundingBox())!
          if (viewport.width === 1280) {
            // The checkout and the wallet are centred as one group: at most 256 px left of the
            // checkout (it was 416), and the same on the right of the wallet, within 2 px.
            expect(box.x).toBeLessThanOrEqual(256)
            expect(Math.abs(box.x - (1280 - (aside.x + aside.width)))).toBeLessThanOrEqual(2)
          } else {
            expect(box.x).toBeLessThanOrEqual(16)
          }
          // Every link of the navigation on one line, all on one row.
          const links = await page.getByRole('navigation', { name: 'Shop' }).evaluate((nav) =>
            [...nav.querySelectorAll('a')].map((link) => {
              const range = document.createRange()
              range.selectNodeContents(link)
              return { lines: range.getClientRects().length, top: link.getBoundingClientRect().top }
            }),
          )
          expect(links.map((link) => link.lines)).toEqual([1, 1, 1, 1])
          expect(new Set(links.map((link) => Math.round(link.top))).size).toBe(1)
          // The step's heading focused from the keyboard: its ring (outline offset + width around
          // its box) ends at least 2 px below the "Step n of 5" counter.
          await page.keyboard.press('Tab')
          const ring = await widget(page).evaluate((root) => {
            const heading = root.querySelector<HTMLElement>('.rk-heading')!
            heading.focus()
            const style = getComputedStyle(heading)
            const reach =
              Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth)
            const counter = root.querySelector('.rk-progress-text')!.getBoundingClientRect()
            return {
              visible: heading.matches(':focus-visible'),
              ringTop: heading.getBoundingClientRect().top - reach,
              counterBottom: counter.bottom,
            }
          })
          expect(ring.visible).toBe(true)
          expect(ring.ringTop - ring.counterBottom).toBeGreaterThanOrEqual(2)
          await page.screenshot({
            path: join(screenshotDir, `shopper-layout-${colorScheme}-${viewport.width}.png`),
            fullPage: true,
          })
        }
      }
      await page.emulateMedia({ colorScheme: 'light' })
      await context.close()
    })
  },
)
