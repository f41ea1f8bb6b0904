// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Every code block of the READMEs and the docs pages that is a file a partner copies (a `ts` or
 * `tsx` block whose first line is a comment naming the file: `// app/page.tsx`) is written out
 * as that file and type-checked by tsc against the packages, so the docs cannot drift from the
 * API. The partner's own modules a snippet imports (`./fulfilment`, `@/lib/auth`) are file
 * blocks of the same document: each block is checked beside the others of its document, and
 * `@/` is the app's root, as create-next-app sets it.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url))
const READMES = [
  'README.md',
  'packages/core/README.md',
  'packages/server/README.md',
  'packages/react/README.md',
  'packages/sandbox/README.md',
  'apps/docs/pages/guides/going-live.md',
]
/**
 * The documentation site's pages (every `.md` under `apps/docs/pages` but the ones READMES names):
 * checked the same way, in a folder inside `apps/docs`, whose devDependencies are the frameworks
 * the recipes use (next, react-router, express, vite).
 */
const DOCS_PAGES = readdirSync(join(root, 'apps/docs/pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => `apps/docs/pages/${file}`)
  .filter((page) => !READMES.includes(page))
const FILE_BLOCK = /^```(tsx?)\n\/\/ ([\w./[\]-]+\.tsx?)\b[^\n]*\n([\s\S]*?)^```$/gm

/** The file blocks of one README: the path the block names and its text (the path line kept). */
export function fileBlocks(markdown: string): { path: string; source: string }[] {
  return [...markdown.matchAll(FILE_BLOCK)].map((match) => ({
    path: match[2] ?? '',
    source: `// ${match[2]}\n${match[3]}`,
  }))
}

type FileBlock = { readme: string; path: string; source: string }

/**
 * Writes each block as its file under `work`, beside the blocks of its own document it imports
 * (`./fulfilment.js`), and the documents' `lib/` files at the root (`@/lib/…`), then runs tsc
 * over them all; returns tsc's output, empty when every file type-checks.
 */
function typeCheck(work: string, blocks: FileBlock[], site = false): string {
  const put = (dir: string, path: string, source: string) => {
    const file = join(work, dir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, source)
  }
  for (const [index, block] of blocks.entries()) {
    // A site page's files share one folder, so a recipe's route may import its sibling.
    const folder = block.readme.replace(/\W+/g, '-')
    const dir = site ? folder : `${index}-${folder}`
    put(dir, block.path, block.source)
    for (const other of blocks.filter((b) => b.readme === block.readme)) {
      const stem = other.path.replace(/\.tsx?$/, '')
      const imported = [`'./${stem}'`, `'./${stem}.js'`].some((at) => block.source.includes(at))
      if (other.path !== block.path && imported) put(dir, other.path, other.source)
    }
  }
  // `@/lib/…` of a Next.js snippet: the app's root, where the documents' lib/ files go.
  for (const block of blocks.filter((b) => b.path.startsWith('lib/'))) {
    put('.', block.path, block.source)
  }
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        types: ['node'],
        noEmit: true,
        paths: { '@/*': ['./*'] },
        // TypeScript 6's default, said here: `import '@rampkit/react/styles.css'` must resolve.
        noUncheckedSideEffectImports: true,
      },
      include: ['**/*.ts', '**/*.tsx'],
    }),
  )
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
  try {
    execFileSync(process.execPath, [tsc, '-p', work], { encoding: 'utf8' })
    return ''
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
  }
}

const blocksOf = (documents: string[]): FileBlock[] =>
  documents.flatMap((readme) =>
    fileBlocks(readFileSync(join(root, readme), 'utf8')).map((block) => ({ readme, ...block })),
  )

// Inside this package, so the snippets resolve @rampkit/*, hono and react as a partner's app does;
// the site's pages inside apps/docs, which has the frameworks its recipes use.
const work = mkdtempSync(join(fileURLToPath(new URL('../', import.meta.url)), '.readme-files-'))
const docsWork = mkdtempSync(join(root, 'apps/docs/.page-files-'))
afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(docsWork, { recursive: true, force: true })
})

describe('README files', () => {
  const blocks = blocksOf(READMES)

  it('finds the files of each README', () => {
    const count = (readme: string) => blocks.filter((block) => block.readme === readme).length
    expect(count('README.md')).toBeGreaterThanOrEqual(3)
    expect(count('packages/core/README.md')).toBeGreaterThanOrEqual(2)
    expect(count('packages/server/README.md')).toBeGreaterThanOrEqual(2)
    expect(count('packages/react/README.md')).toBeGreaterThanOrEqual(2)
    // The page is a client component: the first statement is the directive.
    for (const block of blocks.filter((b) => b.path.endsWith('page.tsx'))) {
      expect(block.source.split('\n')[1], `${block.readme} ${block.path}`).toBe("'use client'")
    }
  })

  it('type-checks every one with tsc', () => {
    expect(typeCheck(work, blocks)).toBe('')
  }, 240_000)
})

