import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as entry from './index.js'

const here = dirname(fileURLToPath(import.meta.url))

/** Every file the main entry reaches through relative imports. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    importGraph(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')), seen)
  }
  return seen
}

describe('@rampkit/server entry', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "DEFAULT_WEBHOOK_MAX_BYTES",
        "anonymousSession",
        "canMoveOrder",
        "consoleLogger",
        "createDeliveryJournal",
        "createRampHandler",
        "createWorker",
        "ingestWebhook",
        "memoryBus",
        "memoryCustomerLinks",
        "memoryStore",
        "nodeServerTimeouts",
      ]
    `)
  })

  it('reaches no Node-only API, so the handler runs on edge runtimes', () => {
    const offenders: string[] = []
    for (const file of importGraph(join(here, 'index.ts'))) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        // A type-only import is erased at build time: it loads nothing on any runtime.
        .replace(/^import type [^;]*?from '[^']+'$/gm, '')
      if (/from 'node:|require\(|\bBuffer\b|\bprocess\./.test(code)) offenders.push(file)
    }
    expect(offenders).toEqual([])
  })
})
