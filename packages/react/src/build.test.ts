// @vitest-environment node
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { bundle } from '../scripts/build.mjs'

type Output = { path: string; text: string }

describe('the built package', () => {
  it("keeps 'use client' at the top of every output file", async () => {
    const result = (await bundle({ write: false, outdir: '/virtual/dist' })) as {
      outputFiles: Output[]
    }
    const js = result.outputFiles.filter((file) => file.path.endsWith('.js'))
    expect(js.map((file) => file.path.replace('/virtual/dist/', '')).sort()).toEqual(
      expect.arrayContaining(['index.js', 'hooks/index.js']),
    )
    for (const file of js) expect(file.text.startsWith("'use client';")).toBe(true)
  })

  it('leaves the peers and core external', async () => {
    const result = (await bundle({ write: false, outdir: '/virtual/dist' })) as {
      outputFiles: Output[]
    }
    const text = result.outputFiles.map((file) => file.text).join('\n')
    for (const name of ['react', 'wagmi', '@tanstack/react-query', '@rampkit/core/checkout']) {
      expect(text).toContain(`from "${name}"`)
    }
    // Only core's browser entries: never its root (the zod schemas), client or webhooks.
    const core = [...text.matchAll(/from "(@rampkit\/core[^"]*)"/g)].map((match) => match[1])
    expect([...new Set(core)].sort()).toEqual([
      '@rampkit/core/checkout',
      '@rampkit/core/errors',
      '@rampkit/core/kit',
      '@rampkit/core/kit/query',
      '@rampkit/core/units',
      '@rampkit/core/validation',
    ])
    // Phone numbers are parsed by the widget's own rules (src/phone/parse.ts), not the library.
    expect(text).not.toContain('libphonenumber-js')
  })
})
