import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { launchBrowser, skipBrowserTests, VIEWPORTS } from './browser.js'
import { type DemoStack, type RunningDemo, startDemo, stopDemo } from './setup/demo.js'

export const demo = () => inject('demo')

/** POST to the sandbox's admin routes (forced outcomes, clock) with the demo's key. */
export async function sandboxAdmin(path: string, body: unknown, stack: DemoStack = demo()) {
  const { sandboxUrl, apiKey } = stack
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

export async function demoChain(stack: DemoStack = demo()): Promise<DemoChain> {
  const response = await fetch(`${stack.url}/api/demo/chain`)
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
 * A fresh shopper: new cookies and sessionStorage, desktop width unless `device` says otherwise
 * (a phone: `{ viewport: VIEWPORTS.mobile, hasTouch: true }`). `secretsSeen()` reads every
 * page, script and JSON response the browser got and counts those holding the API key or the
 * webhook secret: the answer must be 0 (event streams are skipped: they never end).
 */
export async function openShop(
  browser: Browser,
  path = '/',
  stack: DemoStack = demo(),
  device: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...device })
  const page = await context.newPage()
  const errors: string[] = []
  const bodies: Promise<string>[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (/json|javascript|html/.test(type)) bodies.push(response.text().catch(() => ''))
  })
  const secretsSeen = async () => {
    const { apiKey, webhookSecret } = stack
    const all = await Promise.all(bodies)
    if (all.length < 5) throw new Error(`only ${all.length} responses were read`)
    return all.filter((body) => body.includes(apiKey) || body.includes(webhookSecret)).length
  }
  await page.goto(`${stack.url}${path}`)
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

/** Waits until the checkout shows `screen` (its `data-screen`: choose, amount, review, status). */
export async function atScreen(page: Page, screen: string, timeout = 15_000) {
  await widget(page)
    .and(page.locator(`[data-screen="${screen}"]`))
    .waitFor({ timeout })
}

/** Picks the option of the widget's select `label` whose text matches `text`. */
export async function selectByText(page: Page, label: string, text: RegExp) {
  const select = widget(page).getByLabel(label, { exact: true })
  await expect
    .poll(() =>
      select.evaluate(
        (element, pattern) =>
          [...(element as HTMLSelectElement).options].some((option) =>
            new RegExp(pattern.source, pattern.flags).test(option.textContent ?? ''),
          ),
        { source: text.source, flags: text.flags },
      ),
    )
    .toBe(true)
  const value = await select.evaluate(
    (element, pattern) =>
      [...(element as HTMLSelectElement).options].find((option) =>
        new RegExp(pattern.source, pattern.flags).test(option.textContent ?? ''),
      )?.value ?? '',
    { source: text.source, flags: text.flags },
  )
  await select.selectOption(value)
}

/** Checks a radio of the widget (a card: the click lands on its label). */
export async function pickRadio(page: Page, name: RegExp | string) {
  await widget(page).getByRole('radio', { name }).check({ force: true })
}

export type Journey = {
  country: RegExp
  rail: RegExp
  provider: RegExp
  token: RegExp
  /** Buying: fiat, whole units. Selling: tokens (`sell` names the token's symbol). */
  amount: string
  currency: string
  sell?: string
}

/** The first screen: corridor, rail, provider and token, then Continue to the amount. */
export async function chooseScreen(
  page: Page,
  options: Omit<Journey, 'amount' | 'currency'>,
  shot?: (name: string) => Promise<void>,
) {
  await atScreen(page, 'choose')
  await selectByText(page, 'Country or currency', options.country)
  await pickRadio(page, options.rail)
  await pickRadio(page, options.provider)
  await selectByText(page, options.sell ? 'Token to sell' : 'Token to buy', options.token)
  await shot?.('choose')
  await widget(page).getByRole('button', { name: 'Continue' }).click()
  await atScreen(page, 'amount')
}

/** The amount screen: types the amount, waits for the estimate, and returns its text. */
export async function amountScreen(
  page: Page,
  options: Pick<Journey, 'amount' | 'currency' | 'sell'>,
  shot?: (name: string) => Promise<void>,
) {
  await atScreen(page, 'amount')
  const field = options.sell
    ? page.getByLabel(`Amount of ${options.sell} to sell`)
    : page.getByLabel(`Amount in ${options.currency}`)
  await field.fill(options.amount)
  const estimate = widget(page).getByText(/^Estimate: about /)
  await estimate.waitFor()
  await shot?.('amount')
  const text = (await estimate.textContent()) ?? ''
  await widget(page).getByRole('button', { name: 'Continue' }).click()
  await atScreen(page, 'review')
  return text
}

