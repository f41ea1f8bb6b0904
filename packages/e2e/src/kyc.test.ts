import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations, screenshotBoth, skipBrowserTests } from './browser.js'
import {
  atStep,
  fillIdentity,
  fillKenyanDetails,
  KES_MPESA,
  openShop,
  ownStack,
  sandboxAdmin,
  selectTestAccount,
  upToDetails,
  widget,
} from './shop.js'

/*
 * Verified customers in the demo: a stack of its own with the kit in vault mode (quotes by the
 * shopper's approved `customer_id`, KYC once in the widget) and the sandbox's clock stopped, so
 * that "in review" stays on screen until the test moves time with the sandbox's admin route.
 */

const own = ownStack('vault', { RAMP_CUSTOMER_MODE: 'vault', RAMP_SANDBOX_SPEED: '0' })

const advance = (ms: number) => sandboxAdmin('/clock/advance', { ms }, own.demo.stack)

/** Up to the identity step: the corridor, amount and details, then "Get a quote". */
async function toIdentity(page: Page, name: string) {
  await upToDetails(page, KES_MPESA)
  await fillKenyanDetails(page)
  await page.getByLabel('First and last name').fill(name)
  await widget(page).getByRole('button', { name: 'Get a quote' }).click()
  await atStep(page, 'identity')
  await widget(page).getByRole('button', { name: 'Send for review' }).waitFor()
}

