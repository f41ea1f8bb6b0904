import type { Browser, Locator, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { inject } from 'vitest'
import { VIEWPORTS } from './browser.js'

export const demo = () => inject('demo')

/** POST to the sandbox's admin routes (forced outcomes, clock) with the demo's key. */
export async function sandboxAdmin(path: string, body: unknown) {
  const { sandboxUrl, apiKey } = demo()
  const response = await fetch(`${sandboxUrl}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`sandbox admin ${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<{ data: unknown }>
}

export type DemoChain = {
  rpcUrl: string
  chainId: number
  spender: `0x${string}`
  tokens: { symbol: string; address: `0x${string}`; decimals: number }[]
  testAccounts: { address: `0x${string}` }[]
}

export async function demoChain(): Promise<DemoChain> {
  const response = await fetch(`${demo().url}/api/demo/chain`)
  return ((await response.json()) as { chain: DemoChain }).chain
}

function token(chain: DemoChain, symbol: string) {
  const found = chain.tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no token ${symbol}`)
  return found
}

/** A token balance read on the local chain itself, not through the shop. */
export function balanceOf(chain: DemoChain, symbol: string, owner: `0x${string}`) {
  return createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
    address: token(chain, symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** What `owner` allows the service's spender to take, read on chain. */
export function allowanceOf(chain: DemoChain, symbol: string, owner: `0x${string}`) {
  return createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
    address: token(chain, symbol).address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, chain.spender],
  })
}

/**
 * A fresh shopper: new cookies and sessionStorage, desktop width. `secretsSeen()` reads every
 * page, script and JSON response the browser got and counts those holding the API key or the
 * webhook secret: the answer must be 0 (event streams are skipped: they never end).
 */
export async function openShop(browser: Browser, path = '/') {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  const bodies: Promise<string>[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (/json|javascript|html/.test(type)) bodies.push(response.text().catch(() => ''))
  })
  const secretsSeen = async () => {
    const { apiKey, webhookSecret } = demo()
    const all = await Promise.all(bodies)
    if (all.length < 5) throw new Error(`only ${all.length} responses were read`)
    return all.filter((body) => body.includes(apiKey) || body.includes(webhookSecret)).length
  }
  await page.goto(`${demo().url}${path}`)
  await page.locator('.rk-root').waitFor()
  return { context, page, errors, secretsSeen }
}

export const widget = (page: Page) => page.locator('.rk-root')

/** Waits until the checkout shows `step` (its `data-step`). */
export async function atStep(page: Page, step: string, timeout = 15_000) {
  try {
    await widget(page)
      .and(page.locator(`[data-step="${step}"]`))
      .waitFor({ timeout })
  } catch (error) {
    // Say where the checkout is instead, and what it tells the shopper there.
    const shown = await widget(page)
      .evaluate((root) => ({
        step: root.getAttribute('data-step'),
        text: (root.textContent ?? '').replace(/\s+/g, ' ').slice(0, 600),
      }))
      .catch(() => null)
    throw new Error(
      `the checkout did not reach "${step}" in ${timeout} ms; it is at ${JSON.stringify(shown)}`,
      { cause: error },
    )
  }
}

export async function chooseOption(page: Page, name: RegExp | string) {
  await widget(page).getByRole('button', { name }).first().click()
}

/** Corridor, rail, provider, token and amount: up to the details step. */
export async function upToDetails(
  page: Page,
  options: {
    country: RegExp
    rail: RegExp
    provider: RegExp
    token: RegExp
    /** Buying: fiat, whole units. Selling: tokens (`sell` names the token's symbol). */
    amount: string
    currency: string
    sell?: string
  },
  shot?: (name: string) => Promise<void>,
) {
  await atStep(page, 'corridor')
  await shot?.('corridor')
  await chooseOption(page, options.country)
  await atStep(page, 'paymentMethod')
  await shot?.('payment-method')
  await chooseOption(page, options.rail)
  await atStep(page, 'provider')
  await shot?.('provider')
  await chooseOption(page, options.provider)
  await atStep(page, 'token')
  await shot?.('token')
  await chooseOption(page, options.token)
  await atStep(page, 'amount')
  if (options.sell) {
    // A sale is typed in tokens; its payout comes with the binding quote, not a preview.
    await page.getByLabel(`Amount of ${options.sell} to sell`).fill(options.amount)
  } else {
    await page.getByLabel(`Amount in ${options.currency}`).fill(options.amount)
    await widget(page)
      .getByText(/^Estimate: about /)
      .waitFor()
  }
  await shot?.('amount')
  await widget(page).getByRole('button', { name: 'Continue' }).click()
  await atStep(page, 'details')
}

export const KES_MPESA = {
  country: /Kenya/,
  rail: /Mobile money/,
  provider: /M-Pesa/,
  token: /^USDC/,
  amount: '1500',
  currency: 'KES',
}

/**
 * The sandbox guide's Kenyan test phones: in the sandbox an order with the first settles, with
 * the second fails; any other number leaves it in `pending_settlement`.
 */
export const SANDBOX_SETTLES = '+2541111111111'
export const SANDBOX_FAILS = '+2540000000000'

export async function fillKenyanDetails(page: Page, phone: string = SANDBOX_SETTLES) {
  await page.getByLabel('First and last name').fill('Amina Otieno')
  await page.getByLabel('Date of birth').fill('01/15/1990')
  await page.getByLabel('Mobile money number').fill(phone)
}

/** The text of a field's error message (`aria-describedby` / `role=alert` under the field). */
export function fieldError(page: Page, label: string): Locator {
  return widget(page)
    .locator('.rk-field', { has: page.getByLabel(label) })
    .locator('.rk-error')
}
