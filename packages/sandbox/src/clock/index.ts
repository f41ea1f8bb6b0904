/** A job the clock runs once sandbox time reaches `at`. */
type Job = {
  id: number
  at: number
  label: string
  run: () => unknown
}

/** Handle of a scheduled job. */
export type ScheduledJob = {
  /** Sandbox time (ms since epoch) at which the job is due. */
  readonly at: number
  /** Drops the job if it has not run yet. */
  cancel(): void
}

/** Options of `createSandboxClock`. */
export type SandboxClockOptions = {
  /**
   * How fast sandbox time runs against real time: `1` is real time, `10` ten times faster, `0`
   * frozen (only `advance()` moves it, which makes tests deterministic). Default 1.
   */
  speed?: number
  /** Sandbox time to start at, ms since epoch. Default: the real time now. */
  start?: number
  /** Real clock in fractional ms (injectable for tests). Default `performance.timeOrigin + performance.now()`. */
  realNow?: () => number
  /** Called when a job throws; the clock keeps running. */
  onJobError?: (error: unknown, label: string) => void
}

/**
 * The sandbox clock: one time source for quote expiry, order and customer transitions and webhook
 * retries. Sandbox time runs at `speed` times real time and jumps forward with `advance(ms)`;
 * jobs are scheduled on sandbox time and fire when either real time or an advance passes them,
 * one at a time and in due order.
 *
 * @example
 * const clock = createSandboxClock({ speed: 0 })
 * clock.schedule(5_000, () => console.log('settled'), 'settle order')
 * await clock.advance(5_000) // runs the job before resolving
 */
export type SandboxClock = {
  /** Sandbox time in whole ms since epoch. */
  now(): number
  /** Sandbox time in fractional ms (microsecond timestamps use the fraction). */
  nowPrecise(): number
  /**
   * Time at real speed, moved by every `advance()` as sandbox time is: the clock of quotes. A
   * quote's time-to-live is what a checkout counts down on the shopper's screen, so it runs
   * at real speed whatever `speed` makes orders settle at; a test still expires it by
   * advancing.
   */
  wallNow(): number
  /** The speed multiplier. */
  readonly speed: number
  /** Schedules `run` `delayMs` of sandbox time from now. */
  schedule(delayMs: number, run: () => unknown, label?: string): ScheduledJob
  /**
   * Moves sandbox time forward by `ms`, stopping at each job due on the way to run it (awaiting
   * it) at its own due time, so jobs scheduled by those jobs run too when they fall in range.
   */
  advance(ms: number): Promise<void>
  /** Runs jobs that are due now; resolves when none is due. */
  runDue(): Promise<void>
  /** Jobs not yet run, earliest first (labels and due times, for the admin view). */
  pending(): { at: number; label: string }[]
  /** Stops the real-time timer and drops all jobs. */
  stop(): void
}

const MAX_TIMER_MS = 2_147_483_647

/**
 * Creates a sandbox clock.
 *
 * @example
 * const clock = createSandboxClock({ speed: 10 }) // a 30 s settlement takes 3 real seconds
 */
export function createSandboxClock(options: SandboxClockOptions = {}): SandboxClock {
  const speed = options.speed ?? 1
  if (!Number.isFinite(speed) || speed < 0 || speed > 1_000_000) {
    throw new RangeError(`Clock speed must be a number from 0 to 1000000, got ${String(speed)}`)
  }
  const realNow = options.realNow ?? (() => performance.timeOrigin + performance.now())
  const realStart = realNow()
  const start = options.start ?? realStart
  let offset = 0
  let nextId = 1
  let jobs: Job[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  // One drain at a time: the real-time timer and advance() must not run the same job twice.
  let draining: Promise<void> = Promise.resolve()

  const nowPrecise = () => start + (realNow() - realStart) * speed + offset

  function arm() {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (stopped || speed === 0 || jobs.length === 0) return
    const first = jobs[0]!
    const wait = Math.min(Math.max(0, (first.at - nowPrecise()) / speed), MAX_TIMER_MS)
    timer = setTimeout(() => {
      timer = undefined
      void runDue()
    }, Math.ceil(wait))
    // A pending job must not keep a test process alive; the HTTP server does that in the CLI.
    timer.unref?.()
  }

  async function drainOnce() {
    for (;;) {
      const first = jobs[0]
      if (stopped || !first || first.at > nowPrecise()) break
      jobs.shift()
      try {
        await first.run()
      } catch (error) {
        options.onJobError?.(error, first.label)
      }
    }
    arm()
  }

  function runDue(): Promise<void> {
    draining = draining.then(drainOnce)
    return draining
  }

  return {
    now: () => Math.floor(nowPrecise()),
    nowPrecise,
    wallNow: () => Math.floor(start + (realNow() - realStart) + offset),
    speed,
    schedule(delayMs, run, label = 'job') {
      const at = nowPrecise() + Math.max(0, Number.isFinite(delayMs) ? delayMs : 0)
      const job: Job = { id: nextId++, at, label, run }
      // Stable insertion keeps jobs with the same due time in scheduling order.
      const index = jobs.findIndex((other) => other.at > at)
      if (index === -1) jobs.push(job)
      else jobs.splice(index, 0, job)
      arm()
      return {
        at,
        cancel() {
          jobs = jobs.filter((other) => other.id !== job.id)
          arm()
        },
      }
    },
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(`advance() takes a non-negative number of ms, got ${String(ms)}`)
      }
      const target = nowPrecise() + ms
      // Step through the jobs due before the target, each at its own due time, so a chain of
      // transitions (processing, then settled) completes within one advance.
      const step = async () => {
        for (;;) {
          const first = jobs[0]
          if (stopped || !first || first.at > target) break
          if (first.at > nowPrecise()) offset += first.at - nowPrecise()
          await drainOnce()
        }
        if (target > nowPrecise()) offset += target - nowPrecise()
        await drainOnce()
      }
      draining = draining.then(step)
      await draining
    },
    runDue,
    pending: () => jobs.map((job) => ({ at: Math.floor(job.at), label: job.label })),
    stop() {
      stopped = true
      jobs = []
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}

/** `2024-05-01T12:00:00.123Z`: ISO 8601 UTC with milliseconds (list items, envelopes). */
export function isoMillis(ms: number): string {
  return new Date(Math.floor(ms)).toISOString()
}

/** `2024-05-01T12:00:00.123456Z`: ISO 8601 UTC with microseconds (webhook order bodies, spec 2.6). */
export function isoMicros(preciseMs: number): string {
  const whole = Math.floor(preciseMs)
  const micros = Math.floor((preciseMs - whole) * 1000)
  return `${new Date(whole).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`
}

/** `2024-05-01T12:00:00.123+00:00`: ISO 8601 with an explicit offset (accounts, spec 2.8). */
export function isoOffset(ms: number): string {
  return `${new Date(Math.floor(ms)).toISOString().slice(0, -1)}+00:00`
}