describe('docs site files', () => {
  const blocks = blocksOf(DOCS_PAGES)

  it('finds the recipe of each framework', () => {
    const paths = blocks.map((block) => `${block.readme} ${block.path}`)
    for (const recipe of [
      'nextjs-app-router.md app/api/ramp/[[...route]]/route.ts',
      'nextjs-pages-router.md pages/api/ramp/[[...route]].ts',
      'vite-hono.md src/main.tsx',
      'express.md server.ts',
      'react-router.md app/routes/api.ramp.ts',
      'own-ui.md checkout.ts',
    ]) {
      expect(
        paths.some((path) => path.endsWith(recipe)),
        recipe,
      ).toBe(true)
    }
    for (const block of blocks.filter((b) => b.path.endsWith('page.tsx'))) {
      expect(block.source.split('\n')[1], `${block.readme} ${block.path}`).toBe("'use client'")
    }
  })

  it('type-checks every one with tsc', () => {
    expect(typeCheck(docsWork, blocks, true)).toBe('')
  }, 240_000)
})

/** The variables an app's sources read: `env.NAME`, `env['NAME']` and `required('NAME')`. */
function variablesRead(dir: string): Set<string> {
  const names = new Set<string>()
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /\brequired\((?:env, )?'([A-Z][A-Z0-9_]+)'\)/g,
  ]
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (!entry.isFile() || /node_modules|[/\\](dist|\.next|\.data)[/\\]/.test(path)) continue
    if (!/\.(ts|tsx|mjs)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    const text = readFileSync(path, 'utf8')
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!)
  }
  return names
}

describe('.env.example beside each example app', () => {
  // Read by the framework, not the app's code.
  const FRAMEWORK = new Set(['NEXT_TELEMETRY_DISABLED'])
  for (const app of ['apps/storefront', 'apps/next-example', 'apps/vanilla']) {
    it(`${app} lists exactly the variables its code reads`, () => {
      const listed = readFileSync(join(root, app, '.env.example'), 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter((name): name is string => name !== undefined)
      const read = variablesRead(join(root, app))
      expect(read.size).toBeGreaterThan(3)
      expect([...read].filter((name) => !listed.includes(name)).sort()).toEqual([])
      expect(listed.filter((name) => !read.has(name) && !FRAMEWORK.has(name))).toEqual([])
    })
  }
})

describe('rampkit doctor --production on the Next.js example', () => {
  it("reads every variable the example's route reads for the kit", () => {
    // Set by the platform itself, not by the partner (Vercel's VERCEL=1).
    const PLATFORM = new Set(['VERCEL'])
    const doctor = variablesRead(join(root, 'packages/server/src/doctor'))
    const route = variablesRead(join(root, 'apps/next-example/app'))
    expect(route.size).toBeGreaterThan(3)
    const unread = [...route].filter((name) => !doctor.has(name) && !PLATFORM.has(name))
    expect(unread, 'the doctor would check a setting the example does not give it').toEqual([])
  })
})

describe("the widget's weight", () => {
  it('every document shows the one figure pnpm size wrote to size.json', async () => {
    // @ts-expect-error: a script without types
    const size = await import('../scripts/size.mjs')
    const sizes = JSON.parse(readFileSync(size.SIZE_FILE, 'utf8'))
    const figures = size.sizeFigures(sizes) as Record<string, string>
    let marks = 0
    for (const document of size.SIZE_DOCUMENTS as string[]) {
      for (const match of readFileSync(document, 'utf8').matchAll(size.SIZE_MARK as RegExp)) {
        marks++
        expect(match[0], document).toBe(
          `<!-- size:${match[1]} -->${figures[match[1]!]}<!-- /size -->`,
        )
      }
    }
    expect(marks).toBeGreaterThanOrEqual(3)
  })

  it('the READMEs name the budget pnpm size holds the widget to, not one of their own', async () => {
    // @ts-expect-error: a script without types
    const size = await import('../scripts/size.mjs')
    for (const readme of ['README.md', 'packages/react/README.md']) {
      const text = readFileSync(join(root, readme), 'utf8')
      const kinds = [...text.matchAll(size.SIZE_MARK as RegExp)].map((match) => match[1])
      expect(kinds, readme).toEqual(expect.arrayContaining(['budget-initial', 'budget-total']))
    }
    expect(size.sizeFigures({ initial: 0, total: 0 })).toMatchObject({
      'budget-initial': `${(size.BUDGET.initial / 1024).toFixed(1)} kB`,
      'budget-total': `${(size.BUDGET.total / 1024).toFixed(1)} kB`,
    })
  })
})
