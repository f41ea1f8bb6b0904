import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations, screenshotBoth, skipBrowserTests, VIEWPORTS } from './browser.js'
import {
  amountScreen,
  atScreen,
  atStep,
  chooseScreen,
  fieldError,
  fillKenyanDetails,
  fillPerson,
  firstNumber,
  type Journey,
  KES_MPESA,
  openShop,
  ownStack,
  pickRadio,
  quotedReceive,
  SANDBOX_ACCOUNT_SETTLES,
  SANDBOX_FAILS,
  selectByText,
  upToDetails,
  widget,
} from './shop.js'

/**
 * What a shopper must be able to trust in the checkout: the limits said on the amount, an order
 * that can be left while it waits, the truth about progress, references that stay on one line,
 * an estimate that agrees with the quote, and a failure or success that says what happened. On a
 * stack of the file's own, so its orders are no other file's.
 */
const own = ownStack('trust', {})

/** Each screen at 1280 and 390 px, in the light and the dark scheme (axe checks both). */
async function shots(page: Page, name: string) {
  await screenshotBoth(page, name)
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshotBoth(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

async function shop(path = '/') {
  return openShop(own.browser, path, own.demo.stack)
}

const KES_SELL: Journey = {
  country: /Kenya/,
  rail: /^Mobile money/,
  provider: /^M-Pesa/,
  token: /^USDC/,
  amount: '12',
  currency: 'KES',
  sell: 'USDC',
}

const NGN_BANK: Journey = {
  country: /Nigeria/,
  rail: /^Bank transfer/,
  provider: /^Access Bank/,
  token: /^USDC/,
  amount: '50000',
  currency: 'NGN',
}

/** The quote's "You receive", its number. */
const quotedAmount = async (page: Page) => firstNumber(await quotedReceive(page))

const getQuote = (page: Page) => widget(page).getByRole('button', { name: 'Get a quote' }).click()

/** Headings of the widget with nothing but white space between them (stacked titles). */
function stackedHeadings(page: Page) {
  return widget(page).evaluate((root) => {
    // A heading, or a paragraph that is one bold title and reads as one.
    const headings = [...root.querySelectorAll('h1, h2, h3, h4, p')]
      .filter(
        (element) =>
          element.tagName !== 'P' ||
          (element.children.length === 1 &&
            element.children[0]!.tagName === 'STRONG' &&
            element.textContent?.trim() === element.children[0]!.textContent?.trim()),
      )
      .filter((heading) => (heading as HTMLElement).offsetParent !== null)
    const stacked: string[] = []
    for (let i = 1; i < headings.length; i++) {
      const range = document.createRange()
      range.setStartAfter(headings[i - 1]!)
      range.setEndBefore(headings[i]!)
      if (range.toString().trim() === '') {
        stacked.push(`${headings[i - 1]!.textContent} / ${headings[i]!.textContent}`)
      }
    }
    return stacked
  })
}

const progressText = (page: Page) => widget(page).locator('.rk-progress-text').textContent()
const heading = (page: Page) => widget(page).locator('h2').textContent()

describe.skipIf(skipBrowserTests)('a checkout a shopper can trust', () => {
  test('1. a sale under the minimum or over the maximum is refused on the amount, in tokens; the service’s own minimum is shown when it refuses', async () => {
    const { context, page } = await shop('/sell')
    await chooseScreen(page, KES_SELL)
    const field = page.getByLabel('Amount of USDC to sell')
    // The limits in tokens, from the provider's KES limits and the rate.
    await expect
      .poll(() => widget(page).locator('.rk-hint').first().textContent())
      .toMatch(/^Between 0\.3927\d* and [\d,.]+ USDC/)
    await field.fill('0.1')
    await widget(page).getByRole('button', { name: 'Continue' }).click()
    await expect
      .poll(() => fieldError(page, 'Amount of USDC to sell').textContent())
      .toMatch(/minimum is 0\.3927\d* USDC/)
    expect(await widget(page).getAttribute('data-screen')).toBe('amount')
    // No estimate under an amount the step refuses.
    expect(
      await widget(page)
        .getByText(/^Estimate: about /)
        .count(),
    ).toBe(0)
    await field.fill('5000')
    await widget(page).getByRole('button', { name: 'Continue' }).click()
    await expect
      .poll(() => fieldError(page, 'Amount of USDC to sell').textContent())
      .toMatch(/maximum is [\d,.]+ USDC/)
    expect(await widget(page).getAttribute('data-screen')).toBe('amount')
    await expectNoAxeViolations(page)
    await shots(page, 'trust-sell-minimum')

    // Without a rate the step cannot check: the service refuses, and its minimum is shown.
    await page.route('**/api/ramp/rates**', (route) => route.abort())
    await page.reload()
    await atScreen(page, 'amount')
    await field.fill('0.1')
    await widget(page).getByRole('button', { name: 'Continue' }).click()
    await atStep(page, 'details')
    await fillPerson(page)
    await page.getByLabel('Mobile money number').fill('+254712345678')
    await getQuote(page)
    await atScreen(page, 'amount')
    await expect
      .poll(() => fieldError(page, 'Amount of USDC to sell').textContent())
      .toMatch(/minimum is 0\.392739 USDC/)
    await context.close()
  })

  test('9. a failed order gives no "You receive", says what happened (the service’s reason, kept by the kit and shown on the orders page too) and offers a change; a settled one says what arrived, with a receipt; terms before confirm', async () => {
    const { context, page } = await shop()
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page, SANDBOX_FAILS)
    await getQuote(page)
    await atStep(page, 'confirm')
    // The partner's terms and privacy links, before the confirm.
    await widget(page).getByRole('link', { name: /terms/i }).waitFor()
    await widget(page)
      .getByRole('link', { name: /privacy/i })
      .waitFor()
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await widget(page).getByText('Your order: Failed.').waitFor({ timeout: 20_000 })
    const root = widget(page)
    // The service's reason, from the order.failed webhook the kit stored: the widget reads its
    // order from the kit alone (its stream, then its GET).
    const reason = 'Reason given: Failure forced by a sandbox test value'
    await root.getByRole('alert').getByText(reason).waitFor()
    expect(await root.locator('dt', { hasText: /^You receive$/ }).count()).toBe(0)
    expect(await root.textContent()).not.toContain('No money was taken, or it will be returned')
    expect(await root.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await shots(page, 'trust-failed')
    // After a reload, the orders page lists the kit's stored order with the same reason, and
    // leads back to the checkout.
    await page.reload()
    await root.getByText(reason).waitFor()
    await page.getByRole('link', { name: 'Orders' }).click()
    const failedRow = page
      .getByTestId('order-row')
      .filter({ has: page.locator('.status[data-status="failed"]') })
    await failedRow.getByRole('button', { name: /^Details/ }).click()
    const details = page.getByRole('region', { name: 'Order details' })
    await details.getByText(reason).waitFor()
    await expectNoAxeViolations(page)
    await shots(page, 'trust-orders-failed')
    await details.getByRole('link', { name: 'Buy again with other details' }).click()
    await root.getByText('Your order: Failed.').waitFor()
    // The next step changes something: the details, where the number that failed is.
    await root.getByRole('button', { name: 'Change your details' }).click()
    await atStep(page, 'details')
    const phone = page.getByLabel('Mobile money number')
    expect((await phone.inputValue()).replace(/\D/g, '')).toBe('2540000000000')
    await phone.fill('+2541111111111')
    await getQuote(page)
    const received = await quotedAmount(page)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    const arrived = widget(page).getByText(/^You received /)
    expect(firstNumber((await arrived.textContent()) ?? '')).toBe(received)
    await widget(page).getByRole('region', { name: 'Receipt' }).waitFor()
    await expectNoAxeViolations(page)
    await shots(page, 'trust-settled')
    await context.close()
  })

  test('2. a pending order can be left: a new order starts, the pending one stays listed and live; the progress says what the text says', async () => {
    const { context, page } = await shop()
    // The live status's event stream is never compressed: each frame must leave at once.
    const streams: (string | undefined)[] = []
    page.on('response', (response) => {
      if (/\/orders\/[^/]+\/events$/.test(new URL(response.url()).pathname)) {
        streams.push(response.headers()['content-encoding'])
      }
    })
    await upToDetails(page, { ...KES_MPESA, amount: '700' })
    // A number that is not a sandbox test value: the order waits for its payment.
    await fillKenyanDetails(page, '+254712345678')
    await getQuote(page)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atScreen(page, 'status')
    const title = widget(page).locator('.rk-status-title')
    await title.waitFor({ timeout: 20_000 })
    // The progress's current step is the status the title names ("Your order: X.").
    const named = /^Your order: (.+)\.$/.exec((await title.textContent()) ?? '')?.[1]
    expect(named).toBeDefined()
    expect(named).not.toMatch(/Settled|Failed|Refunded/)
    const current = widget(page).locator('.rk-progress [aria-current="step"]')
    expect(await current.textContent()).toBe(named)
    await expectNoAxeViolations(page)
    await shots(page, 'trust-pending')
    await expect.poll(() => streams.length).toBeGreaterThan(0)
    expect(streams.every((encoding) => encoding === undefined)).toBe(true)
    await widget(page).getByRole('button', { name: 'Start a new order' }).click()
    await atScreen(page, 'choose')
    // A reload keeps the new checkout: the pending order does not come back over it.
    await page.reload()
    await atScreen(page, 'choose')
    await page.getByRole('link', { name: 'Orders' }).click()
    const row = page.getByTestId('order-row').first()
    await expect.poll(() => row.locator('.status').textContent()).toBe(named)
    await context.close()
  })

  test('7. the progress counts the steps there are, and no heading stacks on another', async () => {
    const { context, page } = await shop()
    await atScreen(page, 'choose')
    const choose = await progressText(page)
    await chooseScreen(page, KES_MPESA)
    await page.getByLabel('Amount in KES').fill('800')
    await widget(page).getByRole('button', { name: 'Continue' }).click()
    await atStep(page, 'details')
    const details = await progressText(page)
    expect(await heading(page)).toBe('Your details')
    expect(await stackedHeadings(page)).toEqual([])
    await fillKenyanDetails(page, '+254712345678')
    await getQuote(page)
    await atStep(page, 'confirm')
    const review = await progressText(page)
    expect(await heading(page)).toBe('Review and confirm')
    expect(await stackedHeadings(page)).toEqual([])
    expect([choose, details, review]).toEqual(['Step 1 of 4', 'Step 3 of 4', 'Step 4 of 4'])
    await context.close()

    // The sale's review: its approval is a part of it, under no second title.
    const sell = await shop('/sell')
    await upToDetails(sell.page, KES_SELL)
    await fillPerson(sell.page)
    await sell.page.getByLabel('Mobile money number').fill('+254712345678')
    await getQuote(sell.page)
    await widget(sell.page)
      .getByRole('button', { name: /^(Sign to confirm|Approve |Confirm and sell)/ })
      .first()
      .waitFor({ timeout: 20_000 })
    expect(await stackedHeadings(sell.page)).toEqual([])
    await expectNoAxeViolations(sell.page)
    await shots(sell.page, 'trust-sell-review')
    await sell.context.close()
  })

  test('6. a bank reference and an IBAN stay on their rows, Copy on one line, at 1280 and 390 px; the sandbox’s test account settles an EUR pay-in', async () => {
    for (const journey of [
      {
        ...NGN_BANK,
        details: ['Bank account number', '0123456784'], // a NUBAN of Access Bank (044)
        extra: ['BVN', '22345678901'],
      },
      {
        country: /EUR international/,
        rail: /^SEPA bank transfer/,
        provider: /^SEPA Credit Transfer/,
        token: /^USDC/,
        amount: '100',
        currency: 'EUR',
        // The guide's bank test value in place of the payer's IBAN: the order settles.
        details: ['IBAN', SANDBOX_ACCOUNT_SETTLES],
        extra: undefined,
        settles: true,
      },
    ]) {
      const { context, page } = await shop()
      await upToDetails(page, journey)
      await fillPerson(page)
      await page.getByLabel(journey.details[0]!).fill(journey.details[1]!)
      if (journey.extra)
        await page.getByLabel(new RegExp(journey.extra[0]!)).fill(journey.extra[1]!)
      await getQuote(page)
      await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
      await widget(page).locator('.rk-instructions').waitFor({ timeout: 20_000 })
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport)
        const broken = await widget(page)
          .locator('.rk-instructions .rk-reference')
          .evaluateAll((rows) =>
            rows.flatMap((row) => {
              const value = row.querySelector('code')!
              const button = row.querySelector('button')
              // Lines of an element's text: the distinct tops of its text's boxes.
              const lines = (element: Element) => {
                const tops = new Set<number>()
                const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                  const range = document.createRange()
                  range.selectNodeContents(node)
                  for (const rect of range.getClientRects()) tops.add(Math.round(rect.top))
                }
                return tops.size
              }
              const problems: string[] = []
              if (lines(value) > 1) problems.push(`${value.textContent} wraps`)
              if (button && lines(button) > 1) problems.push(`${button.textContent} wraps`)
              return problems
            }),
          )
        expect(broken, `at ${viewport.width} px`).toEqual([])
      }
      await expectNoAxeViolations(page)
      await shots(page, `trust-reference-${journey.currency}`)
      if ('settles' in journey) {
        await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
        await widget(page)
          .getByText(/^You received /)
          .waitFor()
        await shots(page, `trust-settled-${journey.currency}`)
      }
      await context.close()
    }
  })

  test('token and network names come from one source: one token list, each token on the chain it lives on, the same name on the quote, the wallet and the orders', async () => {
    // Where the tokens live, as the service's token list says: the one local chain.
    const response = await fetch(`${own.demo.stack.sandboxUrl}/meta/tokens`)
    const listed = (
      (await response.json()) as {
        data: { tokens: { symbol: string; chain_id: number; chain: string }[] }
      }
    ).data.tokens
    expect(new Set(listed.map((token) => token.chain_id))).toEqual(new Set([own.chain.chainId]))
    const chain = listed[0]!.chain.toLowerCase()

    const { context, page } = await shop()
    await atScreen(page, 'choose')
    await selectByText(page, 'Country or currency', KES_MPESA.country)
    await pickRadio(page, KES_MPESA.rail)
    await pickRadio(page, KES_MPESA.provider)
    const options = await widget(page)
      .getByLabel('Token to buy', { exact: true })
      .locator('option')
      .allTextContents()
    const named = options.map((option) => /^(\S+) on (.+)$/.exec(option)?.slice(1) ?? [option])
    // Every listed token, each named by the chain it is on: one network in one list.
    expect(named.map(([symbol]) => symbol).sort()).toEqual(listed.map((t) => t.symbol).sort())
    expect(named.map(([, network]) => network?.toLowerCase())).toEqual(listed.map(() => chain))
    const network = named[0]![1]!
    // The wallet beside the checkout names the same chain.
    await expect.poll(() => page.locator('.wallet-status').textContent()).toContain(network)
    await shots(page, 'trust-token-names')

    await selectByText(page, 'Token to buy', /^USDC/)
    await widget(page).getByRole('button', { name: 'Continue' }).click()
    await amountScreen(page, KES_MPESA)
    await atStep(page, 'details')
    await fillKenyanDetails(page)
    await getQuote(page)
    expect(await quotedReceive(page)).toMatch(new RegExp(` USDC on ${network}$`))
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Orders' }).click()
    const row = page.getByTestId('order-row').first()
    await expect.poll(() => row.textContent()).toContain(`USDC on ${network}`)
    await context.close()
  })

  test('8. the estimate agrees with the quote within 0.5 %, buying NGN and selling KES, and none shows under an invalid amount', async () => {
    for (const journey of [NGN_BANK, KES_SELL]) {
      const { context, page } = await shop(journey.sell ? '/sell' : '/')
      await chooseScreen(page, journey)
      const field = journey.sell
        ? page.getByLabel(`Amount of ${journey.sell} to sell`)
        : page.getByLabel(`Amount in ${journey.currency}`)
      await field.fill('12ab')
      await field.blur()
      expect(
        await widget(page)
          .getByText(/^Estimate: about /)
          .count(),
      ).toBe(0)
      const estimate = firstNumber(
        (await amountScreen(page, journey)).replace(/^Estimate: about /, ''),
      )
      await atStep(page, 'details')
      await fillPerson(page)
      if (journey.sell) {
        await page.getByLabel('Mobile money number').fill('+254712345678')
      } else {
        await page.getByLabel('Bank account number').fill('0123456784') // a NUBAN of Access Bank
        await page.getByLabel(/BVN/).fill('22345678901')
      }
      await getQuote(page)
      const quoted = await quotedAmount(page)
      expect(Math.abs(estimate / quoted - 1)).toBeLessThan(0.005)
      await context.close()
    }
  })
})
