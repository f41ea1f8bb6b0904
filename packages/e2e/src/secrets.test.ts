import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot } from './setup/demo.js'
import { demo } from './shop.js'

/** `node scripts/scan-secrets.mjs …` with the given canaries; its exit code and output. */
function scanSecrets(paths: string[], canaries: Record<string, string> = {}) {
  const inherited = { ...process.env }
  for (const name of ['RAMP_API_KEY', 'RAMP_WEBHOOK_SECRET', 'SESSION_SECRET']) {
    delete inherited[name]
  }
  const result = spawnSync(process.execPath, ['scripts/scan-secrets.mjs', ...paths], {
    cwd: repoRoot,
    env: { ...inherited, ...canaries },
    encoding: 'utf8',
  })
  const figures = /\[security\] (\{.*\})/.exec(result.stdout)?.[1]
  return {
    code: result.status,
    output: result.stdout + result.stderr,
    figures: figures ? (JSON.parse(figures) as { files: number; hits: number }) : null,
  }
}

const scratch = await mkdtemp(join(tmpdir(), 'rampkit-secrets-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

describe('scripts/scan-secrets.mjs', () => {
  test('finds a key-shaped string, a webhook secret and an exact canary, and never prints them', async () => {
    const key = 'is_test_planted0123456789'
    const secret = 'whsec_planted_abcdefghijkl'
    const canary = 'canary-0f1e2d3c4b5a'
    await writeFile(join(scratch, 'bundle.js'), `const a="${key}";\nconst b='${secret}';`)
    await writeFile(join(scratch, 'log.txt'), `line one\nsession ${canary}\n`)
    const result = scanSecrets([scratch], { SESSION_SECRET: canary })
    expect(result.code).toBe(1)
    expect(result.figures).toMatchObject({ files: 2, hits: 3 })
    expect(result.output).toContain('bundle.js:1')
    expect(result.output).toContain('bundle.js:2')
    expect(result.output).toContain('log.txt:2')
    for (const value of [key, secret, canary]) expect(result.output).not.toContain(value)
  })

  test('passes a clean tree and refuses a path that does not exist', async () => {
    const clean = join(scratch, 'clean')
    await rm(clean, { recursive: true, force: true })
    await mkdir(clean)
    await writeFile(join(clean, 'app.js'), 'console.log("is_test_ is only a prefix")')
    expect(scanSecrets([clean]).code).toBe(0)
    expect(scanSecrets([join(scratch, 'missing')]).code).toBe(2)
  })
})

test('the storefront bundle the demo built holds neither its API key nor its webhook secret', () => {
  const { apiKey, webhookSecret } = demo()
  // The demo built the front with both in its environment (RAMP_API_KEY, RAMP_WEBHOOK_SECRET).
  const result = scanSecrets([join(repoRoot, 'apps/storefront/dist')], {
    RAMP_API_KEY: apiKey,
    RAMP_WEBHOOK_SECRET: webhookSecret,
  })
  expect(result.figures?.files).toBeGreaterThan(2)
  expect(result.output).toMatch(/"hits":0/)
  expect(result.code).toBe(0)
})
