import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations, screenshotBoth, skipBrowserTests, VIEWPORTS } from './browser.js'
import {
  atScreen,
  atStep,
  chooseProofOfAddress,
  chooseScreen,
  fieldError,
  fillIdentity,
  fillNigerianBank,
  fillResidence,
  LAGOS,
  NGN_BANK,
  openShop,
  ownStack,
  PNG,
  selectTestAccount,
  toNigerianIdentity,
  upToDetails,
  widget,
} from './shop.js'

/*
 * The checkout's forms as a Nigerian shopper fills them, one numbered defect of the first walk
 * per test, each from a shopper of its own: the date of birth as Nigeria writes it, a bank
 * account number checked as a NUBAN, errors that go as soon as the value is right, and the
 * identity step (kit in vault mode) with its drop zone, camera, type errors and local phones.
 */

const own = ownStack('forms', { RAMP_CUSTOMER_MODE: 'vault', RAMP_SANDBOX_SPEED: '0' })

/** A date of birth that reads the same day first or month first. */
const SAME_EITHER_WAY = '05/05/1990'

/** A fresh shopper on the file's own stack, as the storefront's test account `account`. */
async function shopper(account: number, device?: Parameters<typeof openShop>[3]) {
  const opened = await openShop(own.browser, '/', own.demo.stack, device)
  await selectTestAccount(opened.page, own.chain, account)
  return opened
}

/** Screenshots at 1280 and 390 px, in the light and the dark colour scheme. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await screenshotBoth(page, `${name}-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null })
}

/**
 * Waits (2 s at most) for `read` to give `expected`, then checks it softly: a part of a defect
 * that fails is reported and the test goes on, so one run names every part that fails.
 */
async function eventually<T>(what: string, read: () => Promise<T>, expected: T) {
  await expect
    .poll(read, { timeout: 2_000 })
    .toEqual(expected)
    .catch(() => undefined)
  expect.soft(await read(), what).toEqual(expected)
}

const errorsOf = (page: Page, label: string) => () => fieldError(page, label).allTextContents()

/** A document's own error messages. */
const documentErrors = (page: Page, label: RegExp) => () =>
  widget(page)
    .locator('.rk-document', { has: page.getByLabel(label) })
    .locator('.rk-error')
    .allTextContents()

/**
 * A file dropped on a document's field, as a drag from the desktop does: the drop lands on the
 * file input, which lies over the drop zone, and bubbles to it.
 */
async function dropFile(page: Page, label: RegExp, name: string, type: string, bytes: Buffer) {
  const target = widget(page).getByLabel(label)
  const transfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = new DataTransfer()
      const raw = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      data.items.add(new File([raw], name, { type }))
      return data
    },
    { base64: bytes.toString('base64'), name, type },
  )
  await target.dispatchEvent('dragenter', { dataTransfer: transfer })
  await target.dispatchEvent('dragover', { dataTransfer: transfer })
  await target.dispatchEvent('drop', { dataTransfer: transfer })
}

/** The identity step's customer save, the request that carries the profile. */
const customerSaved = (page: Page) =>
  page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/ramp/customer' && request.method() !== 'GET',
    { timeout: 20_000 },
  )

/** "Get a quote", then whichever shows first: the identity step or the error of `label`. */
async function getQuoteUntil(page: Page, label: string) {
  await widget(page).getByRole('button', { name: 'Get a quote' }).click()
  await widget(page)
    .and(page.locator('[data-step="identity"]'))
    .or(fieldError(page, label))
    .first()
    .waitFor()
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null)
const sendForReview = (page: Page) =>
  widget(page).getByRole('button', { name: 'Send for review' }).click()

