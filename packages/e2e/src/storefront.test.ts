import type { Browser, Page } from 'playwright-core'
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectNoAxeViolations,
  launchBrowser,
  screenshotBoth,
  skipBrowserTests,
  smallTouchTargets,
} from './browser.js'
import {
  allowanceOf,
  atScreen,
  atStep,
  balanceOf,
  type DemoChain,
  demo,
  demoChain,
  fieldError,
  fillKenyanDetails,
  firstNumber,
  KES_MPESA,
  openShop,
  quotedReceive,
  SANDBOX_FAILS,
  SANDBOX_SETTLES,
  sandboxAdmin,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

let browser: Browser
let chain: DemoChain

beforeAll(async () => {
  browser = await launchBrowser()
  chain = await demoChain()
})

afterAll(async () => {
  await browser?.close()
})

/**
 * Runs axe on the page (light and dark) and fails with the rule ids and targets of any
 * violation, or with the widget's controls under 44 px.
 */
async function expectAccessible(page: Page) {
  await expectNoAxeViolations(page)
  // Every control of the widget is a 44 px touch target.
  expect(await smallTouchTargets(page)).toEqual([])
}

const selectAccount = (page: Page, index: number) => selectTestAccount(page, chain, index)

/** Asks for the quote from the details; the review screen then shows it beside its confirm. */
async function getQuoteAndConfirm(page: Page, shot?: (name: string) => Promise<void>) {
  await widget(page).getByRole('button', { name: 'Get a quote' }).click()
  await widget(page)
    .getByText(/Price held for/)
    .waitFor()
  await shot?.('quote')
}

describe.skipIf(skipBrowserTests)('storefront', () => {
  test('buys USDC with M-Pesa in Kenya and the order settles, at every step accessible', async () => {
    const { context, page, errors, secretsSeen } = await openShop(browser)
    const shot = async (name: string) => {
      await expectAccessible(page)
      await screenshotBoth(page, `onramp-${name}`)
    }
    await selectAccount(page, 1)
    const owner = chain.testAccounts[1]!.address
    const before = await balanceOf(chain, 'USDC', owner)

    await upToDetails(page, KES_MPESA, shot)
    await fillKenyanDetails(page)
    await shot('details')
    await getQuoteAndConfirm(page, shot)
    await atStep(page, 'confirm')
    const received = await quotedReceive(page)
    // Live status comes over the kit's SSE route, opened with the shopper's own session cookie
    // (EventSource sends no custom headers): a 404 here would leave only the polling fallback.
    const stream = page.waitForResponse((response) =>
      /\/api\/ramp\/orders\/[^/]+\/events$/.test(new URL(response.url()).pathname),
    )
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    // Until the order settles, the shopper is told how to pay: the prompt on their phone.
    await widget(page)
      .getByText(/^Check your phone and approve the M-Pesa prompt for 1,500 KES/)
      .waitFor()
    await screenshotBoth(page, 'onramp-pay')
    const events = await stream
    expect(events.status()).toBe(200)
    expect(events.headers()['content-type']).toContain('text/event-stream')
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    await shot('settled')

    // The tokens arrived in the wallet on chain.
    await expect
      .poll(() => balanceOf(chain, 'USDC', owner), { timeout: 10_000 })
      .toBeGreaterThan(before)

    await page.getByRole('link', { name: 'Orders' }).click()
    const row = page.getByTestId('order-row').first()
    await expect.poll(() => row.locator('.status').textContent()).toBe('Settled')
    // Named for people, each figure as the checkout showed it (the quote's digits, one format on
    // both pages): the fiat with its code, the token with its network, a date.
    expect(await row.locator('td[data-label="You pay"]').textContent()).toBe('1,500 KES')
    const receive = (await row.locator('td[data-label="You receive"]').textContent()) ?? ''
    expect(receive).toMatch(/^[\d.,]+ USDC on \w/)
    expect(firstNumber(receive)).toBe(firstNumber(received))
    expect(await row.locator('td[data-label="Date"]').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
    )
    expect(await row.textContent()).not.toMatch(/_|\(Testnet\)/)
    // The order's details: its amounts, where it is in its life, its transactions.
    await row.getByRole('button', { name: /^Details/ }).click()
    const details = page.getByRole('region', { name: 'Order details' })
    expect(await details.locator('.order-facts').textContent()).toMatch(/You pay1,500 KES/)
    expect(await details.locator('li[aria-current="step"]').textContent()).toMatch(/^Settled/)
    expect(await details.getByRole('list').last().textContent()).toMatch(/transaction 0x/)
    await shot('orders')
    expect(errors).toEqual([])
    // The key and the webhook secret stay in the shop's back end.
    expect(await secretsSeen()).toBe(0)
    await context.close()
  })

  test('sells USDC for M-Pesa: approves the spender on the local chain, settles, and the tokens leave the wallet', async () => {
    const { context, page, errors, secretsSeen } = await openShop(browser, '/sell')
    const shot = async (name: string) => {
      await expectAccessible(page)
      await screenshotBoth(page, `offramp-${name}`)
    }
    await selectAccount(page, 2)
    const owner = chain.testAccounts[2]!.address
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!
    const before = await balanceOf(chain, 'USDC', owner)

    await upToDetails(page, { ...KES_MPESA, amount: '15.5', sell: 'USDC' }, shot)
    await fillKenyanDetails(page)
    await shot('details')
    await getQuoteAndConfirm(page, shot)
    await atStep(page, 'approve')
    // First the one signature of the session for this wallet (Sign-In with Ethereum), through
    // wagmi like any wallet's; the kit refuses to sell from a wallet nobody proved.
    await shot('prove')
    await widget(page).getByRole('button', { name: 'Sign to confirm' }).click()
    await widget(page)
      .getByText(/^Wallet confirmed:/)
      .waitFor({ timeout: 20_000 })
    await shot('approve')
    const intro = await widget(page)
      .getByText(/^The ramp takes exactly/)
      .textContent()
    const amount = parseUnits(/exactly ([\d.]+) USDC/.exec(intro ?? '')![1]!, usdc.decimals)
    // wagmi's mock connector sends the approve through anvil, which signs for its dev accounts.
    await widget(page)
      .getByRole('button', { name: /^Approve / })
      .click()
    await atStep(page, 'confirm', 20_000)
    expect(await allowanceOf(chain, 'USDC', owner)).toBe(amount)
    await shot('confirm')
    expect(await widget(page).getAttribute('data-screen')).toBe('review')
    await widget(page).getByRole('button', { name: 'Confirm and sell' }).click()
    await atStep(page, 'status')
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    await shot('settled')

    // The service pulled exactly the approved amount through its spender, on chain.
    expect(await balanceOf(chain, 'USDC', owner)).toBe(before - amount)
    expect(await allowanceOf(chain, 'USDC', owner)).toBe(0n)
    expect(errors).toEqual([])
    expect(await secretsSeen()).toBe(0)
    await context.close()
  })

  test('points at each invalid field: phone, name, date of birth and BVN', async () => {
    const { context, page } = await openShop(browser)
    await upToDetails(page, KES_MPESA)
    await page.getByLabel('First and last name').fill('Amina')
    await page.getByLabel('Date of birth').fill('1990-01-15')
    await page.getByLabel('Mobile money number').fill('12345')
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await expect
      .poll(() => fieldError(page, 'First and last name').textContent())
      .toBe('Enter your first and last name.')
    await expect
      .poll(() => fieldError(page, 'Date of birth').textContent())
      .toBe('Enter your date of birth as dd/mm/yyyy.')
    await expect
      .poll(() => fieldError(page, 'Mobile money number').textContent())
      .toMatch(/valid mobile number/)
    expect(await page.getByLabel('Mobile money number').getAttribute('aria-invalid')).toBe('true')
    await atStep(page, 'details')
    await expectAccessible(page)
    await screenshotBoth(page, 'validation-kenya')

    // Nigeria's retail corridor asks for a BVN: 11 digits.
    await page.evaluate(() => window.sessionStorage.clear())
    await page.reload()
    await upToDetails(page, {
      country: /Nigeria/,
      rail: /Bank transfer/,
      provider: /Access Bank/,
      token: /^USDC/,
      amount: '20000',
      currency: 'NGN',
    })
    await page.getByLabel(/BVN/).fill('1234')
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await expect
      .poll(() => fieldError(page, 'Bank verification number (BVN)').textContent())
      .toBe('A BVN has exactly 11 digits.')
    await expectAccessible(page)
    await screenshotBoth(page, 'validation-nigeria-bvn')
    await context.close()
  })

  test('a quote that runs out shows it has expired and gets a new one in one click', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.clock.install()
    await page.goto(`${demo().url}/`)
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await getQuoteAndConfirm(page)
    await atStep(page, 'confirm')

    // Three minutes pass, for the browser and for the service alike.
    await sandboxAdmin('/clock/advance', { seconds: 180 })
    await page.clock.fastForward('03:00')
    await widget(page).getByText('This quote has expired.').waitFor()
    await expect
      .poll(() => widget(page).getByRole('button', { name: 'Confirm and pay' }).isDisabled())
      .toBe(true)
    await expectAccessible(page)
    await screenshotBoth(page, 'quote-expired')

    await widget(page).getByRole('button', { name: 'Get a new quote' }).click()
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    await atStep(page, 'confirm')
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    await widget(page)
      .getByText(/Your order: (Processing|Settled)\./)
      .waitFor({ timeout: 20_000 })
    await context.close()
  })

  test("shows a failure (the sandbox guide's failure number), and a forced refund, in the widget and on the orders page", async () => {
    const { context, page } = await openShop(browser)
    // A wallet is one shopper in any browser: a test account of this test's own.
    await selectAccount(page, 4)
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page, SANDBOX_FAILS)
    await getQuoteAndConfirm(page)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await widget(page).getByText('Your order: Failed.').waitFor({ timeout: 20_000 })
    await expect
      .poll(() => widget(page).getByRole('alert').first().textContent())
      .toContain('Failed')
    await expectAccessible(page)
    await screenshotBoth(page, 'order-failed')

    await sandboxAdmin('/orders/next', { outcome: 'refund' })
    await widget(page).getByRole('button', { name: 'Start a new order' }).click()
    await upToDetails(page, { ...KES_MPESA, amount: '900' })
    await fillKenyanDetails(page)
    await getQuoteAndConfirm(page)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    // The widget itself shows the refund: its status region, title and text.
    await widget(page).getByText('Your order: Refunded.').waitFor({ timeout: 20_000 })
    const refunded = widget(page).getByRole('status').filter({ hasText: 'Your order: Refunded.' })
    expect(await refunded.getAttribute('data-state')).toBe('refunded')
    expect(await refunded.textContent()).toContain('Your order was refunded.')
    await expectAccessible(page)
    await screenshotBoth(page, 'order-refunded')

    await page.getByRole('link', { name: 'Orders' }).click()
    const statuses = () => page.getByTestId('order-row').locator('.status').allTextContents()
    await expect.poll(statuses, { timeout: 20_000 }).toEqual(['Refunded', 'Failed'])
    await expectAccessible(page)
    await screenshotBoth(page, 'orders-failed-refunded')

    // The status filter narrows the list to one status.
    await page.getByLabel('Show').selectOption({ label: 'Failed' })
    await expect.poll(statuses).toEqual(['Failed'])
    await page.getByLabel('Show').selectOption({ label: 'All orders' })

    // Each wallet is a shopper of its own: another one sees none of these orders...
    await selectAccount(page, 3)
    await page.getByTestId('orders-empty').waitFor()
    expect(await page.getByTestId('order-row').count()).toBe(0)
    await expectAccessible(page)
    await screenshotBoth(page, 'orders-empty')
    // ...and the first one sees them again.
    await selectAccount(page, 4)
    await expect.poll(statuses).toEqual(['Refunded', 'Failed'])
    await context.close()
  })

  test('a reload in the middle of the checkout resumes it, and a reload after paying resumes the live status', async () => {
    const { context, page } = await openShop(browser)
    // A wallet is one shopper in any browser: a test account of this test's own.
    await selectAccount(page, 5)
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await getQuoteAndConfirm(page)
    await atStep(page, 'confirm')
    const summary = await widget(page).locator('.rk-summary').first().textContent()

    await page.reload()
    await atStep(page, 'confirm')
    expect(await widget(page).locator('.rk-summary').first().textContent()).toBe(summary)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')

    await page.reload()
    await atStep(page, 'status')
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Orders' }).click()
    // One order: the reload did not send the confirm again.
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1)
    await context.close()
  })

  test('a keyboard alone completes a purchase: every control is reachable with Tab and works with Enter', async () => {
    const { context, page } = await openShop(browser)
    const keyboard = page.keyboard
    /** Presses Tab until the focused element's name matches, then returns; fails after 40. */
    async function tabTo(name: RegExp) {
      const seen: string[] = []
      for (let i = 0; i < 40; i++) {
        await keyboard.press('Tab')
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          if (!el) return ''
          const labelled = el.id
            ? document.querySelector(`label[for="${el.id}"]`)?.textContent
            : el.closest('label')?.textContent
          return labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? ''
        })
        seen.push(focused.trim().slice(0, 30))
        if (name.test(focused.trim())) return
      }
      throw new Error(`Tab never reached ${name}; saw ${seen.join(' | ')}`)
    }
    async function activate(name: RegExp) {
      await tabTo(name)
      await keyboard.press('Enter')
    }
    async function type(label: RegExp, text: string) {
      await tabTo(label)
      await keyboard.type(text)
    }

    // The first screen: a select for the country (arrow keys), radios for the rail and provider.
    await tabTo(/^Country or currency/)
    for (let i = 0; i < 20; i++) {
      if ((await page.getByLabel('Country or currency').inputValue()) === 'KE-KES') break
      await keyboard.press('ArrowDown')
    }
    expect(await page.getByLabel('Country or currency').inputValue()).toBe('KE-KES')
    await tabTo(/^Mobile money/)
    await keyboard.press('Space')
    // A provider's card reads its mark's letters first ("MP M-Pesa").
    await tabTo(/M-Pesa/)
    await keyboard.press('Space')
    expect(
      await widget(page)
        .getByRole('radio', { name: /^M-Pesa/ })
        .isChecked(),
    ).toBe(true)
    await activate(/^Continue$/)
    await atScreen(page, 'amount')
    // Focus follows the checkout: each new screen's heading takes it, so a screen reader hears it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('How much?')
    await type(/^Amount in KES/, '1200')
    await keyboard.press('Enter')
    await atStep(page, 'details')
    // The details form is a lazy chunk: wait for it (looking, not touching) before tabbing.
    await page.getByLabel('First and last name').waitFor()
    await type(/^First and last name/, 'Amina Otieno')
    await type(/^Date of birth/, '15/01/1990')
    await type(/^Mobile money number/, SANDBOX_SETTLES)
    await keyboard.press('Enter')
    await atStep(page, 'confirm')
    await activate(/^Confirm and pay$/)
    await atStep(page, 'status')
    await widget(page)
      .getByText(/Your order: (Processing|Settled)\./)
      .waitFor({ timeout: 20_000 })
    await screenshotBoth(page, 'keyboard-status')
    await context.close()
  })
})