/** The first screen and the amount: up to the details on the review screen. */
export async function upToDetails(
  page: Page,
  options: Journey,
  shot?: (name: string) => Promise<void>,
) {
  await chooseScreen(page, options, shot)
  await amountScreen(page, options, shot)
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

/** A sale of 12 USDC for KES, paid out by M-Pesa. */
export const KES_SELL: Journey = {
  country: /Kenya/,
  rail: /^Mobile money/,
  provider: /^M-Pesa/,
  token: /^USDC/,
  amount: '12',
  currency: 'KES',
  sell: 'USDC',
}

/** A buy for 50,000 NGN paid by bank transfer into Access Bank. */
export const NGN_BANK: Journey = {
  country: /Nigeria/,
  rail: /^Bank transfer/,
  provider: /^Access Bank/,
  token: /^USDC/,
  amount: '50000',
  currency: 'NGN',
}

/** A buy for 100 EUR paid by SEPA credit transfer. */
export const EUR_SEPA: Journey = {
  country: /EUR international/,
  rail: /^SEPA bank transfer/,
  provider: /^SEPA Credit Transfer/,
  token: /^USDC/,
  amount: '100',
  currency: 'EUR',
}

/** A NUBAN of Access Bank (CBN code 044) whose check digit holds. */
export const ACCESS_NUBAN = '0123456784'
export const SEPA_IBAN = 'DE89 3704 0044 0532 0130 00'

/** What a bank transfer from Nigeria asks besides the person: the NUBAN and a BVN. */
export async function fillNigerianBank(page: Page, nuban: string = ACCESS_NUBAN) {
  await page.getByLabel('Bank account number').fill(nuban)
  await page.getByLabel(/BVN/).fill('22345678901')
}

/**
 * The sandbox guide's Kenyan test phones: in the sandbox an order with the first settles, with
 * the second fails; any other number leaves it in `pending_settlement`.
 */
export const SANDBOX_SETTLES = '+2541111111111'
export const SANDBOX_FAILS = '+2540000000000'

/**
 * The guide's bank test account numbers, for any bank's `payment_method.account_number`: typed
 * in place of the account number, or of the IBAN of an EUR or USD bank pay-in.
 */
export const SANDBOX_ACCOUNT_SETTLES = '1111111111'
export const SANDBOX_ACCOUNT_FAILS = '0000000000'

/** A person's name, and the date of birth when the form asks for it. */
export async function fillPerson(page: Page) {
  await page.getByLabel('First and last name').fill('Amina Otieno')
  const dob = page.getByLabel('Date of birth')
  if (await dob.count()) await dob.fill('15/01/1990') // day first: en in Kenya writes it so
}

/** The first number of a text, read by English rules ("1,264.5 KES" is 1264.5). */
export function firstNumber(text: string): number {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(text)
  if (!match) throw new Error(`no number in "${text}"`)
  return Number(match[0].replaceAll(',', ''))
}

/** The quote's "You receive" on the review screen, as shown, once the quote is there. */
export async function quotedReceive(page: Page): Promise<string> {
  await widget(page)
    .getByText(/Price held for/)
    .waitFor()
  const text = await widget(page)
    .locator('.rk-row', { has: page.locator('dt', { hasText: /^You receive$/ }) })
    .locator('dd')
    .first()
    .textContent()
  return text ?? ''
}

export async function fillKenyanDetails(page: Page, phone: string = SANDBOX_SETTLES) {
  await page.getByLabel('First and last name').fill('Amina Otieno')
  await page.getByLabel('Date of birth').fill('15/01/1990')
  await page.getByLabel('Mobile money number').fill(phone)
}

/** A real PNG (one pixel), so the preview shows an image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')

/** Where a shopper lives and the identity document they give, as the identity step asks. */
export type Residence = {
  gender: 'f' | 'm'
  street: string
  city: string
  documentNumber: string
}

const NAIROBI: Residence = {
  gender: 'f',
  street: '1 Moi Avenue',
  city: 'Nairobi',
  documentNumber: '12345678',
}
export const LAGOS: Residence = {
  gender: 'm',
  street: '1 Marina Road',
  city: 'Lagos',
  documentNumber: '12345678901',
}

/** The identity step's gender, address and identity document fields. */
export async function fillResidence(page: Page, residence: Residence) {
  const root = widget(page)
  await root.getByLabel('Gender').selectOption(residence.gender)
  await root.getByLabel('Street address').fill(residence.street)
  await root.getByLabel('City').fill(residence.city)
  await root.getByLabel('Identity document').selectOption('national_id')
  await root.getByLabel('Document number').fill(residence.documentNumber)
}

/** A proof of address chosen with the document's file picker (a PDF). */
export async function chooseProofOfAddress(page: Page) {
  await widget(page)
    .getByLabel(/^Proof of address/)
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF })
}

