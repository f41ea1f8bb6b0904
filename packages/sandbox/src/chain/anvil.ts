import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { SandboxChainError } from './errors.js'

// The @foundry-rs/anvil wrapper ships the binary in one optional package per platform.
const PLATFORM_PACKAGES: Record<string, string> = {
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

const READY_TIMEOUT_MS = 10_000
const POLL_INTERVAL_MS = 10
const STOP_GRACE_MS = 3_000
const OUTPUT_TAIL_LINES = 20

/**
 * The path of the anvil binary installed by `@foundry-rs/anvil` for this platform. Spawning it
 * directly (not through the package's `bin.mjs` or npx) leaves one process to kill, with no node
 * wrapper in between that could outlive a stop.
 *
 * @example
 * const binary = resolveAnvilBinary() // …/@foundry-rs/anvil-linux-amd64/bin/anvil
 */
export function resolveAnvilBinary(): string {
  const key = `${process.platform}-${process.arch}`
  const platformPackage = PLATFORM_PACKAGES[key]
  if (!platformPackage) {
    throw new SandboxChainError(
      'start',
      `anvil has no npm build for ${key}; start anvil (or any dev chain) yourself and pass its URL as rpcUrl`,
    )
  }
  const require = createRequire(import.meta.url)
  let binary: string
  try {
    // The platform package is a dependency of the wrapper, not of this package: under pnpm it
    // only resolves from the wrapper's own location.
    const wrapperManifest = require.resolve('@foundry-rs/anvil/package.json')
    const platformManifest = createRequire(wrapperManifest).resolve(
      `${platformPackage}/package.json`,
    )
    binary = join(
      dirname(platformManifest),
      'bin',
      process.platform === 'win32' ? 'anvil.exe' : 'anvil',
    )
  } catch (cause) {
    throw new SandboxChainError(
      'start',
      `cannot find ${platformPackage}: reinstall with optional dependencies (pnpm install) so @foundry-rs/anvil gets its binary`,
      { cause },
    )
  }
  if (!existsSync(binary)) {
    throw new SandboxChainError(
      'start',
      `the anvil binary is missing at ${binary}; reinstall @foundry-rs/anvil`,
    )
  }
  return binary
}

/** Options of `launchAnvil`; see `StartChainOptions` for their meaning. */
export interface LaunchAnvilOptions {
  host: string
  port: number
  chainId: number
  blockTime: number | undefined
  mnemonic: string
  accounts: number
}

/** A running anvil child process started by `launchAnvil`. */
export interface AnvilProcess {
  pid: number
  port: number
  rpcUrl: string
  /** Kills the process (SIGTERM, then SIGKILL after a grace period) and waits for its exit. */
  stop(): Promise<void>
}

// Children still running, killed synchronously if the parent exits without calling stop().
const liveChildren = new Set<ChildProcess>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of liveChildren) child.kill('SIGKILL')
  })
}

/**
 * Starts anvil and resolves once it answers `eth_chainId`. With port 0 anvil binds a free port
 * itself and we read it from its "Listening on" line: choosing a port in node and handing it over
 * races with other processes (parallel test files) that may take it in between.
 *
 * @example
 * const anvil = await launchAnvil({ host: '127.0.0.1', port: 0, chainId: 31337, blockTime: undefined, mnemonic, accounts: 11 })
 */
