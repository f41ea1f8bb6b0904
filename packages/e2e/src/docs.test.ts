import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { freePort } from '@rampkit/test'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, launchBrowser, skipBrowserTests, VIEWPORTS } from './browser.js'
import { repoRoot } from './setup/demo.js'

/**
 * The documentation site (`apps/docs`): its internal links, every page of the static build in
 * Chromium (no console error, axe clean in the light and the dark scheme), its search, and the
 * live checkout under the dev server, which runs a kit over the embedded sandbox.
 */
const docsDir = join(repoRoot, 'apps/docs')
const pagesDir = join(docsDir, 'pages')
const distDir = join(docsDir, '.vitepress/dist')
const vitepress = join(docsDir, 'node_modules/vitepress/bin/vitepress.js')

const children: ChildProcess[] = []
let browser: Browser | undefined

/** Starts VitePress (`dev` or `preview`) on a free port, in its own process group. */
async function startVitepress(command: 'dev' | 'preview'): Promise<string> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', vitepress, command, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: docsDir, detached: true, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } },
  )
  children.push(child)
  return `http://127.0.0.1:${port}`
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Every `.md` page under `pages/`, by path relative to it. */
function pageFiles(): string[] {
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.md'),
  )
}

/** The routes of the static build: one per HTML file but the 404 page. */
function builtRoutes(): string[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && file !== '404.html')
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`)
    .sort()
}

/** Opens `url`, and returns the console errors and uncaught exceptions seen while it loads. */
async function open(
  page: Page,
  url: string,
  waitUntil: 'networkidle' | 'load' = 'networkidle',
): Promise<string[]> {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  // A dev server compiles each module on first request: minutes on a busy machine.
  await page.goto(url, { waitUntil, timeout: 180_000 })
  return errors
}

beforeAll(() => {
  // CI builds first (`pnpm docs:build` in .ci/run); build here when it has not.
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync('pnpm', ['run', 'build'], { cwd: docsDir, stdio: 'ignore' })
  }
}, 600_000)

afterAll(async () => {
  await browser?.close()
  for (const child of children) {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
})

describe('docs site', () => {
  test('every internal link of every page reaches a page or a file', () => {
    const routes = new Set(builtRoutes())
    const broken: string[] = []
    for (const file of pageFiles()) {
      const text = readFileSync(join(pagesDir, file), 'utf8').replace(/^```[\s\S]*?^```$/gm, '')
      for (const match of text.matchAll(/\]\(([^)\s]+)\)|\blink: (\/\S*)|\bsrc="([^"]+)"/g)) {
        const target = match[1] ?? match[2] ?? match[3] ?? ''
        if (/^[a-z]+:/.test(target)) continue
        const path = target.split('#')[0] ?? ''
        if (path.startsWith('/')) {
          const route = path.endsWith('/') ? path : path.replace(/\.md$/, '')
          if (!routes.has(route)) broken.push(`${file}: ${target}`)
        } else if (path.startsWith('@screens/')) {
          if (!existsSync(join(repoRoot, 'docs/screens', path.slice('@screens/'.length)))) {
            broken.push(`${file}: ${target}`)
          }
        } else if (path && !existsSync(join(pagesDir, dirname(file), path))) {
          broken.push(`${file}: ${target}`)
        }
      }
    }
    expect(broken).toEqual([])
    // The sidebar's pages are built too (the build's own dead-link check covers its Markdown).
    expect(routes.size).toBeGreaterThanOrEqual(pageFiles().length)
  })

  describe.skipIf(skipBrowserTests)('in Chromium', () => {
    let site = ''
    beforeAll(async () => {
      site = await startVitepress('preview')
      await waitFor(site, 60_000)
      browser = await launchBrowser()
    }, 120_000)

    test('opens every page of the static build: no console error, axe clean', async () => {
      const context = await browser!.newContext({ viewport: VIEWPORTS.desktop })
      const failures: string[] = []
      for (const route of builtRoutes()) {
        const page = await context.newPage()
        const errors = await open(page, `${site}${route}`)
        if (errors.length) failures.push(`${route}: ${errors.join('; ')}`)
        try {
          await expectNoAxeViolations(page)
        } catch (error) {
          failures.push(`${route}: ${String(error).slice(0, 600)}`)
        }
        await page.close()
      }
      await context.close()
      expect(failures).toEqual([])
    }, 600_000)

    test('search finds "webhook" and "CSP"', async () => {
      const page = await browser!.newPage({ viewport: VIEWPORTS.desktop })
      await open(page, site)
      // Each query lands on the page that explains it (results list each page's title).
      for (const [query, title] of [
        ['webhook', 'webhooks and fulfilment'],
        ['CSP', 'security model'],
      ] as const) {
        await page.getByRole('button', { name: 'Search' }).first().click()
        await page.locator('#localsearch-input').fill(query)
        const results = page.locator('#localsearch-list li')
        await results.first().waitFor()
        expect((await results.allTextContents()).join(' ').toLowerCase(), query).toContain(title)
        await page.keyboard.press('Escape')
      }
      await page.close()
    })

    test('the static build without RAMPKIT_DOCS_KIT shows the screenshot in place of the widget', async () => {
      const page = await browser!.newPage({ viewport: VIEWPORTS.mobile })
      await open(page, `${site}/examples/checkout`)
      await expect
        .poll(() =>
          page
            .locator('.live-checkout figure img')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0)
      expect(await page.locator('[data-live-checkout]').count()).toBe(0)
      await page.close()
    })

    test('under the dev server the live checkout runs the real widget against the sandbox', async () => {
      const dev = await startVitepress('dev')
      // The kit answers once the sandbox (anvil, its tokens, the service) is up.
      await waitFor(`${dev}/api/ramp/config`, 180_000)
      const page = await browser!.newPage({ viewport: VIEWPORTS.desktop })
      const errors = await open(page, `${dev}/examples/checkout`, 'load')
      const widget = page.locator('[data-live-checkout] .rk-root')
      // The catalog came through the kit: the Kenyan corridor's mobile money is offered.
      await widget.getByText('M-Pesa').first().waitFor({ timeout: 60_000 })
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await page.close()
    }, 300_000)
  })
})