/**
 * What the identity step asks a buyer whose name and birth date it has: by default a Kenyan one,
 * whose phone it has too (the phone is typed when `phone` is given).
 */
export async function fillIdentity(
  page: Page,
  email: string,
  residence: Residence = NAIROBI,
  phone?: string,
) {
  const root = widget(page)
  await root.getByLabel('Email').fill(email)
  if (phone) await root.getByLabel('Phone number').fill(phone)
  await fillResidence(page, residence)
  await root
    .getByLabel(/^Photo ID/)
    .setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG })
  await chooseProofOfAddress(page)
}

/**
 * A Nigerian buyer's details (bank transfer into Access Bank) with `dob` as typed, then "Get a
 * quote": with the kit in vault mode, the identity step follows.
 */
export async function toNigerianIdentity(page: Page, dob: string) {
  const root = widget(page)
  await upToDetails(page, NGN_BANK)
  await root.getByLabel('First and last name').fill('Chidi Okeke')
  await root.getByLabel('Date of birth').fill(dob)
  await fillNigerianBank(page)
  await root.getByRole('button', { name: 'Get a quote' }).click()
  await atStep(page, 'identity')
  await root.getByRole('button', { name: 'Send for review' }).waitFor()
}

/** The text of a field's error message (`aria-describedby` / `role=alert` under the field). */
export function fieldError(page: Page, label: string): Locator {
  return widget(page)
    .locator('.rk-field', { has: page.getByLabel(label) })
    .locator('.rk-error')
}

/** Chooses the shop's test account `index` (a shopper of its own) and waits for the wallet. */
export async function selectTestAccount(page: Page, chain: DemoChain, index: number) {
  await page.getByLabel('Test account').selectOption({ index })
  await expect
    .poll(() => page.getByTestId('wallet-address').textContent())
    .toBe(chain.testAccounts[index]!.address)
}

/**
 * From a sale's approve step to its status: the wallet proof signed, the exact approval sent to
 * the local chain (wagmi's mock connector, signed by anvil), then "Confirm and sell".
 */
export async function proveApproveAndSell(page: Page) {
  await widget(page).getByRole('button', { name: 'Sign to confirm' }).click()
  await widget(page)
    .getByText(/^Wallet confirmed:/)
    .waitFor({ timeout: 20_000 })
  await widget(page)
    .getByRole('button', { name: /^Approve / })
    .click()
  await atStep(page, 'confirm', 20_000)
  await widget(page).getByRole('button', { name: 'Confirm and sell' }).click()
  await atStep(page, 'status')
}

/** A demo stack of a test file's own (with `env` over the usual), its browser and chain. */
export type OwnStack = { browser: Browser; demo: RunningDemo; chain: DemoChain }

/**
 * Starts a demo stack of the file's own before its tests (the storefront already built by the
 * global setup) and stops it after, its data directory removed. The fields are there once the
 * file's `beforeAll` has run.
 */
export function ownStack(name: string, env: Record<string, string>): OwnStack {
  const own = {} as OwnStack
  let dataDir: string | undefined
  beforeAll(async () => {
    if (skipBrowserTests) return
    dataDir = await mkdtemp(join(tmpdir(), `rampkit-e2e-${name}-`))
    own.demo = await startDemo({ RAMP_DATA_DIR: dataDir, RAMP_DEMO_SKIP_BUILD: '1', ...env })
    own.browser = await launchBrowser()
    own.chain = await demoChain(own.demo.stack)
  }, 120_000)
  afterAll(async () => {
    await own.browser?.close()
    if (own.demo) await stopDemo(own.demo)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return own
}