describe.skipIf(skipBrowserTests)('the checkout forms (Nigeria, bank transfer)', () => {
  test('3. a Nigerian shopper types the date of birth day first: 31/12/1990 is taken, not asked again, and sent as 1990-12-31', async () => {
    const { context, page, errors } = await shopper(2)
    const root = widget(page)
    await upToDetails(page, NGN_BANK)
    const dob = root.getByLabel('Date of birth')
    expect.soft(await dob.getAttribute('placeholder'), 'the date’s format').toBe('dd/mm/yyyy')
    await root.getByLabel('First and last name').fill('Chidi Okeke')
    await dob.fill('31/12/1990')
    await fillNigerianBank(page)
    await getQuoteUntil(page, 'Date of birth')
    expect(await fieldError(page, 'Date of birth').allTextContents()).toEqual([])
    await atStep(page, 'identity')
    await root.getByRole('button', { name: 'Send for review' }).waitFor()
    // The date the details step read is not asked again; focus went to the new step's heading
    // (not left on <body> by the button that went away).
    expect(await root.getByLabel('Date of birth', { exact: true }).count()).toBe(0)
    await expect.poll(() => focused(page)).toBe('Verify your identity')
    await fillIdentity(page, 'chidi@example.com', LAGOS, '+234 803 123 4567')
    const saved = customerSaved(page)
    await sendForReview(page)
    const profile = (await saved).postDataJSON().profile as Record<string, unknown>
    expect(profile).toMatchObject({ date_of_birth: '1990-12-31' })
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    expect(errors).toEqual([])
    await context.close()
  })

  test('4. a Nigerian account number is checked as a NUBAN: 12ab and a wrong check digit are refused', async () => {
    const { context, page, errors } = await shopper(3)
    const root = widget(page)
    await upToDetails(page, NGN_BANK)
    await root.getByLabel('First and last name').fill('Chidi Okeke')
    await root.getByLabel('Date of birth').fill(SAME_EITHER_WAY)
    await fillNigerianBank(page, '12ab')
    await getQuoteUntil(page, 'Bank account number')
    expect.soft(await root.getAttribute('data-step'), 'the step after 12ab').toBe('details')
    await expect
      .poll(errorsOf(page, 'Bank account number'))
      .toEqual(['A Nigerian account number has 10 digits.'])
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-nuban')
    // One digit off a real Access Bank (044) NUBAN: no account there.
    await root.getByLabel('Bank account number').fill('0123456785')
    await expect
      .poll(errorsOf(page, 'Bank account number'))
      .toEqual(['This is not an account number at Access Bank: check each digit.'])
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await expect
      .poll(errorsOf(page, 'Bank account number'))
      .toEqual(['This is not an account number at Access Bank: check each digit.'])
    expect(await root.getAttribute('data-step')).toBe('details')
    await root.getByLabel('Bank account number').fill('0123456784')
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')
    expect(errors).toEqual([])
    await context.close()
  })

  test('5. an error goes as soon as its value is right, on the amount, the details and the identity step', async () => {
    const { context, page, errors } = await shopper(4)
    const root = widget(page)
    // The amount: refused empty, the error gone once an amount is typed (no second Continue).
    await chooseScreen(page, NGN_BANK)
    await root.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(errorsOf(page, 'Amount in NGN')).toEqual(['Enter an amount above 0.'])
    await root.getByLabel('Amount in NGN').fill(NGN_BANK.amount)
    await eventually('the amount error once 50000 is typed', errorsOf(page, 'Amount in NGN'), [])
    await root.getByRole('button', { name: 'Continue' }).click()
    await atScreen(page, 'review')
    await atStep(page, 'details')

    // The details: a field is checked when left, and its error goes as it is typed right.
    await root.getByLabel('Date of birth').fill(SAME_EITHER_WAY)
    await root.getByLabel(/BVN/).fill('123')
    await root.getByLabel(/BVN/).blur()
    await eventually('the BVN error once left', errorsOf(page, 'BVN'), [
      'A BVN has exactly 11 digits.',
    ])
    await fillNigerianBank(page)
    await eventually('the BVN error once typed right', errorsOf(page, 'BVN'), [])
    // A name left empty at a submit says so, and goes as soon as it is typed.
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await expect
      .poll(errorsOf(page, 'First and last name'))
      .toEqual(['Enter your first and last name.'])
    await root.getByLabel('First and last name').fill('Chidi Okeke')
    await eventually('the name error once typed', errorsOf(page, 'First and last name'), [])
    await root.getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')

    // The identity step: a submit with nothing filled names every field; each error goes once
    // its field is filled.
    await root.getByRole('button', { name: 'Send for review' }).waitFor()
    await sendForReview(page)
    await expect.poll(errorsOf(page, 'Email')).toEqual(['This field is required.'])
    expect(await fieldError(page, 'City').allTextContents()).toEqual(['This field is required.'])
    await root.getByLabel('Email').fill('ada@example.com')
    await root.getByLabel('City').fill('Lagos')
    await eventually('the email error once filled', errorsOf(page, 'Email'), [])
    await eventually('the city error once filled', errorsOf(page, 'City'), [])
    expect(errors).toEqual([])
    await context.close()
  })

  test('10. the identity step on a phone: a Nigerian phone example, 0803… taken, a .txt named as such, a drop zone with a preview, a camera; focus back on the heading when sent', async () => {
    const { context, page, errors } = await shopper(5, {
      viewport: VIEWPORTS.mobile,
      hasTouch: true,
    })
    const root = widget(page)
    await toNigerianIdentity(page, SAME_EITHER_WAY)
    // Each part is checked after a submit, so it does not hang on when errors show.
    await root.getByLabel('Phone number').fill('0803 12')
    await sendForReview(page)
    await expect.poll(errorsOf(page, 'Email')).toEqual(['This field is required.'])
    await eventually('the phone error, with a Nigerian example', errorsOf(page, 'Phone number'), [
      'Enter a valid phone number, like 0802 123 4567.',
    ])
    // A local number, as Nigerians write it (the details step takes the same).
    await root.getByLabel('Phone number').fill('0803 123 4567')
    await sendForReview(page)
    await eventually('the phone error for 0803 123 4567', errorsOf(page, 'Phone number'), [])

    // A text file is refused by its type, and that error stays through a submit.
    await root
      .getByLabel(/^Photo ID/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await root.getByText('This file is not a JPEG, PNG or PDF.').waitFor()
    await sendForReview(page)
    await expect.poll(errorsOf(page, 'Email')).toEqual(['This field is required.'])
    await eventually('the .txt photo ID after a submit', documentErrors(page, /^Photo ID/), [
      'This file is not a JPEG, PNG or PDF.',
    ])
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-errors')

    // A photo dropped on the zone is taken and previewed, and the type error goes.
    await dropFile(page, /^Photo ID/, 'id-card.png', 'image/png', PNG)
    await eventually(
      'previews of the dropped photo',
      () => root.getByRole('img', { name: 'Preview of id-card.png' }).count(),
      1,
    )
    await eventually('the photo ID errors once dropped', documentErrors(page, /^Photo ID/), [])
    // On a touch screen each document can be taken with the back camera; the picker still
    // offers files.
    const photo = root.locator('.rk-document', { has: page.getByLabel(/^Photo ID/) })
    await eventually(
      'Take a photo buttons',
      () => photo.getByRole('button', { name: 'Take a photo' }).count(),
      1,
    )
    await eventually(
      'camera inputs',
      () => photo.locator('input[type=file][capture=environment]').count(),
      1,
    )
    expect(await root.getByLabel(/^Photo ID/).getAttribute('capture')).toBeNull()

    await root.getByLabel('Email').fill('chidi@example.com')
    await chooseProofOfAddress(page)
    await fillResidence(page, LAGOS)
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-filled')
    const saved = customerSaved(page)
    await sendForReview(page)
    const profile = (await saved).postDataJSON().profile as Record<string, unknown>
    expect(profile).toMatchObject({ phone: '+2348031234567', email: 'chidi@example.com' })
    await root.getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await expect.poll(() => focused(page)).toBe('Verify your identity')
    await expectNoAxeViolations(page)
    await shoot(page, 'forms-identity-review')
    expect(errors).toEqual([])
    await context.close()
  })
})
