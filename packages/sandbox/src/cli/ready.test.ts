import { afterEach, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../server.js'
import { readyLines } from './ready.js'

const GIVEN = 'whsec_given_by_the_operator_0123456789'

let sandbox: Sandbox | undefined
afterEach(async () => {
  await sandbox?.stop()
  sandbox = undefined
})

function readyJson(lines: string[]): Record<string, unknown> {
  const last = lines.at(-1) ?? ''
  expect(last.startsWith('RAMP_SANDBOX_READY ')).toBe(true)
  return JSON.parse(last.slice('RAMP_SANDBOX_READY '.length))
}

const info = { readyMs: 1, webhookUrl: null, generatedKeys: false }

describe('readyLines', () => {
  it('never prints a webhook secret that was given', async () => {
    sandbox = await startSandbox({ port: 0, chain: false, webhookSecret: GIVEN })
    expect(sandbox.webhookSecret).toBe(GIVEN)
    const lines = readyLines(sandbox, { ...info, generatedSecret: false })
    expect(lines.join('\n')).not.toContain(GIVEN)
    expect(lines.join('\n')).toContain('(as given)')
    const ready = readyJson(lines)
    expect(ready).not.toHaveProperty('webhookSecret')
    // What harnesses read is still there.
    expect(ready).toMatchObject({ url: sandbox.url, apiKeys: sandbox.apiKeys })
  })

  it('prints a generated webhook secret on the human line and in the JSON', async () => {
    sandbox = await startSandbox({ port: 0, chain: false })
    const lines = readyLines(sandbox, { ...info, generatedSecret: true })
    expect(lines.join('\n')).toContain(`${sandbox.webhookSecret} (generated)`)
    expect(readyJson(lines).webhookSecret).toBe(sandbox.webhookSecret)
    expect(sandbox.webhookSecret).toMatch(/^whsec_/)
  })
})
