import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A fenced code block of a README: its language, text, and the line its fence opens on. */
export type Block = { readme: string; lang: string; code: string; line: number }

/** Every fenced code block of `readme` (a path from the repository's root), in order. */
export function readmeBlocks(root: string, readme: string): Block[] {
  const lines = readFileSync(join(root, readme), 'utf8').split('\n')
  const blocks: Block[] = []
  let open: { lang: string; line: number; body: string[] } | undefined
  lines.forEach((text, index) => {
    const fence = /^```(\S*)\s*$/.exec(text)
    if (!open && fence) {
      open = { lang: fence[1] ?? '', line: index + 1, body: [] }
    } else if (open && /^```\s*$/.test(text)) {
      blocks.push({ readme, lang: open.lang, code: `${open.body.join('\n')}\n`, line: open.line })
      open = undefined
    } else if (open) {
      open.body.push(text)
    }
  })
  return blocks
}

/**
 * The first TypeScript block of `readme` holding every string of `holds`: the snippet a partner
 * copies. Fails naming the README when none does, so a rewritten README shows here first.
 */
export function readmeBlock(root: string, readme: string, holds: string[]): Block {
  const found = readmeBlocks(root, readme).find(
    (block) => /^(ts|tsx)$/.test(block.lang) && holds.every((text) => block.code.includes(text)),
  )
  if (!found) {
    throw new Error(
      `${readme} has no ts/tsx block holding ${holds.map((h) => `"${h}"`).join(', ')}`,
    )
  }
  return found
}

/**
 * The snippet with the app's own helpers imported (what a README leaves to the app: `fulfil`,
 * `show`, `auth`...), after a leading directive such as `'use client'`, which must stay first.
 * Only the helpers the snippet names are imported.
 */
export function withHelpers(code: string, from: string, helpers: string[]): string {
  // A helper the snippet imports itself (from the partner's module it names) is not added.
  const imported = (name: string) => new RegExp(`^import [^\\n]*\\b${name}\\b`, 'm').test(code)
  const used = helpers.filter((name) => new RegExp(`\\b${name}\\(`).test(code) && !imported(name))
  if (used.length === 0) return code
  // The file's leading comments (`// app/page.tsx`), then its directive if any.
  const head = /^(?:\s*\/\/[^\n]*\n)*(?:\s*(['"])use (?:client|server)\1;?[^\n]*\n)?/.exec(code)![0]
  return `${head}import { ${used.join(', ')} } from '${from}'\n${code.slice(head.length)}`
}

/**
 * A page module from a page snippet: the snippet itself when it is a module (it exports its
 * page), else its imports and its JSX wrapped in `export default function Page()`, nothing
 * added: a snippet that needs `'use client'` and lacks it fails as it would for a partner.
 */
export function pageModule(code: string): string {
  if (/\bexport\s+default\b/.test(code)) return code
  const imports: string[] = []
  const jsx: string[] = []
  for (const line of code.split('\n')) {
    if (jsx.length === 0 && (/^import\s/.test(line) || line.trim() === '')) imports.push(line)
    else jsx.push(line)
  }
  const body = jsx.join('\n').trim()
  if (!body.startsWith('<'))
    throw new Error(`the page snippet is neither a module nor JSX:\n${code}`)
  return `${imports.join('\n').trim()}\n\nexport default function Page() {\n  return (\n    <>\n${body}\n    </>\n  )\n}\n`
}

/**
 * A server snippet that listens where the test says: its `port: 3000` (Hono's `serve`) or
 * `.listen(3000` (Express) read from `PORT`. A snippet that already reads `process.env.PORT` is
 * left as it is.
 */
export function listenOnEnvPort(code: string): string {
  if (code.includes('process.env.PORT')) return code
  const port = /\bport: 3000\b|\.listen\(3000\b/
  const found = port.exec(code)?.[0]
  if (!found) {
    throw new Error(`the server snippet has no "port: 3000" to point at the test's port:\n${code}`)
  }
  return code.replace(port, found.replace('3000', 'Number(process.env.PORT)'))
}
