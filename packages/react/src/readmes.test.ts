// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Every code block of the READMEs that is a file a partner copies (a `ts` or `tsx` block whose
 * first line is a comment naming the file: `// app/page.tsx`) is written out as that file and
 * type-checked by tsc against the packages, so the docs cannot drift from the API. The
 * partner's own functions the snippets call (`fulfil`, `auth`, `show`) are declared here.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url))
const READMES = [
  'README.md',
  'packages/core/README.md',
  'packages/server/README.md',
  'packages/react/README.md',
  'packages/sandbox/README.md',
]
/**
 * The documentation site's pages (every `.md` under `apps/docs/pages`): their file blocks are checked the
 * same way, in a folder inside `apps/docs`, whose devDependencies are the frameworks the recipes
 * use (next, react-router, express, vite).
 */
const docsPages = join(root, 'apps/docs/pages')
const DOCS_PAGES = readdirSync(docsPages, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => `apps/docs/pages/${file}`)
const FILE_BLOCK = /^```(tsx?)\n\/\/ ([\w./[\]-]+\.tsx?)\b[^\n]*\n([\s\S]*?)^```$/gm

/** The file blocks of one README: the path the block names and its text (the path line kept). */
export function fileBlocks(markdown: string): { path: string; source: string }[] {
  return [...markdown.matchAll(FILE_BLOCK)].map((match) => ({
    path: match[2] ?? '',
    source: `// ${match[2]}\n${match[3]}`,
  }))
}

// The partner's code the snippets stand for, and the stylesheet import a bundler handles.
const PARTNER = `declare function fulfil(owner: string | null, order: unknown, deliveryId?: string): Promise<void>
declare function auth(request: Request): Promise<{ userId: string } | null>
declare function show(order: unknown): void
declare module '*.css'
`

// Inside this package, so the snippets resolve @rampkit/*, hono and react as a partner's app does.
const work = mkdtempSync(join(fileURLToPath(new URL('../', import.meta.url)), '.readme-files-'))
const docsWork = mkdtempSync(join(root, 'apps/docs/.page-files-'))
afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(docsWork, { recursive: true, force: true })
})

/**
 * Writes each block as its file under `dir` with a tsconfig, runs tsc; returns its output. With
 * `byPage`, the files of one page share a folder, so a recipe's route may import its other file.
 */
function typeCheck(
  dir: string,
  blocks: { readme: string; path: string; source: string }[],
  byPage = false,
) {
  for (const [index, block] of blocks.entries()) {
    const folder = block.readme.replace(/\W+/g, '-')
    const file = join(dir, byPage ? folder : `${index}-${folder}`, block.path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, block.source)
  }
  writeFileSync(join(dir, 'partner.d.ts'), PARTNER)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: { types: ['node'], noEmit: true },
      include: ['**/*.ts', '**/*.tsx'],
    }),
  )
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
  try {
    execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' })
    return ''
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
  }
}

describe('README files', () => {
  const blocks = READMES.flatMap((readme) =>
    fileBlocks(readFileSync(join(root, readme), 'utf8')).map((block) => ({ readme, ...block })),
  )

  it('finds the files of each README', () => {
    const count = (readme: string) => blocks.filter((block) => block.readme === readme).length
    expect(count('README.md')).toBeGreaterThanOrEqual(3)
    expect(count('packages/core/README.md')).toBeGreaterThanOrEqual(2)
    expect(count('packages/server/README.md')).toBeGreaterThanOrEqual(2)
    expect(count('packages/react/README.md')).toBeGreaterThanOrEqual(1)
    // The page is a client component: the first statement is the directive.
    for (const block of blocks.filter((b) => b.path.endsWith('page.tsx'))) {
      expect(block.source.split('\n')[1], `${block.readme} ${block.path}`).toBe("'use client'")
    }
  })

  it('type-checks every one with tsc', () => {
    expect(typeCheck(work, blocks)).toBe('')
  }, 120_000)
})

describe('docs site files', () => {
  const blocks = DOCS_PAGES.flatMap((page) =>
    fileBlocks(readFileSync(join(root, page), 'utf8')).map((block) => ({ readme: page, ...block })),
  )

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
