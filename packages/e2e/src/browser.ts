import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { repoRoot } from './setup/demo.js'

/** Debian's Chromium (`apt-get install -y chromium`); Playwright downloads no browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Browser tests run wherever Chromium is installed, and always in CI (`CI=true`), where a
 * missing browser fails the run. Elsewhere they are skipped with a message saying how to
 * install it, so the README's test command works on a machine with only Node and npm.
 */
export const skipBrowserTests = !existsSync(CHROMIUM) && process.env.CI !== 'true'
if (skipBrowserTests) {
  console.warn(
    `Skipping the browser tests: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  )
}

/**
 * Launches headless Chromium. Playwright gives every launch a fresh profile (user-data-dir);
 * the flags keep Chromium from calling home, which a closed network refuses.
 */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 390, height: 844 },
}

export const screenshotDir = join(repoRoot, 'test-results/e2e')

/**
 * Saves the page as `test-results/e2e/<name>-<width>.png` at the page's width, then at the other
 * of 1280 and 390 px, and puts the width back: each step of a flow is seen at both.
 */
export async function screenshotBoth(page: Page, name: string) {
  await mkdir(screenshotDir, { recursive: true })
  const original = page.viewportSize() ?? VIEWPORTS.desktop
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: join(screenshotDir, `${name}-${viewport.width}.png`),
      fullPage: true,
    })
  }
  await page.setViewportSize(original)
}

const require = createRequire(import.meta.url)
let axeSource: string | undefined

export type AxeViolation = {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe-core (injected from node_modules) on the page; returns the violations. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const run = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> }
      }
    ).axe.run
    const result = await run(document)
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  })
}
