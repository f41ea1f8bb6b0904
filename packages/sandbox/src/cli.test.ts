import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../../', import.meta.url).pathname

type Ready = {
  url: string
  apiKeys: string[]
  webhookSecret?: string
  chainId: number
  rpcUrl: string
  spender: string
  tokens: { symbol: string; decimals: number }[]
}

/** Starts `pnpm sandbox` in its own process group and resolves with its READY line. */
function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn('pnpm', ['sandbox', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = new Promise<{ ready: Ready }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const line = output.split('\n').find((entry) => entry.startsWith('RAMP_SANDBOX_READY '))
      if (line) resolve({ ready: JSON.parse(line.slice('RAMP_SANDBOX_READY '.length)) })
    })
    child.stderr.on('data', (chunk) => (output += chunk))
    void exited.then((code) => reject(new Error(`exited with ${code} before ready:\n${output}`)))
  })
  return { child, ready, exited, output: () => output }
}

/** A port free on 127.0.0.1 a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('ramp-sandbox CLI', () => {
  it('starts anvil (on --anvil-port) and the service, prints READY, serves each key, and stops cleanly on SIGTERM', async () => {
    const anvilPort = await freePort()
    const cli = startCli(
      [
        '--port',
        '0',
        '--speed',
        '0',
        '--anvil-port',
        String(anvilPort),
        '--api-key',
        'is_test_cli_a',
        '--api-key',
        'is_test_cli_b',
      ],
      { RAMP_SANDBOX_WEBHOOK_SECRET: 'whsec_cli_given_secret' },
    )
    try {
      const { ready } = await cli.ready
      expect(ready.rpcUrl).toBe(`http://127.0.0.1:${anvilPort}`)
      expect(ready.apiKeys).toEqual(['is_test_cli_a', 'is_test_cli_b'])
      // A given secret stays off stdout and stderr: the caller has it. (The variable, not the
      // flag: pnpm echoes a script's arguments.)
      expect(ready).not.toHaveProperty('webhookSecret')
      expect(cli.output()).toContain('webhook secret  (as given)')
      expect(cli.output()).not.toContain('whsec_cli_given_secret')
      expect(ready.chainId).toBe(31337)
      expect(ready.tokens.map((token) => token.decimals)).toEqual([6, 6, 18])
      expect(cli.output()).toContain(ready.url)
      for (const key of ready.apiKeys) {
        const response = await fetch(`${ready.url}/orders/me`, { headers: { 'X-API-Key': key } })
        expect(response.status).toBe(200)
      }
      process.kill(-cli.child.pid!, 'SIGTERM')
      await cli.exited
      // The chain went down with it.
      await expect(
        fetch(ready.rpcUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(2_000) }),
      ).rejects.toThrow()
      await expect(
        fetch(`${ready.url}/meta/tokens`, { signal: AbortSignal.timeout(2_000) }),
      ).rejects.toThrow()
    } finally {
      try {
        process.kill(-cli.child.pid!, 'SIGKILL')
      } catch {}
    }
  })

  it('generates and prints a key when none is given, and exits 2 on a bad flag', async () => {
    // Blank variables count as unset: whatever the calling shell exports, keys and secret are generated.
    const cli = startCli(['--port', '0', '--quiet'], {
      RAMP_SANDBOX_API_KEYS: '',
      RAMP_API_KEY: '',
      RAMP_SANDBOX_WEBHOOK_SECRET: '',
      RAMP_WEBHOOK_SECRET: '',
    })
    try {
      const { ready } = await cli.ready
      expect(ready.apiKeys).toHaveLength(1)
      expect(ready.apiKeys[0]).toMatch(/^is_test_[0-9a-f]{32}$/)
      // A generated secret is printed: nobody else knows it.
      expect(ready.webhookSecret).toMatch(/^whsec_/)
      expect(
        cli
          .output()
          .trim()
          .split('\n')
          .filter((line) => line.startsWith('RAMP_SANDBOX_READY')),
      ).toHaveLength(1)
      process.kill(-cli.child.pid!, 'SIGINT')
      await cli.exited
    } finally {
      try {
        process.kill(-cli.child.pid!, 'SIGKILL')
      } catch {}
    }
    const bad = startCli(['--port', 'nope'])
    await expect(bad.ready).rejects.toThrow(/--port must be/)
    expect(await bad.exited).not.toBe(0)
  })
})
