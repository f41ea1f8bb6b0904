// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
afterAll(() => rmSync(work, { recursive: true, force: true }))

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
    for (const [index, block] of blocks.entries()) {
      const file = join(work, `${index}-${block.readme.replace(/\W+/g, '-')}`, block.path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, block.source)
    }
    writeFileSync(join(work, 'partner.d.ts'), PARTNER)
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { types: ['node'], noEmit: true },
        include: ['**/*.ts', '**/*.tsx'],
      }),
    )
    const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', work], { encoding: 'utf8' })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    expect(output).toBe('')
  }, 120_000)
})