describe.skipIf(skipBrowserTests)('verified customers (kit in vault mode)', () => {
  test('a new shopper verifies once with documents, continues by itself on approval and settles a KES buy; the next checkout goes straight on; the Account page shows their accounts and a credit arriving live', async () => {
    const { context, page, errors, secretsSeen } = await openShop(own.browser, '/', own.demo.stack)
    await selectTestAccount(page, own.chain, 1)
    // The review's outcome comes over the kit's customer stream (SSE, the shopper's cookie).
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ramp/customer/events',
    )
    await toIdentity(page, 'Amina Otieno')
    const events = await stream
    expect(events.status()).toBe(200)
    expect(events.headers()['content-type']).toContain('text/event-stream')
    // Neither the name, the date of birth nor the phone the details step took is asked again.
    for (const label of ['First name', 'Last name', 'Date of birth', 'Phone number']) {
      expect(await widget(page).getByLabel(label, { exact: true }).count(), label).toBe(0)
    }
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'kyc-identity')
    // A file that only claims to be a PDF is refused by its bytes, before any upload.
    await widget(page)
      .getByLabel(/^Photo ID/)
      .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hi') })
    await widget(page).getByText('This file is not a JPEG, PNG or PDF.').waitFor()
    await fillIdentity(page, 'amina@example.com')
    await widget(page).getByRole('img', { name: 'Preview of id-card.png' }).waitFor()
    await screenshotBoth(page, 'kyc-identity-filled')
    const uploads = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ramp/customer/documents',
    )
    await widget(page).getByRole('button', { name: 'Send for review' }).click()
    expect((await uploads).status()).toBe(201)
    await widget(page).getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'kyc-in-review')

    // The sandbox reviews 2 s after a submit: approved, customer.approved reaches the kit, its
    // stream reaches the widget, and the checkout asks for the quote on its own.
    await advance(2_500)
    await atStep(page, 'confirm', 20_000)
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    const customer = (await page.evaluate(async () => {
      const response = await fetch('/api/ramp/customer')
      return (await response.json()).data
    })) as { status: string; customer_id: string }
    expect(customer.status).toBe('approved')
    expect(customer.customer_id).toMatch(/^pcus_/)
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    await advance(30_000)
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })

    // The same shopper buys again: straight from the amount to the quote, the details prefilled.
    await page.evaluate(() => window.sessionStorage.clear())
    await page.reload()
    await upToDetails(page, KES_MPESA)
    expect(await page.getByLabel('First and last name').inputValue()).toBe('Amina Otieno')
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'confirm')
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    expect(await widget(page).getByText('Verify your identity').count()).toBe(0)

    // The Account page: verified, the accounts (opened here), a credit arriving live.
    // The deposit-account product is provisioned 2 s after the approval.
    await advance(2_500)
    await page.getByRole('link', { name: 'Account' }).click()
    await page.getByTestId('verification-status').waitFor()
    expect(await page.getByTestId('verification-status').getAttribute('data-status')).toBe(
      'approved',
    )
    const accounts = page.locator('.rk-accounts')
    await accounts.getByText('You have no accounts yet.').waitFor({ timeout: 15_000 })
    await accounts.getByLabel('Currency').selectOption('fiat:KES:')
    await accounts.getByRole('button', { name: 'Open account' }).click()
    const card = accounts.getByTestId('account')
    await card.waitFor()
    await advance(1_500)
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('active')
    await card.getByRole('button', { name: 'Copy Account number' }).waitFor({ timeout: 15_000 })
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'account')

    const id = await card.getAttribute('data-account-id')
    await sandboxAdmin(`/accounts/${id}/credit`, { amount: '250.00' }, own.demo.stack)
    await accounts.getByText('Money arrived in your KES account.').waitFor({ timeout: 15_000 })
    await expect
      .poll(() => card.getByTestId('account-balance').textContent(), { timeout: 15_000 })
      .toBe('250 KES')
    await screenshotBoth(page, 'account-credited')
    expect(errors).toEqual([])
    expect(await secretsSeen()).toBe(0)
    await context.close()
  })

  test('Back from the identity step goes to the details with what was typed, and the review after it keeps its counter through a reload', async () => {
    const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack)
    await selectTestAccount(page, own.chain, 3)
    await toIdentity(page, 'Baraka Mwangi')
    await widget(page).getByLabel('Email').fill('baraka@example.com')
    await page.goBack()
    await atStep(page, 'details')
    expect(await page.getByLabel('First and last name').inputValue()).toBe('Baraka Mwangi')
    await page.goForward()
    await atStep(page, 'identity')
    expect(await widget(page).getByLabel('Email').inputValue()).toBe('baraka@example.com')

    await fillIdentity(page, 'baraka@example.com')
    await widget(page).getByRole('button', { name: 'Send for review' }).click()
    await widget(page).getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await advance(2_500)
    await atStep(page, 'confirm', 20_000)
    const counter = widget(page).locator('.rk-progress-text')
    const onReview = await counter.textContent()
    expect(onReview).toMatch(/ 5 of 5$/i)
    // Verified now: the stage the shopper walked through still counts after a reload.
    await page.reload()
    await atStep(page, 'confirm')
    expect(await counter.textContent()).toBe(onReview)
    expect(errors).toEqual([])
    await context.close()
  })

  test("a forced rejection shows the service's reason and links the shop's support", async () => {
    const { context, page, errors } = await openShop(own.browser, '/', own.demo.stack)
    await selectTestAccount(page, own.chain, 2)
    // The sandbox's review rejects a name containing "Rejected".
    await toIdentity(page, 'Rejected Otieno')
    await fillIdentity(page, 'rejected@example.com')
    await widget(page).getByRole('button', { name: 'Send for review' }).click()
    await widget(page).getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await advance(2_500)
    await widget(page).getByText('We could not verify your identity').waitFor({ timeout: 20_000 })
    expect(await widget(page).getByTestId('rejection-reason').textContent()).toBe(
      'Reason given: Review declined: the identity could not be verified (sandbox test value)',
    )
    // Where to go: the shop's support (the provider's `supportUrl`), a page in a new tab.
    const support = widget(page).getByRole('link', { name: 'Contact support' })
    expect(await support.getAttribute('href')).toBe('/support.html')
    expect(await support.getAttribute('target')).toBe('_blank')
    expect(await support.getAttribute('rel')).toBe('noopener noreferrer')
    const help = await page.request.get(new URL('/support.html', page.url()).href)
    expect(help.status()).toBe(200)
    expect(await help.text()).toContain('<h1>Support</h1>')
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'kyc-rejected')
    expect(errors).toEqual([])
    await context.close()
  })
})
