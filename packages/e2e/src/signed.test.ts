import type { Request } from 'playwright-core'
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
 * Customer-signed accepts in the demo: a stack of its own whose kit and sandbox key run with
 * signed accepts (RAMP_SIGNED_ACCEPTS=1), in vault mode, with the sandbox's clock stopped so the
 * test moves the review and the settlement itself. The wallet is wagmi's mock connector over
 * anvil's test accounts, so every signature is anvil's, checked by the sandbox with viem.
 */

const own = ownStack('signed', {
  RAMP_CUSTOMER_MODE: 'vault',
  RAMP_SIGNED_ACCEPTS: '1',
  RAMP_SANDBOX_SPEED: '0',
})

const advance = (ms: number) => sandboxAdmin('/clock/advance', { ms }, own.demo.stack)

/** Whether a request is the widget's accept of a quote. */
function acceptSent(request: Request): boolean {
  return request.method() === 'POST' && /\/api\/ramp\/quotes\/[^/]+\/accept$/.test(request.url())
}

describe.skipIf(skipBrowserTests)('signed accepts (kit and key with signed accepts on)', () => {
  test('a verified shopper enrolls the wallet once, the wallet signs the order, and it settles', async () => {
    const { context, page, errors, secretsSeen } = await openShop(own.browser, '/', own.demo.stack)
    const account = own.chain.testAccounts[3]!.address
    await selectTestAccount(page, own.chain, 3)

    // Verified first: signed accepts name the shopper's approved vault customer.
    await upToDetails(page, KES_MPESA)
    await fillKenyanDetails(page)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    await atStep(page, 'identity')
    await fillIdentity(page, 'signer@example.com')
    await widget(page).getByRole('button', { name: 'Send for review' }).click()
    await widget(page).getByText('We are checking your details').waitFor({ timeout: 15_000 })
    await advance(2_500)

    // The confirm asks for the wallet's enrollment first: nothing can be accepted without it.
    await atStep(page, 'confirm', 20_000)
    await widget(page).getByText('Approve orders with your wallet').waitFor()
    expect(await widget(page).getByRole('button', { name: 'Confirm and pay' }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'signed-enroll')
    await widget(page).getByRole('button', { name: 'Enroll this wallet' }).click()

    // Enrolled: a new quote is made for the wallet to sign, and the confirm is the usual one.
    const confirm = widget(page).getByRole('button', { name: 'Confirm and pay' })
    await confirm.waitFor({ timeout: 20_000 })
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    const keys = (await page.evaluate(async () => {
      const response = await fetch('/api/ramp/signing-keys')
      return (await response.json()).data
    })) as { keys: { address: string; status: string }[] }
    const active = keys.keys.filter((key) => key.status === 'active')
    expect(active.map((key) => key.address.toLowerCase())).toEqual([account.toLowerCase()])
    await expectNoAxeViolations(page)
    await screenshotBoth(page, 'signed-confirm')

    const accept = page.waitForRequest(acceptSent)
    await confirm.click()
    const body = (await accept).postDataJSON() as { signed_accept?: { signature?: string } }
    expect(body.signed_accept?.signature).toMatch(/^0x[0-9a-fA-F]{130}$/)
    await atStep(page, 'status')
    await advance(30_000)
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 20_000 })

    expect(errors).toEqual([])
    expect(await secretsSeen()).toBe(0)
    await context.close()
  })
})
