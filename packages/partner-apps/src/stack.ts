import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  amountScreen,
  atStep,
  chooseScreen,
  fillKenyanDetails,
  KES_MPESA,
  openShop,
  widget,
} from '@rampkit/e2e/shop'
import type { Browser } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { expect } from 'vitest'
import { partnerEnv, type Started, start } from './run.js'

/** What the installed sandbox printed on its `RAMP_SANDBOX_READY` line, and its secrets. */
export type SandboxStack = {
  process: Started
  url: string
  rpcUrl: string
  usdc: `0x${string}`
  apiKey: string
  webhookSecret: string
}

/**
 * Starts the sandbox from its installed bin (`node_modules/.bin/ramp-sandbox`, what
 * `npx ramp-sandbox` runs): anvil and the service on 127.0.0.1, webhooks to `webhookUrl`.
 */
export async function startInstalledSandbox(
  sandboxDir: string,
  webhookUrl: string,
  logFile: string,
): Promise<SandboxStack> {
  const apiKey = `is_test_partner_${randomBytes(8).toString('hex')}`
  const webhookSecret = `whsec_partner_${randomBytes(16).toString('hex')}`
  const process = start(join(sandboxDir, 'node_modules/.bin/ramp-sandbox'), [], {
    cwd: sandboxDir,
    env: partnerEnv({
      RAMP_SANDBOX_PORT: '0',
      RAMP_SANDBOX_HOST: '127.0.0.1',
      RAMP_SANDBOX_API_KEYS: apiKey,
      RAMP_SANDBOX_WEBHOOK_SECRET: webhookSecret,
      RAMP_SANDBOX_WEBHOOK_URL: webhookUrl,
    }),
    logFile,
  })
  const ready = JSON.parse((await process.waitFor(/RAMP_SANDBOX_READY (\{.*\})\n/))[1]!) as {
    url: string
    rpcUrl: string
    tokens: { symbol: string; address: `0x${string}` }[]
  }
  const usdc = ready.tokens.find((token) => token.symbol === 'USDC')
  if (!usdc) throw new Error(`the sandbox lists no USDC: ${JSON.stringify(ready.tokens)}`)
  return {
    process,
    url: ready.url,
    rpcUrl: ready.rpcUrl,
    usdc: usdc.address,
    apiKey,
    webhookSecret,
  }
}

/**
 * The environment the README snippets read their settings from: the sandbox's key, address and
 * webhook secret, a session secret, and the app's own origin (`APP_ORIGIN`, the page's).
 */
export function kitEnv(sandbox: SandboxStack, appOrigin: string): Record<string, string> {
  return {
    APP_ORIGIN: appOrigin,
    RAMP_API_KEY: sandbox.apiKey,
    RAMP_BASE_URL: sandbox.url,
    RAMP_WEBHOOK_SECRET: sandbox.webhookSecret,
    SESSION_SECRET: `partner-session-${randomBytes(16).toString('hex')}`,
  }
}

/** Gzip bytes of JavaScript: what the page's first load takes, and all a buy loaded. */
export type Weight = {
  initialGzip: number
  totalGzip: number
  initialFiles: number
  totalFiles: number
}

/** anvil's account 9: receives the tokens of the suite's buys. */
const BUYER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' as const

/**
 * A KES buy by M-Pesa to `settled` in Chromium on the page at `path` of the app at `appUrl`
 * (127.0.0.1), the wallet typed by hand: the USDC arrives on chain, the page's `onSettled` ran
 * (its helper marks <body>, or the snippet logs the order), no page error, no secret in any
 * answer. Returns the JavaScript weight of the page.
 */
export async function buyKes(
  browser: Browser,
  appUrl: string,
  sandbox: SandboxStack,
  path = '/',
): Promise<Weight> {
  const chain = createPublicClient({ transport: http(sandbox.rpcUrl) })
  const balance = () =>
    chain.readContract({
      address: sandbox.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [BUYER],
    })
  const before = await balance()
  const initial = await initialScripts(new URL(path, appUrl).href)
  const { context, page, errors, secretsSeen } = await openShop(
    browser,
    path,
    shopStack(appUrl, sandbox),
  )
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  try {
    await chooseScreen(page, KES_MPESA)
    await amountScreen(page, KES_MPESA)
    await atStep(page, 'details')
    await fillKenyanDetails(page)
    await page.getByLabel('Wallet address that receives the tokens').fill(BUYER)
    await widget(page).getByRole('button', { name: 'Get a quote' }).click()
    // On a refused quote, atStep's error says what the checkout shows instead.
    await atStep(page, 'confirm', 20_000)
    await widget(page)
      .getByText(/Price held for/)
      .waitFor()
    await widget(page).getByRole('button', { name: 'Confirm and pay' }).click()
    await atStep(page, 'status')
    await widget(page).getByText('Your order: Settled.').waitFor({ timeout: 30_000 })
    // The snippet's onSettled ran: its helper marked <body>, or it logged the settled order.
    await expect
      .poll(async () => {
        const marked = await page.evaluate(() => document.body.dataset.settledOrder ?? '')
        return marked !== '' || logged.some((line) => /\bsettled\b/i.test(line))
      })
      .toBe(true)
    await expect.poll(balance, { timeout: 10_000 }).toBeGreaterThan(before)
    expect(errors).toEqual([])
    expect(await secretsSeen()).toBe(0)
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\.m?js(\?|$)/.test(new URL(name).pathname)),
    )
    const all = [...new Set([...initial, ...loaded])]
    return {
      initialGzip: await gzipBytes(initial),
      totalGzip: await gzipBytes(all),
      initialFiles: initial.length,
      totalFiles: all.length,
    }
  } finally {
    await context.close()
  }
}

/** The app and its sandbox, as `@rampkit/e2e/shop` opens a page of a stack. */
function shopStack(appUrl: string, sandbox: SandboxStack) {
  return {
    url: appUrl,
    sandboxUrl: sandbox.url,
    rpcUrl: sandbox.rpcUrl,
    startMs: 0,
    apiKey: sandbox.apiKey,
    webhookSecret: sandbox.webhookSecret,
  }
}

/**
 * The page at `path` renders the checkout with the Kenyan corridor's M-Pesa, read through the
 * app's kit, and no page error.
 */
export async function expectCheckoutRenders(
  browser: Browser,
  appUrl: string,
  sandbox: SandboxStack,
  path: string,
) {
  const { context, page, errors } = await openShop(browser, path, shopStack(appUrl, sandbox))
  try {
    await widget(page).getByText('M-Pesa').first().waitFor({ timeout: 30_000 })
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
}

/**
 * The scripts the page's HTML loads before anything runs: `<script src>` (not `noModule`) and
 * module or script preloads.
 */
async function initialScripts(pageUrl: string): Promise<string[]> {
  const html = await (await fetch(pageUrl)).text()
  const found = new Set<string>()
  for (const match of html.matchAll(/<script\b[^>]*>/g)) {
    // A `noModule` script (Next's polyfills) is not loaded by a browser that runs modules.
    const src = /\bsrc="([^"]+)"/.exec(match[0])?.[1]
    if (src && !/\bnomodule\b/i.test(match[0])) found.add(src)
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (
      href &&
      (/rel="modulepreload"/.test(tag) || (/rel="preload"/.test(tag) && /as="script"/.test(tag)))
    )
      found.add(href)
  }
  return [...found].map((src) => new URL(src.replaceAll('&amp;', '&'), pageUrl).href)
}

async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0
  for (const url of urls) {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    total += gzipSync(Buffer.from(await response.arrayBuffer())).length
  }
  return total
}

export const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
