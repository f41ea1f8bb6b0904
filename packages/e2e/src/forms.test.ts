import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations, screenshotBoth, skipBrowserTests } from './browser.js'
import {
  atStep,
  fieldError,
  openShop,
  ownStack,
  PNG,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

/*
 * The checkout's forms as a Nigerian shopper fills them: the date of birth as Nigeria writes it,
 * a bank account number checked as a NUBAN, errors that go as soon as the value is right, and
 * the identity step (kit in vault mode) with its drop zone, type errors and local phone numbers.
 */

const own = ownStack('forms', { RAMP_CUSTOMER_MODE: 'vault', RAMP_SANDBOX_SPEED: '0' })

const NG_BANK = {
  country: /Nigeria/,
  rail: /^Bank transfer/,
  provider: /^Access Bank/,
  token: /^USDC/,
  amount: '50000',
  currency: 'NGN',
}

/** Screenshots at 1280 and 390 px, in the light and the dark colour scheme. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await screenshotBoth(page, `${name}-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null })
}

/** A file dropped on a document's drop zone, as a drag from the desktop does. */
async function dropFile(page: Page, label: RegExp, name: string, type: string, bytes: Buffer) {
  const zone = widget(page)
    .locator('.rk-document', { has: page.getByLabel(label) })
    .getByTestId('document-drop')
  const transfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = new DataTransfer()
      const raw = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      data.items.add(new File([raw], name, { type }))
      return data
    },
    { base64: bytes.toString('base64'), name, type },
  )
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer })
  await zone.dispatchEvent('drop', { dataTransfer: transfer })
}

/** A Nigerian shopper's valid details, then "Get a quote": the identity step, focus on its heading. */
async function toIdentity(page: Page) {
  const root = widget(page)
  await upToDetails(page, NG_BANK)
  await root.getByLabel('First and last name').fill('Chidi Okeke')
  await root.getByLabel('Date of birth').fill('31/12/1990')
  await root.getByLabel('Bank account number').fill('0123456784')
  await root.getByLabel(/BVN/).fill('22345678901')
  await root.getByRole('button', { name: 'Get a quote' }).click()
  await atStep(page, 'identity')
  await root.getByRole('button', { name: 'Send for review' }).waitFor()
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null)

describe.skipIf(skipBrowserTests)('the checkout forms (Nigeria, bank transfer)', () => {
  test('details: 31/12/1990 is a date for a Nigerian shopper; 12ab is no NUBAN; an error goes as soon as the value is right', async () => {
    const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack)
    await selectTestAccount(page, own.chain, 2)
    await upToDetails(page, NG_BANK)
    const root = widget(page)
    await root.getByText('dd/mm/yyyy').first().waitFor()
    await root.getByLabel('First and last name').fill('Chidi Okeke')
    await root.getByLabel('Date of birth').fill('31/12/1990')
    await root.getByLabel('Bank account number').fill('12ab')
    await root.getByLabel(/BVN/).fill('22345678901')
    // Left: each field is checked on its own.
    await expect
      .poll(() => fieldError(page, 'Bank account number').textContent())
      .toBe('A Nigerian account number has 10 digits.')
    expect(await fieldError(page, 'Date of birth').count()).toBe(0)
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-nuban')
    // One digit off a real Access Bank (044) NUBAN: no account there.
    await root.getByLabel('Bank account number').fill('0123456785')
    await expect
      .poll(() => fieldError(page, 'Bank account number').textContent())
      .toBe('This is not an account number at Access Bank: check each digit.')
    // Typed right: the error goes at once, without a submit.
    await root.getByLabel('Bank account number').fill('0123456784')
    await expect.poll(() => fieldError(page, 'Bank account number').count()).toBe(0)

    // A name cleared after a failed submit says so, and goes as soon as it is typed again.
    await root.getByLabel('First and last name').fill('')
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await expect
      .poll(() => fieldError(page, 'First and last name').textContent())
      .toBe('Enter your first and last name.')
    await root.getByLabel('First and last name').fill('Chidi Okeke')
    await expect.poll(() => fieldError(page, 'First and last name').count()).toBe(0)

    await root.getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')
    expect(errors).toEqual([])
    await context.close()
  })

  test('identity: errors go once fixed, a Nigerian phone example and 0803… taken, a .txt file named as such, a dropped photo previewed, focus on the heading; 31/12/1990 sent as 1990-12-31', async () => {
    const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack)
    await selectTestAccount(page, own.chain, 3)
    const root = widget(page)
    const saved = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/ramp/customer' && request.method() !== 'GET',
    )
    await toIdentity(page)
    // The date of birth the details step read is not asked again; focus went to the new step's
    // heading (not left on <body> by the button that went away).
    expect(await root.getByLabel('Date of birth', { exact: true }).count()).toBe(0)
    await expect.poll(() => focused(page)).toBe('Verify your identity')

    // Identity: a submit with nothing filled names every field; each error goes once filled.
    await root.getByRole('button', { name: 'Send for review' }).click()
    await expect.poll(() => fieldError(page, 'Email').textContent()).toBe('This field is required.')
    await root.getByLabel('Email').fill('chidi@example.com')
    await expect.poll(() => fieldError(page, 'Email').count()).toBe(0)

    // The phone: a Nigerian example in the error, and a local 0803 number taken.
    await root.getByLabel('Phone number').fill('0803 12')
    await root.getByLabel('Phone number').blur()
    await expect
      .poll(() => fieldError(page, 'Phone number').textContent())
      .toBe('Enter a valid phone number, like 0802 123 4567.')
    await root.getByLabel('Phone number').fill('0803 123 4567')
    await expect.poll(() => fieldError(page, 'Phone number').count()).toBe(0)

    // A text file is refused by its type, and that error stays through a submit.
    await root
      .getByLabel(/^Photo ID/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await root.getByText('This file is not a JPEG, PNG or PDF.').waitFor()
    await root.getByRole('button', { name: 'Send for review' }).click()
    await root.getByText('This file is not a JPEG, PNG or PDF.').waitFor()
    expect(
      await root
        .locator('.rk-document', { has: page.getByLabel(/^Photo ID/) })
        .getByText('Add this document.')
        .count(),
    ).toBe(0)
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-errors')

    // A photo dropped on the zone is taken and previewed.
    await dropFile(page, /^Photo ID/, 'id-card.png', 'image/png', PNG)
    await root.getByRole('img', { name: 'Preview of id-card.png' }).waitFor()
    await expect.poll(() => root.getByText('This file is not a JPEG, PNG or PDF.').count()).toBe(0)
    await root.getByLabel(/^Proof of address/).setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'),
    })
    await root.getByLabel('Gender').selectOption('m')
    await root.getByLabel('Street address').fill('1 Marina Road')
    await root.getByLabel('City').fill('Lagos')
    await root.getByLabel('Identity document').selectOption('national_id')
    await root.getByLabel('Document number').fill('12345678901')
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-filled')
    await root.getByRole('button', { name: 'Send for review' }).click()
    const profile = (await saved).postDataJSON().profile as Record<string, unknown>
    expect(profile).toMatchObject({
      date_of_birth: '1990-12-31',
      phone: '+2348031234567',
      email: 'chidi@example.com',
    })
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await expect.poll(() => focused(page)).toBe('Verify your identity')
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-review')
    expect(errors).toEqual([])
    await context.close()
  })
})
