import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort } from '@rampkit/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxChainError } from './errors.js'
import { startChain } from './startChain.js'
import type { SandboxChain } from './types.js'

let chain: SandboxChain

beforeAll(async () => {
  chain = await startChain()
})

afterAll(async () => {
  await chain?.stop()
})

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function chainIdAt(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  return ((await response.json()) as { result: string }).result
}

describe('startChain', () => {
  it('starts anvil on a free loopback port with the default chain id', () => {
    expect(chain.pid).toBeTypeOf('number')
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.chainId).toBe(31337)
  })

  it('gives a second chain in the same process its own port', async () => {
    const second = await startChain({ chainId: 31338 })
    try {
      expect(second.rpcUrl).not.toBe(chain.rpcUrl)
      expect(second.pid).not.toBe(chain.pid)
      expect(await chainIdAt(second.rpcUrl)).toBe('0x7a6a')
      expect(await chainIdAt(chain.rpcUrl)).toBe('0x7a69')
    } finally {
      await second.stop()
    }
  })

  it('listens on the port it is given, and says so clearly when that port is taken', async () => {
    const port = await freePort()
    const onPort = await startChain({ port })
    try {
      expect(onPort.rpcUrl).toBe(`http://127.0.0.1:${port}`)
      const error = await startChain({ port }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(SandboxChainError)
      expect((error as Error).message).toMatch(/anvil exited before it was ready[\s\S]*in use/i)
    } finally {
      await onPort.stop()
    }
  })

  it('deploys onto an existing chain given by rpcUrl and leaves it running on stop()', async () => {
    const attached = await startChain({ rpcUrl: chain.rpcUrl })
    expect(attached.pid).toBeUndefined()
    expect(attached.chainId).toBe(chain.chainId)
    // Fresh contracts, deployed at the operator's later nonces.
    expect(attached.spender).not.toBe(chain.spender)
    const usdc = attached.tokens.find((token) => token.symbol === 'USDC')
    expect(usdc && (await attached.balanceOf(usdc.address, attached.spender))).toBe(10n ** 12n)

    await attached.stop()
    expect(await chainIdAt(chain.rpcUrl)).toBe('0x7a69')
    expect(isAlive(chain.pid ?? -1)).toBe(true)
  })

  it('refuses an rpcUrl chain whose id differs from the one asked for', async () => {
    await expect(startChain({ rpcUrl: chain.rpcUrl, chainId: 1 })).rejects.toThrow(
      /chain id 31337, not the requested 1/,
    )
  })

  it('says which URL did not answer when rpcUrl points at nothing', async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    await expect(startChain({ rpcUrl: url })).rejects.toThrow(url)
  })

  it('stop() kills the anvil process and can be called again', async () => {
    const pid = chain.pid
    if (pid === undefined) throw new Error('the chain should have started anvil')
    expect(isAlive(pid)).toBe(true)

    await chain.stop()
    expect(isAlive(pid)).toBe(false)
    await expect(chainIdAt(chain.rpcUrl)).rejects.toThrow()
    await expect(chain.stop()).resolves.toBeUndefined()
  })

  it('kills anvil when the process exits without calling stop()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampkit-chain-'))
    const script = join(dir, 'forgotten-stop.mts')
    const entry = pathToFileURL(join(import.meta.dirname, 'index.ts')).href
    writeFileSync(
      script,
      `import { startChain } from ${JSON.stringify(entry)}\n` +
        'const chain = await startChain()\nconsole.log(chain.pid)\n',
    )
    try {
      // No stop() and no process.exit(): the child must still end by itself, and take anvil along.
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', script],
          { cwd: join(import.meta.dirname, '..', '..'), timeout: 20_000 },
          (error, out) => (error ? reject(error) : resolve(out)),
        )
      })
      const pid = Number(stdout.trim())
      expect(pid).toBeGreaterThan(0)
      // The orphaned anvil is reaped by init, not by us: give that a moment.
      const deadline = Date.now() + 3_000
      while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(isAlive(pid)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