export async function launchAnvil(options: LaunchAnvilOptions): Promise<AnvilProcess> {
  const binary = resolveAnvilBinary()
  const args = [
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
    '--mnemonic',
    options.mnemonic,
    '--accounts',
    String(options.accounts),
    // Anvil's own colours would end up in our error messages as escape codes.
    '--color',
    'never',
  ]
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))

  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const tail: string[] = []
  const remember = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (line.trim() === '') continue
      // Anvil's banner lists the accounts' private keys and the mnemonic: keep them out of errors.
      tail.push(
        line.replaceAll(options.mnemonic, '<mnemonic>').replace(/0x[0-9a-fA-F]{64}/g, '<key>'),
      )
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift()
    }
  }
  const describeTail = (): string =>
    tail.length === 0 ? '(anvil printed nothing)' : tail.map((line) => `  ${line}`).join('\n')

  child.stderr?.on('data', remember)

  let stdoutBuffer = ''
  const onStdout = (chunk: Buffer): void => {
    remember(chunk)
    stdoutBuffer = (stdoutBuffer + chunk.toString('utf8')).slice(-4096)
  }
  child.stdout?.on('data', onStdout)

  const deadline = Date.now() + READY_TIMEOUT_MS
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new SandboxChainError(
            'start',
            `anvil did not start listening within ${READY_TIMEOUT_MS / 1000} s. Last output:\n${describeTail()}`,
          ),
        )
      }, READY_TIMEOUT_MS)
      const check = (): void => {
        const match = /Listening on \S*:(\d+)/.exec(stdoutBuffer)
        if (!match) return
        cleanup()
        resolve(Number(match[1]))
      }
      const onError = (cause: Error): void => {
        cleanup()
        reject(
          new SandboxChainError('start', `cannot run anvil (${binary}): ${cause.message}`, {
            cause,
          }),
        )
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        cleanup()
        reject(
          new SandboxChainError(
            'start',
            `anvil exited before it was ready (${signal ?? `code ${code}`}). Last output:\n${describeTail()}`,
          ),
        )
      }
      const cleanup = (): void => {
        clearTimeout(timer)
        child.stdout?.off('data', check)
        child.off('error', onError)
        child.off('exit', onExit)
      }
      child.stdout?.on('data', check)
      child.once('error', onError)
      child.once('exit', onExit)
    })

    const rpcUrl = `http://${formatHost(options.host)}:${port}`
    await waitForRpc(rpcUrl, child, describeTail, deadline)

    // From here on anvil logs one line per RPC call: keep only the tail for error messages.
    child.stdout?.off('data', onStdout)
    child.stdout?.on('data', remember)
    stdoutBuffer = ''

    liveChildren.add(child)
    installExitHook()
    // A forgotten stop() must not keep the parent alive: the exit hook kills anvil instead.
    child.unref()
    unrefStream(child.stdout)
    unrefStream(child.stderr)

    let stopping: Promise<void> | undefined
    const pid = child.pid
    if (pid === undefined)
      throw new SandboxChainError('start', 'anvil started without a process id')
    return {
      pid,
      port,
      rpcUrl,
      stop: () => {
        stopping ??= killAndWait(child).finally(() => liveChildren.delete(child))
        return stopping
      },
    }
  } catch (error) {
    await killAndWait(child)
    throw error
  }
}

async function waitForRpc(
  rpcUrl: string,
  child: ChildProcess,
  describeTail: () => string,
  deadline: number,
): Promise<void> {
  let lastError: unknown
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new SandboxChainError(
        'start',
        `anvil exited while starting. Last output:\n${describeTail()}`,
      )
    }
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      })
      const body = (await response.json()) as { result?: unknown }
      if (typeof body.result === 'string') return
      lastError = new Error(`unexpected eth_chainId answer ${JSON.stringify(body)}`)
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
  }
  throw new SandboxChainError(
    'start',
    `anvil at ${rpcUrl} did not answer eth_chainId within ${READY_TIMEOUT_MS / 1000} s (${String(lastError)}). Last output:\n${describeTail()}`,
    { cause: lastError },
  )
}

async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const escalation = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  try {
    await exited
  } finally {
    clearTimeout(escalation)
  }
}

function unrefStream(stream: unknown): void {
  if (stream && typeof (stream as { unref?: unknown }).unref === 'function') {
    ;(stream as { unref(): void }).unref()
  }
}

function formatHost(host: string): string {
  // Anvil listening on every interface is still reached through loopback.
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}
