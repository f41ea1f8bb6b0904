import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync, mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '../../..')
export const resultsDir = join(repoRoot, 'test-results/partner-apps')

/**
 * npm's cache, kept between runs (CI's machine keeps its home): installs read it first
 * (`prefer-offline`), so only a version new since the last run comes from the registry.
 */
export const npmCache =
  process.env.RAMPKIT_PARTNER_APPS_CACHE ?? join(homedir(), '.cache/rampkit-partner-apps/npm')

/**
 * The environment of a partner's shell: no variable of this workspace (pnpm's `npm_config_*`,
 * its `node_modules/.bin` on PATH, Vitest's), no secret (RAMP_*, SESSION_SECRET), npm's cache.
 * `extra` is added on top.
 */
export function partnerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = ['HOME', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'USER', 'SHELL', 'CI']
  const env: NodeJS.ProcessEnv = {}
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name]
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry && !entry.startsWith(repoRoot) && !entry.includes('node_modules'))
    .join(delimiter)
  return {
    ...env,
    npm_config_cache: npmCache,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    ...extra,
  }
}

function log(file: string, text: string) {
  mkdirSync(resultsDir, { recursive: true })
  appendFileSync(join(resultsDir, file), text)
}

/**
 * Runs a command to its end, its output appended to test-results/partner-apps/<logFile>.
 * Resolves with the output and the seconds it took; rejects with the output's tail on a
 * non-zero exit or after `timeoutMs`.
 */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs?: number },
): Promise<{ output: string; seconds: number }> {
  const started = performance.now()
  const child = start(command, args, options)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void child.stop()
  }, options.timeoutMs ?? 240_000)
  const code = await child.exited
  clearTimeout(timer)
  const seconds = Math.round((performance.now() - started) / 100) / 10
  log(options.logFile, `[exit ${code} after ${seconds} s]\n`)
  const output = child.output()
  if (timedOut) throw new Error(`${command} ${args.join(' ')}: no end in ${options.timeoutMs} ms`)
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4_000)}`)
  }
  return { output, seconds }
}

/** A long-running process of the suite (a server, the sandbox): its output and how to stop it. */
export type Started = {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>
  stop: () => Promise<void>
}

/** Starts a process in a group of its own, its output appended to the log file. */
export function start(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): Started {
  log(options.logFile, `\n$ ${command} ${args.join(' ')}   (in ${options.cwd})\n`)
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const listeners = new Set<() => void>()
  const take = (chunk: Buffer) => {
    output += String(chunk)
    log(options.logFile, String(chunk))
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', resolve)
    // A command that cannot start (not installed): its reason is the output, the code 127.
    child.on('error', (error) => {
      take(Buffer.from(`${error.message}\n`))
      resolve(127)
    })
  })
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output)
          if (!match) return
          done()
          resolve(match)
        }
        const timer = setTimeout(() => {
          done()
          reject(
            new Error(`${command}: no ${pattern} in ${timeoutMs} ms:\n${output.slice(-4_000)}`),
          )
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        void exited.then((code) => {
          if (!listeners.has(check)) return
          done()
          reject(new Error(`${command} exited (${code}):\n${output.slice(-4_000)}`))
        })
        check()
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      stopGroup(child, 'SIGTERM')
      const timer = setTimeout(() => stopGroup(child), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // already gone
  }
}

/** Resolves once `url` answers below 500; rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
