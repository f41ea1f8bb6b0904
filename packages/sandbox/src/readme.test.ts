import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from './server.js'

/**
 * The documented walkthrough is a test: every fenced `sh` block under "## Walkthrough" of the
 * site's page on the sandbox (the README links to it) is joined into one bash script and run
 * with curl and jq against a fresh sandbox, so the documented requests and answers cannot drift
 * from the service.
 */
const README = new URL('../../../apps/docs/pages/guides/sandbox-service.md', import.meta.url)

/** The `sh` blocks of the walkthrough section, in order. */
function walkthroughBlocks(markdown: string): string[] {
  const start = markdown.indexOf('\n## Walkthrough')
  if (start === -1) return []
  const end = markdown.indexOf('\n## ', start + 1)
  const section = markdown.slice(start, end === -1 ? undefined : end)
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '')
}

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, speed: 0 })
})
afterAll(async () => {
  await sandbox?.stop()
})

describe('the documented walkthrough', () => {
  it('has the walkthrough blocks', () => {
    expect(walkthroughBlocks(readFileSync(README, 'utf8')).length).toBeGreaterThanOrEqual(6)
  })

  it('runs with bash, curl and jq against a started sandbox', async () => {
    const tools = spawnSync('bash', ['-c', 'command -v curl && command -v jq'])
    expect(tools.status, 'the walkthrough needs curl and jq on PATH').toBe(0)
    const script = ['set -euo pipefail', ...walkthroughBlocks(readFileSync(README, 'utf8'))].join(
      '\n',
    )
    const child = spawn('bash', ['-c', script], {
      env: {
        ...process.env,
        RAMP_URL: sandbox.url,
        RAMP_API_KEY: sandbox.apiKeys[0],
        RAMP_RPC_URL: sandbox.chain?.rpcUrl,
      },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code, output).toBe(0)
    expect(output).toMatch(/"status": "settled"/)
    expect(output).toMatch(/insufficient_allowance/)
    expect(output).toMatch(/walkthrough complete/)
  })
})
