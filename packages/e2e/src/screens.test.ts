import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectNoAxeViolations,
  launchBrowser,
  screenshotBoth,
  skipBrowserTests,
  smallTouchTargets,
  VIEWPORTS,
} from './browser.js'
import {
  amountScreen,
  atScreen,
  atStep,
  chooseScreen,
  type DemoChain,
  demoChain,
  EUR_SEPA,
  fillNigerianBank,
  fillPerson,
  firstNumber,
  type Journey,
  KES_MPESA,
  KES_SELL,
  NGN_BANK,
  openShop,
  quotedReceive,
  SEPA_IBAN,
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
 * A journey of the demo shop: its choices, its details, and the instructions the status shows.
 * The details avoid the sandbox guide's test values, so each buy waits for its payment and its
 * instructions stay on the status screen. A sale is paid by the allowance it approves on the
 * review screen: what the ramp takes from the wallet is its instruction (a deposit address
 * there would invite a second payment).
 */
type Walk = Journey & {
  id: string
  path: '/' | '/sell'
  /** The storefront's test account (a seller needs its tokens). */
  account: number
  details: (page: Page) => Promise<void>
  instructions: RegExp
}

const WALKS: Walk[] = [
  {
    id: 'kes-buy',
    path: '/',
    account: 6,
    ...KES_MPESA,
    details: async (page) => {
      await fillPerson(page)
      await page.getByLabel('Mobile money number').fill('+254712345678')
    },
    instructions: /^Check your phone and approve the M-Pesa prompt for 1,500 KES/,
  },
  {
    id: 'ngn-buy',
    path: '/',
    account: 7,
    ...NGN_BANK,
    details: async (page) => {
      await fillPerson(page)
      await fillNigerianBank(page)
    },
    instructions: /^Pay exactly 50,000 NGN into this account/,
  },
  {
    id: 'eur-payin',
    path: '/',
    account: 8,
    ...EUR_SEPA,
    details: async (page) => {
      await fillPerson(page)
      await page.getByLabel('IBAN').fill(SEPA_IBAN)
    },
    instructions: /^Pay exactly 100 EUR into this account/,
  },
  {
    id: 'ghs-sell',
    path: '/sell',
    account: 4,
    country: /Ghana/,
    rail: /^Mobile money/,
    provider: /^MTN Mobile Money Ghana/,
    token: /^USDC/,
    amount: '10',
    currency: 'GHS',
    sell: 'USDC',
    details: async (page) => {
      await fillPerson(page)
      await page.getByLabel('Mobile money number').fill('+233241234567')
    },
    instructions: /^The ramp takes exactly 10 USDC from your wallet/,
  },
  {
    id: 'kes-sell',
    path: '/sell',
    account: 5,
    ...KES_SELL,
    details: async (page) => {
      await fillPerson(page)
      await page.getByLabel('Mobile money number').fill('+254712345678')
    },
    instructions: /^The ramp takes exactly 12 USDC from your wallet/,
  },
]

/** Records each screen the widget shows, in order, from now on (a screen once per visit). */
async function recordScreens(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('.rk-root')!
    const seen: string[] = [root.getAttribute('data-screen') ?? '']
    ;(window as unknown as { __screens: string[] }).__screens = seen
    new MutationObserver(() => {
      const now = document.querySelector('.rk-root')?.getAttribute('data-screen') ?? ''
      if (seen.at(-1) !== now) seen.push(now)
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-screen'] })
  })
}

const screensSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __screens: string[] }).__screens)

/**
 * One walk from the first screen to the status: returns the estimate and the quote's "you
 * receive", and checks the payment instructions for the rail.
 */
