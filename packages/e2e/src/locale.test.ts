import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations, screenshotBoth, skipBrowserTests, VIEWPORTS } from './browser.js'
import {
  atScreen,
  atStep,
  chooseProofOfAddress,
  chooseScreen,
  EUR_SEPA,
  fieldError,
  fillIdentity,
  fillKenyanDetails,
  KES_MPESA,
  KES_SELL,
  openShop,
  ownStack,
  PNG,
  SEPA_IBAN,
  sandboxAdmin,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

/*
 * A checkout for every shopper the service serves (issue 32, points 1 to 4 and the number
 * formats of 8): countries picked by name, the phone of the country of residence, a payout number
 * prefilled only from the corridor's country, the shopper's language, one number format. Each
 * shopper is a test account of its own on the file's stack, with the kit in vault mode.
 */

const own = ownStack('locale', { RAMP_CUSTOMER_MODE: 'vault', RAMP_SANDBOX_SPEED: '0' })

/** A fresh shopper on the file's own stack, as test account `account`. */
async function shopper(account: number, path = '/', device?: Parameters<typeof openShop>[3]) {
  const opened = await openShop(own.browser, path, own.demo.stack, device)
  await selectTestAccount(opened.page, own.chain, account)
  return opened
}

/** An EUR buyer by SEPA up to the identity step (the kit has no verified customer for them). */
async function toEuroIdentity(page: Page) {
  await upToDetails(page, EUR_SEPA)
  const root = widget(page)
  await root.getByLabel('First and last name').fill('Lena Schmidt')
  await root.getByLabel('IBAN').fill(SEPA_IBAN)
  await root.getByRole('button', { name: 'Get a quote' }).click()
  await atStep(page, 'identity')
  await root.getByRole('button', { name: 'Send for review' }).waitFor()
}

/** The value and the text of the option chosen in a select of the widget. */
function chosen(page: Page, label: string) {
  return widget(page)
    .getByLabel(label, { exact: true })
    .evaluate((element) => {
      const select = element as HTMLSelectElement
      return { value: select.value, text: select.selectedOptions[0]?.textContent ?? '' }
    })
}

/** Which palette the widget shows, read from its background: dark or light. */
function widgetScheme(page: Page) {
  return widget(page).evaluate((element) => {
    const [red = 0, green = 0, blue = 0] = (
      getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []
    ).map(Number)
    return (red + green + blue) / 3 < 128 ? 'dark' : 'light'
  })
}

/**
 * axe at 1280 and 390 px (each run checks the light and then the dark scheme), then the
 * screenshots of each scheme. axe leaves the page light, so each scheme is set again right before
 * its screenshots, and the widget (the storefront's follows the system) is seen in it first.
 */
async function accessibleEverywhere(page: Page, name: string) {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport)
    await expectNoAxeViolations(page)
  }
  await page.setViewportSize(VIEWPORTS.desktop)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await expect.poll(() => widgetScheme(page)).toBe(colorScheme)
    await screenshotBoth(page, `${name}-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null })
}

describe.skipIf(skipBrowserTests)('a checkout for every shopper the service serves', () => {
  test('1. the country of residence and the address country are picked by name, never typed: Germany is DE, and the kit refuses UN naming the field', async () => {
    const { context, page, errors } = await shopper(1)
    await toEuroIdentity(page)
    const root = widget(page)
    const residence = root.getByLabel('Country where you live', { exact: true })
    // A list of countries, not a box for two letters.
    expect(await residence.evaluate((element) => element.tagName)).toBe('SELECT')
    expect(await root.getByLabel('Country of this address', { exact: true }).count()).toBe(1)
    await residence.selectOption({ label: 'Germany' })
    expect(await chosen(page, 'Country where you live')).toEqual({ value: 'DE', text: 'Germany' })
    // The address follows the residence until the shopper picks its own.
    expect(await chosen(page, 'Country of this address')).toEqual({
      value: 'DE',
      text: 'Germany',
    })
    expect(
      await residence.evaluate((element) =>
        [...(element as HTMLSelectElement).options].some((option) => option.value === 'UN'),
      ),
    ).toBe(false)
    await accessibleEverywhere(page, 'locale-countries')

    // The kit itself refuses a code that is no country, naming the field.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/ramp/customer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          customer_type: 'individual',
          profile: { country_of_residence: 'UN' },
        }),
      })
      return { status: response.status, body: await response.json() }
    })
    expect(refused.status).toBe(422)
    expect(refused.body.data.field).toBe('profile.country_of_residence')
    expect(errors).toEqual([])
    await context.close()
  })

  test("2. the identity phone is one of the country of residence: 06 12 34 56 78 in France, (212) 555-0123 in the US, with that country's example", async () => {
    const { context, page, errors } = await shopper(2)
    await toEuroIdentity(page)
    const root = widget(page)
    const phone = root.getByLabel('Phone number', { exact: true })
    await root
      .getByLabel('Country where you live', { exact: true })
      .selectOption({ label: 'France' })
    await root.getByText('For example 06 12 34 56 78').waitFor()
    await phone.fill('06 12 34')
    await phone.blur()
    await expect
      .poll(() => fieldError(page, 'Phone number').textContent())
      .toBe('Enter a valid phone number, like 06 12 34 56 78.')
    await phone.fill('06 12 34 56 78')
    await expect.poll(() => fieldError(page, 'Phone number').count()).toBe(0)

    await root
      .getByLabel('Country where you live', { exact: true })
      .selectOption({ label: 'United States' })
    await root.getByText('For example (201) 555-0123').waitFor()
    // The French number is checked again for the country now picked.
    await expect
      .poll(() => fieldError(page, 'Phone number').textContent())
      .toBe('Enter a valid phone number, like (201) 555-0123.')
    await phone.fill('(212) 555-0123')
    await expect.poll(() => fieldError(page, 'Phone number').count()).toBe(0)
    expect(await root.textContent()).not.toContain('+234')
    expect(errors).toEqual([])
    await context.close()
  })

  test("3. a payout number is prefilled only from the corridor's country: the German phone given for EUR is not offered for M-Pesa", async () => {
    const { context, page, errors } = await shopper(3)
    await toEuroIdentity(page)
    const root = widget(page)
    await root.getByLabel('Email', { exact: true }).fill('lena@example.com')
    await root.getByLabel('Date of birth', { exact: true }).fill('1990-01-15')
    await root.getByLabel('Country where you live', { exact: true }).selectOption('DE')
    await root.getByLabel('Phone number', { exact: true }).fill('+49 1512 3456789')
    await root.getByLabel('Gender').selectOption('f')
    await root.getByLabel('Street address').fill('Unter den Linden 1')
    await root.getByLabel('City').fill('Berlin')
    await root.getByLabel('Identity document').selectOption('passport')
    await root.getByLabel('Document number').fill('C01X00T47')
    await root
      .getByLabel(/^Photo ID/)
      .setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG })
    await chooseProofOfAddress(page)
    await root.getByRole('button', { name: 'Send for review' }).click()
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    const profile = (await page.evaluate(async () => {
      const response = await fetch('/api/ramp/customer')
      return (await response.json()).data.profile
    })) as { phone?: string }
    expect(profile.phone).toBe('+4915123456789')

    // The same shopper starts a Kenyan M-Pesa order: the German number is not offered.
    await page.evaluate(() => window.sessionStorage.clear())
    await page.reload()
    await upToDetails(page, KES_MPESA)
    expect(await root.getByLabel('Mobile money number').inputValue()).toBe('')
    expect(errors).toEqual([])
    await context.close()
  })

  test("4. the checkout speaks the browser's language, and the one picked in the header across reloads, with lang on the widget", async () => {
    // A French browser: the widget is French and says so; the shop's own page stays English.
    const french = await openShop(own.browser, '/', own.demo.stack, { locale: 'fr-FR' })
    await atScreen(french.page, 'choose')
    expect(await widget(french.page).getAttribute('lang')).toBe('fr')
    await widget(french.page).getByLabel('Pays ou devise', { exact: true }).waitFor()
    expect(await french.page.locator('html').getAttribute('lang')).toBe('en')
    expect(french.errors).toEqual([])
    await french.context.close()

    // An English browser picks Kiswahili; a reload keeps it; ?lang=pt asks Portuguese.
    const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack, {
      locale: 'en-US',
    })
    await atScreen(page, 'choose')
    expect(await widget(page).getAttribute('lang')).toBe('en')
    await page.getByLabel('Language').selectOption({ label: 'Kiswahili' })
    await expect.poll(() => widget(page).getAttribute('lang')).toBe('sw')
    await page.reload()
    await atScreen(page, 'choose')
    expect(await widget(page).getAttribute('lang')).toBe('sw')
    await page.goto(`${own.demo.stack.url}/?lang=pt`)
    await atScreen(page, 'choose')
    expect(await widget(page).getAttribute('lang')).toBe('pt')
    expect(errors).toEqual([])
    await context.close()
  })

  test.each(['en', 'fr', 'pt', 'sw'])(
    '4. in %s: axe finds nothing at 1280 and 390 px, light and dark, and countries are named in the language',
    async (language) => {
      const { context, page, errors } = await openShop(
        own.browser,
        `/?lang=${language}`,
        own.demo.stack,
      )
      await atScreen(page, 'choose')
      expect(await widget(page).getAttribute('lang')).toBe(language)
      const kenya = new Intl.DisplayNames([language], { type: 'region' }).of('KE') ?? 'Kenya'
      const corridor = widget(page).locator('select').first()
      expect(await corridor.textContent()).toContain(kenya)
      await accessibleEverywhere(page, `locale-${language}`)
      expect(errors).toEqual([])
      await context.close()
    },
  )

  test('4. in fr, pt and sw the identity step (its country pickers named in the language) and the Account page: axe finds nothing at 1280 and 390 px, light and dark', async () => {
    const { context, page, errors } = await shopper(7)
    await toEuroIdentity(page)
    for (const language of ['fr', 'pt', 'sw'] as const) {
      // The header's picker changes the language of the step the shopper is on.
      await page.getByLabel('Language').selectOption(language)
      await expect.poll(() => widget(page).getAttribute('lang')).toBe(language)
      await atStep(page, 'identity')
      const germany = new Intl.DisplayNames([language], { type: 'region' }).of('DE')!
      await widget(page).locator('select').first().waitFor()
      const pickers = widget(page).locator('select', {
        has: page.locator('option[value="DE"]'),
      })
      expect(await pickers.count()).toBe(2)
      expect(await pickers.first().locator('option[value="DE"]').textContent()).toBe(germany)
      await accessibleEverywhere(page, `locale-identity-${language}`)
    }
    await page.getByRole('link', { name: 'Account' }).click()
    for (const language of ['fr', 'pt', 'sw'] as const) {
      await page.getByLabel('Language').selectOption(language)
      const accounts = page.locator('.rk-accounts')
      await expect.poll(() => accounts.getAttribute('lang')).toBe(language)
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport)
        await expectNoAxeViolations(page)
      }
      await screenshotBoth(page, `locale-account-${language}`)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  test('8. a phone reads as its country writes it: a local Kenyan number is +254 712 345678 on the confirm and in how to pay', async () => {
    const { context, page, errors } = await shopper(5)
    const root = widget(page)
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page, '0712 345678')
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')
    await fillIdentity(page, 'achieng@example.com')
    await root.getByRole('button', { name: 'Send for review' }).click()
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await sandboxAdmin('/clock/advance', { ms: 2_500 }, own.demo.stack)
    await atStep(page, 'confirm', 20_000)
    const paidFrom = root.locator('.rk-row', {
      has: page.locator('dt', { hasText: /^Paid from$/ }),
    })
    expect(await paidFrom.locator('dd').textContent()).toMatch(
      /^M-Pesa.* · \+254\u00a0712\u00a0345678$/,
    )
    await accessibleEverywhere(page, 'locale-confirm-phone')
    // The order's "How to pay" names the number the prompt goes to the same way.
    await root.getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    const how = root.locator('.rk-instructions')
    const phoneRow = how.locator('.rk-row', {
      has: page.locator('dt', { hasText: /^Phone number$/ }),
    })
    expect(await phoneRow.locator('dd').textContent()).toBe('+254\u00a0712\u00a0345678')
    await accessibleEverywhere(page, 'locale-pay-phone')
    expect(errors).toEqual([])
    await context.close()
  })

  test("8. one number format: the estimate shows the preview's digits, grouped, not rounded to two", async () => {
    const { context, page, errors } = await shopper(4)
    await chooseScreen(page, KES_MPESA)
    // 200,000 KES buys over a thousand USDC: a figure with a group separator.
    const preview = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ramp/preview',
    )
    await page.getByLabel('Amount in KES').fill('200000')
    const previewed = (await (await preview).json()).data as { token_amount: number }
    // The preview's token amount cut to the token's 6 decimals, grouped in English.
    const [whole = '', fraction = ''] = String(previewed.token_amount).split('.')
    const cut = fraction.slice(0, 6).replace(/0+$/, '')
    const grouped = `${Number(whole).toLocaleString('en')}${cut ? `.${cut}` : ''}`
    expect(grouped).toMatch(/^\d{1,3},\d{3}/)
    await widget(page).getByText(`Estimate: about ${grouped} USDC`, { exact: false }).waitFor()
    await accessibleEverywhere(page, 'locale-estimate')
    expect(errors).toEqual([])
    await context.close()
  })

  test('8. one number format: the approval asks for the sale’s amount as the quote writes it, grouped with every digit', async () => {
    const { context, page, errors } = await shopper(6, '/sell')
    const root = widget(page)
    // Over a thousand USDC with six decimals: the figure the issue saw ungrouped on the button.
    await upToDetails(page, { ...KES_SELL, amount: '1012.345678' })
    await fillKenyanDetails(page)
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')
    await fillIdentity(page, 'wambui@example.com')
    await root.getByRole('button', { name: 'Send for review' }).click()
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await sandboxAdmin('/clock/advance', { ms: 2_500 }, own.demo.stack)
    await atStep(page, 'approve', 20_000)
    await root.getByRole('button', { name: 'Sign to confirm' }).click()
    await root.getByText(/^Wallet confirmed:/).waitFor({ timeout: 20_000 })
    const approve = root.getByRole('button', { name: /^Approve / })
    await approve.waitFor()
    expect(await approve.textContent()).toBe('Approve 1,012.345678 USDC')
    await root
      .getByText('The ramp takes exactly 1,012.345678 USDC from your wallet when you confirm.')
      .waitFor()
    // The quote on the same screen writes the amount the same way, never ungrouped.
    const text = (await root.textContent()) ?? ''
    expect(text).not.toContain('1012.345678')
    expect(text.split('1,012.345678 USDC').length - 1).toBeGreaterThanOrEqual(3)
    await accessibleEverywhere(page, 'locale-approve')
    expect(errors).toEqual([])
    await context.close()
  })
})
