import { afterEach, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from './server.js'

const KEY = 'is_test_latency_key'
const running: Sandbox[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.stop()))
})

async function catalog(sandbox: Sandbox) {
  const response = await fetch(`${sandbox.url}/api/v1/partner/catalog?country=KE`, {
    headers: { 'X-API-Key': KEY },
  })
  return { status: response.status, body: await response.json() }
}

describe('startSandbox latencyMs', () => {
  it('answers as without it, after the wait', async () => {
    const plain = await startSandbox({ port: 0, chain: false, apiKeys: [KEY] })
    running.push(plain)
    const slow = await startSandbox({ port: 0, chain: false, apiKeys: [KEY], latencyMs: 20 })
    running.push(slow)
    const [a, b] = await Promise.all([catalog(plain), catalog(slow)])
    expect(b.status).toBe(200)
    expect(b).toEqual(a)
  })

  it('refuses a latency that is not an integer from 0 to 60000, and starts nothing', async () => {
    for (const latencyMs of [-1, 1.5, 60_001, Number.NaN]) {
      await expect(
        startSandbox({ port: 0, chain: false, apiKeys: [KEY], latencyMs }),
      ).rejects.toThrow(/latencyMs must be an integer from 0 to 60000/)
    }
  })
})
