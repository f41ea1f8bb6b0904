import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = join(benchDir, '..')
export const resultsDir = join(benchDir, 'results')

/** Runs of every timed measure (the median is reported with min and max). */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5)

export type Machine = {
  cores: number
  cpu: string
  memoryGiB: number
  node: string
  platform: string
  openFilesLimit: number | null
}

export function machine(): Machine {
  const list = cpus()
  return {
    cores: list.length,
    cpu: list[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    openFilesLimit: Number(process.env.BENCH_ULIMIT_N) || null,
  }
}

export type Stat = { median: number; min: number; max: number; runs: number[] }

export function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
  return {
    median,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    runs: values,
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}

/** One figure of an entry: the measure, its baseline in the same run, and their ratio. */
export type Figure = {
  name: string
  unit: string
  value: Stat
  baseline: { name: string; value: Stat } | null
  /** value.median / baseline.median (or the inverse where noted). */
  ratio: number | null
  goal?: string
  met?: boolean | null
  note?: string
}

export type Entry = {
  id: string
  title: string
  machine: Machine
  startedAt: string
  durationMs: number
  method: string
  figures: Figure[]
  notes: string[]
  error?: string
}

export function ratio(value: Stat, baseline: Stat): number {
  return value.median / baseline.median
}

export function writeEntry(entry: Entry) {
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(join(resultsDir, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`)
}

/** Rejects after `ms`: every load and every wait is bounded. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type ChildMessage = { type: string; [key: string]: unknown }

/** A server under test in its own process (`src/child.ts <role>`), driven over IPC. */
export class Child {
  readonly process: ChildProcess
  private waiting = new Map<string, (message: ChildMessage) => void>()
  private early = new Map<string, ChildMessage>()
  private exited = false
  readonly output: string[] = []

  constructor(role: string, env: Record<string, string> = {}, nodeArgs: string[] = []) {
    this.process = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', join(benchDir, 'src/child.ts'), role],
      {
        cwd: benchDir,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    )
    this.process.stdout?.on('data', (chunk) => this.keep(String(chunk)))
    this.process.stderr?.on('data', (chunk) => this.keep(String(chunk)))
    this.process.on('message', (message: ChildMessage) => {
      const resolve = this.waiting.get(message.type)
      if (resolve) {
        this.waiting.delete(message.type)
        resolve(message)
      } else {
        this.early.set(message.type, message)
      }
    })
    this.process.on('exit', () => {
      this.exited = true
    })
  }

  private keep(text: string) {
    this.output.push(text)
    if (this.output.length > 50) this.output.shift()
  }

  /** Waits for the next message of this type. */
  next(type: string, ms = 60_000): Promise<ChildMessage> {
    const kept = this.early.get(type)
    if (kept) {
      this.early.delete(type)
      return Promise.resolve(kept)
    }
    let onExit: (code: number | null) => void = () => {}
    const promise = new Promise<ChildMessage>((resolve, reject) => {
      this.waiting.set(type, resolve)
      onExit = (code) =>
        reject(new Error(`child exited (${code}) before "${type}":\n${this.output.join('')}`))
      this.process.once('exit', onExit)
    })
    return withTimeout(promise, ms, `child ${type}`).finally(() => this.process.off('exit', onExit))
  }

  async ask(message: ChildMessage, reply: string, ms = 60_000): Promise<ChildMessage> {
    const answer = this.next(reply, ms)
    this.process.send(message)
    return answer
  }

  /** Asks the child to stop, then kills it by pid after 10 s. */
  async stop() {
    if (this.exited || this.process.exitCode !== null) return
    const gone = new Promise<void>((resolve) => this.process.once('exit', () => resolve()))
    try {
      this.process.send({ type: 'stop' })
    } catch {}
    const timer = setTimeout(() => {
      if (this.process.pid) process.kill(this.process.pid, 'SIGKILL')
    }, 10_000)
    await gone
    clearTimeout(timer)
  }
}

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : 'n/a'
