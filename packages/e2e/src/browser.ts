import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import sharp from 'sharp'
import { expect } from 'vitest'
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
 * of 1280 and 390 px, and puts the width back: each step of a flow is seen at both. With
 * `RAMPKIT_SCREENS` set (`pnpm --filter @rampkit/e2e screens`) it also writes the README's
 * screenshots of the widget (`screenshotWidget`).
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
  if (process.env.RAMPKIT_SCREENS) await screenshotWidget(page, name)
}

/** The README's screenshots: docs/screens/<name>-<light|dark>-<1280|390>.png. */
export const docsScreensDir = join(repoRoot, 'docs/screens')
/**
 * Saves the checkout widget alone (cropped with a margin), in the light and the dark colour
 * scheme (the storefront's widget follows the system), at 1280 and 390 px, as 64-colour PNGs
 * (a third of the size, no visible loss on flat UI colours).
 */
export async function screenshotWidget(page: Page, name: string) {
  const widget = page.locator('.rk-root').first()
  if ((await widget.count()) === 0) return
  await mkdir(docsScreensDir, { recursive: true })
  const original = page.viewportSize() ?? VIEWPORTS.desktop
  for (const colorScheme of ['light', 'dark'] as const) {
    await emulateColorScheme(page, colorScheme)
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      const box = await widget.boundingBox()
      if (!box) continue
      const margin = 12
      const x = Math.max(0, box.x - margin)
      const y = Math.max(0, box.y - margin)
      const path = join(docsScreensDir, `${name}-${colorScheme}-${viewport.width}.png`)
      const png = await page.screenshot({
        fullPage: true,
        clip: {
          x,
          y,
          width: Math.min(viewport.width - x, box.width + 2 * margin),
          height: box.height + 2 * margin,
        },
      })
      await sharp(png)
        .png({ palette: true, colors: 64, compressionLevel: 9, effort: 10 })
        .toFile(path)
    }
  }
  await emulateColorScheme(page, 'light')
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

/**
 * The widget's controls (buttons, fields, selects, textareas, links) smaller than a 44 × 44 px
 * touch target, as `tag "text" WxH`. A radio is measured by its label (the card a finger
 * presses); visually hidden controls (1 px) are not targets.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = []
    const controls = document.querySelectorAll<HTMLElement>(
      '.rk-root button, .rk-root input, .rk-root select, .rk-root textarea, .rk-root a[href]',
    )
    for (const control of controls) {
      const target =
        control instanceof HTMLInputElement && control.type === 'radio'
          ? (control.closest('label') ?? control)
          : control
      const box = target.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      if (box.width < 44 || box.height < 44) {
        const text = (target.textContent || target.getAttribute('aria-label') || '').trim()
        small.push(
          `${target.tagName.toLowerCase()} "${text.slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        )
      }
    }
    return small
  })
}

/**
 * Fails with the rule id, help and targets of every axe violation on the page, in the light and
 * the dark scheme (`axe`).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axe(page)
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/**
 * Runs axe-core (injected from node_modules) on the page in the light and then the dark colour
 * scheme (the storefront's widget follows the system's); returns the violations of both, each
 * id marked with its scheme. The page is left in the light scheme.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  const violations: AxeViolation[] = []
  // The colours at rest are what is checked: the pointer off the widget (a control the last
  // click left under it would be mid-way through its hover transition), and the widget's own
  // reduced-motion styles on, so a scheme switch changes colours at once instead of over 0.12 s.
  await page.mouse.move(0, 0)
  for (const colorScheme of ['light', 'dark'] as const) {
    await emulateColorScheme(page, colorScheme, 'reduce')
    for (const violation of await axeOnce(page)) {
      violations.push({ ...violation, id: `${violation.id} (${colorScheme})` })
    }
  }
  await emulateColorScheme(page, 'light', null)
  return violations
}

/**
 * Switches the page's `prefers-color-scheme` and waits for the colour transitions it starts
 * (hover and selection fades) to end, so nothing reads or shoots a colour halfway.
 */
async function emulateColorScheme(
  page: Page,
  colorScheme: 'light' | 'dark',
  reducedMotion?: 'reduce' | null,
) {
  await page.emulateMedia(
    reducedMotion === undefined ? { colorScheme } : { colorScheme, reducedMotion },
  )
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

async function axeOnce(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  const loaded = await page.evaluate(() => 'axe' in window)
  // Evaluated through the DevTools protocol, not added as a <script>: the built shop's policy
  // (`script-src 'self'`) refuses an inline script tag.
  if (!loaded) await page.evaluate(axeSource)
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
