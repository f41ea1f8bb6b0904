import { expect, test } from 'vitest'
import { skipBrowserTests } from './browser.js'
import {
  atStep,
  fillKenyanDetails,
  KES_MPESA,
  openShop,
  ownStack,
  upToDetails,
  widget,
} from './shop.js'

/**
 * The checkout's flow as a shopper meets it in Chromium, now that core's controller owns it:
 * Back moves one place and keeps what was typed, a reload keeps the counter, and a network lost
 * on the status screen is said and recovered from with no second order. On a stack of the
 * file's own, so its orders are no other file's.
 */
const own = ownStack('flow', {})

const shop = (path = '/') => openShop(own.browser, path, own.demo.stack)
const counter = (page: Parameters<typeof widget>[0]) =>
  widget(page).locator('.rk-progress-text').textContent()

test.skipIf(skipBrowserTests)(
  'Back from the review goes to the details with what was typed; a reload keeps the counter',
  async () => {
    const { page, context } = await shop('/')
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'confirm')
    const onReview = await counter(page)
    await page.reload()
    await atStep(page, 'confirm')
    expect(await counter(page)).toBe(onReview)

    await page.goBack()
    await atStep(page, 'details')
    expect(await page.getByLabel('First and last name').inputValue()).toBe('Amina Otieno')
    expect(await page.getByLabel('Mobile money number').inputValue()).not.toBe('')
    await page.goForward()
    await atStep(page, 'confirm')
    await context.close()
  },
)

test.skipIf(skipBrowserTests)(
  'says it is reconnecting while the kit cannot be reached, then settles with one order',
  async () => {
    const { page, context } = await shop('/')
    const accepts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/quotes\/[^/]+\/accept$/.test(request.url())) {
        accepts.push(request.url())
      }
    })
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'confirm')
    // The network goes as the order is created: every kit request fails for 20 s.
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    await page.route('**/api/ramp/**', (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    const note = widget(page).getByText(/^Reconnecting…/)
    await note.waitFor({ timeout: 15_000 })
    // The shopper waits the 20 s the issue measured; the note stays all along.
    await page.waitForTimeout(20_000)
    expect(await note.isVisible()).toBe(true)
    await context.setOffline(false)
    await page.unroute('**/api/ramp/**')
    await widget(page)
      .getByText(/Your order has settled/)
      .waitFor({ timeout: 30_000 })
    expect(await note.count()).toBe(0)
    expect(accepts).toHaveLength(1)
    await context.close()
  },
)