async function walk(page: Page, journey: Walk, shot?: (name: string) => Promise<void>) {
  await atScreen(page, 'choose')
  // How to pay, noted by the page itself whenever it is shown: a buy's instructions on the status
  // (until the order settles), a sale's on the review screen, where its approval says what the
  // ramp takes (an allowance that already covers it moves on at once).
  await page.evaluate(
    ({ source, flags }) => {
      const pattern = new RegExp(source, flags)
      const flag = window as unknown as { __instructions: boolean }
      flag.__instructions = false
      const check = () => {
        for (const line of document.querySelectorAll('.rk-root p')) {
          if (pattern.test(line.textContent ?? '')) flag.__instructions = true
        }
      }
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    },
    { source: journey.instructions.source, flags: journey.instructions.flags },
  )
  await widget(page).getByRole('button', { name: 'Continue' }).waitFor()
  if (shot) {
    // A returning user: the last order's choices are already made.
    await expect
      .poll(() => widget(page).getByRole('radio', { name: journey.provider }).isChecked())
      .toBe(true)
    expect(await smallTouchTargets(page)).toEqual([])
    await shot('choose')
    await widget(page).getByRole('button', { name: 'Continue' }).click()
  } else {
    await chooseScreen(page, journey)
  }
  const estimate = await amountScreen(page, journey, shot)
  await atStep(page, 'details')
  await page.getByLabel('First and last name').waitFor()
  await journey.details(page)
  await shot?.('details')
  await widget(page).getByRole('button', { name: 'Get a quote' }).click()
  const received = await quotedReceive(page)
  if (journey.sell) {
    // The approval is a section of the review: a wallet signature once per session, then the
    // exact allowance (none to send when the one left covers the order).
    const sign = widget(page).getByRole('button', { name: 'Sign to confirm' })
    const approve = widget(page).getByRole('button', { name: /^Approve / })
    const ready = widget(page).getByRole('button', { name: 'Confirm and sell' })
    await sign.or(approve).or(ready).first().waitFor({ timeout: 20_000 })
    if (await sign.isVisible()) {
      await sign.click()
      await approve.or(ready).first().waitFor({ timeout: 20_000 })
    }
    await shot?.('approve')
    if (await approve.isVisible()) await approve.click()
    await atStep(page, 'confirm', 20_000)
  } else {
    await atStep(page, 'confirm')
  }
  expect(await widget(page).getAttribute('data-screen')).toBe('review')
  expect(await smallTouchTargets(page)).toEqual([])
  await shot?.('review')
  await widget(page)
    .getByRole('button', { name: journey.sell ? 'Confirm and sell' : 'Confirm and pay' })
    .click()
  await atScreen(page, 'status')
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __instructions: boolean }).__instructions),
      {
        timeout: 20_000,
      },
    )
    .toBe(true)
  await shot?.('status')
  return { estimate: firstNumber(estimate.replace(/^Estimate: about /, '')), received }
}

describe.skipIf(skipBrowserTests)('the checkout in three screens', () => {
  test.each(WALKS)(
    '$id: a returning user reaches the status in three screens, the estimate within 0.5 % of the quote, with payment instructions',
    async (journey) => {
      const { context, page, errors } = await openShop(browser, journey.path)
      if (journey.account < chain.testAccounts.length) {
        await page.getByLabel('Test account').selectOption({ index: journey.account })
      }
      // First visit, at 1280 px: every choice made by hand.
      const first = await walk(page, journey)
      expect(firstNumber(first.received ?? '')).toBeGreaterThan(0)
      expect(Math.abs(first.estimate / firstNumber(first.received ?? '') - 1)).toBeLessThan(0.005)

      // The same shopper comes back (a new checkout, same browser) on a phone, at 390 px.
      await page.setViewportSize(VIEWPORTS.mobile)
      await page.evaluate(() => window.sessionStorage.clear())
      await page.reload()
      await page.locator('.rk-root').waitFor()
      await recordScreens(page)
      const shot = async (name: string) => {
        await expectNoAxeViolations(page)
        await screenshotBoth(page, `screens-${journey.id}-${name}`)
      }
      const again = await walk(page, journey, shot)
      expect(await screensSeen(page)).toEqual(['choose', 'amount', 'review', 'status'])
      expect(Math.abs(again.estimate / firstNumber(again.received ?? '') - 1)).toBeLessThan(0.005)
      expect(errors).toEqual([])
      await context.close()
    },
    120_000,
  )

  test('Back and Forward in the browser move between screens; after a confirm Back leaves the checkout', async () => {
    const { context, page } = await openShop(browser)
    const journey = WALKS[0]!
    await chooseScreen(page, journey)
    await amountScreen(page, journey)
    await atStep(page, 'details')
    await page.goBack()
    await atScreen(page, 'amount')
    expect(await page.getByLabel('Amount in KES').inputValue()).toBe('1500')
    await page.goBack()
    await atScreen(page, 'choose')
    await page.goForward()
    await atScreen(page, 'amount')
    await page.goForward()
    await atScreen(page, 'review')
    await page.getByLabel('First and last name').waitFor()
    await journey.details(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atScreen(page, 'status')
    const url = page.url()
    await page.goBack()
    // After a confirm, Back leaves the checkout (the page before it), never an earlier screen of it;
    // the order stays followable: Forward comes back to its status.
    await expect.poll(() => page.url()).not.toBe(url)
    await page.goForward()
    await expect.poll(() => widget(page).getAttribute('data-screen')).toBe('status')
    await context.close()
  })
})
