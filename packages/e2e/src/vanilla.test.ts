import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '@rampkit/test'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectNoAxeViolations,
  launchBrowser,
  screenshotBoth,
  skipBrowserTests,
  VIEWPORTS,
} from './browser.js'
import { repoRoot } from './setup/demo.js'
import { SANDBOX_SETTLES } from './shop.js'

// apps/vanilla: the checkout in plain TypeScript and the DOM over core's controller, its own
// Hono back end with the embedded sandbox, viem for the sale's approval. No React, no wagmi.
const appDir = join(repoRoot, 'apps/vanilla')

type Chain = { rpcUrl: string; chainId: number; account: { address: `0x${string}` } }

let server: ChildProcess
let url: string
let browser: Browser

beforeAll(async () => {
  // The page is built here (a few seconds): CI's `pnpm build` builds packages only.
  await run(process.execPath, [join(appDir, 'node_modules/vite/bin/vite.js'), 'build'])
  const port = await freePort()
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: appDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  url = await ready(server)
  if (!skipBrowserTests) browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  if (server?.pid) {
    try {
      // Its own group: the anvil the sandbox started goes with it.
      process.kill(-server.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
})

async function chainOf(): Promise<Chain> {
  return ((await (await fetch(`${url}/api/chain`)).json()) as { chain: Chain }).chain
}

const usdcOf = async (chain: Chain) => {
  const tokens = (await (await fetch(`${url}/api/ramp/tokens`)).json()) as {
    data: { spender: `0x${string}`; tokens: { symbol: string; address: `0x${string}` }[] }
  }
  return {
    spender: tokens.data.spender,
    address: tokens.data.tokens.find((token) => token.symbol === 'USDC')!.address,
    reader: createPublicClient({ transport: http(chain.rpcUrl) }),
  }
}

/** The first screen, as a shopper picks: direction, Kenya, mobile money, M-Pesa, USDC. */
async function choose(
  page: Page,
  direction: 'Buy crypto' | 'Sell crypto',
  shot?: () => Promise<void>,
) {
  await page.getByRole('radio', { name: direction }).check()
  await page.getByLabel('Country').selectOption({ label: 'Kenya (KES)' })
  await page.getByRole('radio', { name: /Mobile money/i }).check()
  await page.getByRole('radio', { name: /M-Pesa/ }).check()
  await page
    .getByLabel(direction === 'Buy crypto' ? 'Token to buy' : 'Token to sell')
    .selectOption({
      label: 'USDC',
    })
  await shot?.()
  await page.getByRole('button', { name: 'Continue' }).click()
}

async function details(page: Page) {
  await page.getByLabel('First and last name').fill('Amina Otieno')
  await page.getByLabel('Date of birth').fill('15/01/1990')
  await page.getByLabel('Mobile money number').fill(SANDBOX_SETTLES)
  await page.getByRole('button', { name: 'Get a quote' }).click()
}

const atScreen = (page: Page, screen: string) =>
  page.locator(`#checkout[data-screen="${screen}"]`).waitFor({ timeout: 20_000 })

describe.skipIf(skipBrowserTests)('vanilla example (no framework)', () => {
  test('buys USDC with M-Pesa to settled, then sells USDC approved through viem to settled', async () => {
    const chain = await chainOf()
    const usdc = await usdcOf(chain)
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const quotes: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/ramp/quotes')) {
        quotes.push(request.url())
      }
    })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(url)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')

    // The buy.
    await choose(page, 'Buy crypto', async () => {
      await screenshotBoth(page, 'vanilla-choose')
      await expectNoAxeViolations(page)
    })
    await atScreen(page, 'amount')
    const amount = page.getByLabel('Amount in KES')
    // The error is of the value typed now: above the maximum, then not an amount at all.
    await amount.fill('250001')
    await expect.poll(() => page.locator('#amount-error').textContent()).toMatch(/maximum/)
    await amount.fill('abc')
    await expect.poll(() => page.locator('#amount-error').textContent()).toMatch(/in digits/)
    await amount.fill('1500')
    await expect.poll(() => page.locator('#amount-error').textContent()).toBe('')
    await screenshotBoth(page, 'vanilla-amount')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await details(page)
    const pay = page.getByRole('button', { name: 'Confirm and pay' })
    await pay.waitFor({ timeout: 20_000 })
    await expect
      .poll(() => page.locator('[data-countdown]').textContent())
      .toMatch(/^Price held for \d+:\d\d$/)
    await screenshotBoth(page, 'vanilla-review')
    await expectNoAxeViolations(page)
    // The controller asked for the quote once, on entering the review.
    expect(quotes).toHaveLength(1)
    await pay.click()
    await atScreen(page, 'status')
    await page.getByText('Your order: Settled.').waitFor({ timeout: 30_000 })
    await screenshotBoth(page, 'vanilla-settled')
    // A buy never downloads the wallet code (viem): it loads when a sale is approved.
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((path) => path.startsWith('/assets/wallet-'))).toEqual([])

    // The sale, from the sandbox's funded test account, approved with viem in the page.
    await page.getByRole('button', { name: 'Start over' }).click()
    await atScreen(page, 'choose')
    const before = await usdc.reader.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.account.address],
    })
    await choose(page, 'Sell crypto')
    await page.getByLabel('Amount of USDC to sell').fill('12.5')
    await page.getByRole('button', { name: 'Continue' }).click()
    await details(page)
    const approve = page.getByRole('button', { name: 'Approve 12.5 USDC' })
    await approve.waitFor({ timeout: 20_000 })
    await screenshotBoth(page, 'vanilla-approve')
    await expectNoAxeViolations(page)
    await approve.click()
    const sell = page.getByRole('button', { name: 'Confirm and sell' })
    await sell.waitFor({ timeout: 30_000 })
    await sell.click()
    await atScreen(page, 'status')
    await page.getByText('Your order: Settled.').waitFor({ timeout: 30_000 })

    // The service took exactly the amount sold, through the allowance the page approved.
    const after = await usdc.reader.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.account.address],
    })
    expect(before - after).toBe(12_500_000n)
    expect(scripts.filter((path) => path.startsWith('/assets/wallet-'))).toHaveLength(1)
    expect(quotes).toHaveLength(2)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: appDir, stdio: 'ignore' })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]} exited ${code}`)),
    )
  })
}

/** Resolves with the server's URL once it prints its ready line. */
function ready(child: ChildProcess): Promise<string> {
  const output: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${output.join('')}`)), 60_000)
    child.stderr?.on('data', (chunk) => output.push(String(chunk)))
    child.stdout?.on('data', (chunk) => {
      const text = String(chunk)
      output.push(text)
      const match = /VANILLA_READY (\{.*\})/.exec(text)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve((JSON.parse(match[1]) as { url: string }).url)
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}):\n${output.join('')}`))
    })
  })
}
