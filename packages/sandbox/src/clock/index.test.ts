import { describe, expect, it, vi } from 'vitest'
import { createSandboxClock, isoMicros, isoMillis, isoOffset } from './index.js'

function fakeReal(start = 1_000_000) {
  let now = start
  return { now: () => now, tick: (ms: number) => (now += ms) }
}

describe('sandbox clock', () => {
  it('runs at speed times real time and jumps with advance', async () => {
    const real = fakeReal()
    const clock = createSandboxClock({ speed: 10, start: 0, realNow: real.now })
    real.tick(100)
    expect(clock.now()).toBe(1_000)
    await clock.advance(5_000)
    expect(clock.now()).toBe(6_000)
    clock.stop()
  })

  it('keeps the clock of quotes at real speed, moved by advance as sandbox time is', async () => {
    const real = fakeReal()
    const clock = createSandboxClock({ speed: 2, start: 0, realNow: real.now })
    real.tick(60_000)
    // A minute of real time is two of sandbox time, and one of a quote's time-to-live.
    expect(clock.now()).toBe(120_000)
    expect(clock.wallNow()).toBe(60_000)
    await clock.advance(120_000)
    expect(clock.wallNow()).toBe(180_000)
    clock.stop()
  })

  it('freezes at speed 0 so only advance moves time', async () => {
    const real = fakeReal()
    const clock = createSandboxClock({ speed: 0, start: 0, realNow: real.now })
    real.tick(60_000)
    expect(clock.now()).toBe(0)
    await clock.advance(1)
    expect(clock.now()).toBe(1)
  })

  it('runs due jobs in due order when an advance passes them, awaiting each', async () => {
    const clock = createSandboxClock({ speed: 0, start: 0 })
    const ran: string[] = []
    clock.schedule(300, () => ran.push('c'))
    clock.schedule(100, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      ran.push('a')
    })
    clock.schedule(200, () => ran.push('b'))
    await clock.advance(250)
    expect(ran).toEqual(['a', 'b'])
    expect(clock.pending()).toHaveLength(1)
    await clock.advance(50)
    expect(ran).toEqual(['a', 'b', 'c'])
  })

  it('runs each job at its due time, including jobs scheduled on the way', async () => {
    const clock = createSandboxClock({ speed: 0, start: 0 })
    const ran: number[] = []
    clock.schedule(100, () => {
      ran.push(clock.now())
      clock.schedule(100, () => ran.push(clock.now()))
    })
    await clock.advance(1_000)
    expect(ran).toEqual([100, 200])
    expect(clock.now()).toBe(1_000)
  })

  it('keeps scheduling order for jobs due at the same time and honours cancel', async () => {
    const clock = createSandboxClock({ speed: 0, start: 0 })
    const ran: string[] = []
    clock.schedule(10, () => ran.push('first'))
    const dropped = clock.schedule(10, () => ran.push('dropped'))
    clock.schedule(10, () => ran.push('second'))
    dropped.cancel()
    await clock.advance(10)
    expect(ran).toEqual(['first', 'second'])
  })

  it('fires jobs on real time at speed > 0', async () => {
    const clock = createSandboxClock({ speed: 100 })
    const fired = new Promise<number>((resolve) =>
      clock.schedule(1_000, () => resolve(clock.now())),
    )
    const at = clock.now()
    // 1 s of sandbox time at speed 100 is 10 ms of real time.
    expect(await fired).toBeGreaterThanOrEqual(at + 1_000)
    clock.stop()
  })

  it('reports a throwing job and keeps going', async () => {
    const onJobError = vi.fn()
    const clock = createSandboxClock({ speed: 0, onJobError })
    const ran: string[] = []
    clock.schedule(
      1,
      () => {
        throw new Error('boom')
      },
      'bad job',
    )
    clock.schedule(2, () => ran.push('next'))
    await clock.advance(5)
    expect(onJobError).toHaveBeenCalledWith(expect.any(Error), 'bad job')
    expect(ran).toEqual(['next'])
  })

  it('refuses a negative advance and a bad speed', async () => {
    const clock = createSandboxClock({ speed: 0 })
    await expect(clock.advance(-1)).rejects.toThrow(RangeError)
    expect(() => createSandboxClock({ speed: -1 })).toThrow(RangeError)
    expect(() => createSandboxClock({ speed: Number.NaN })).toThrow(RangeError)
  })

  it('formats timestamps with milliseconds, microseconds and an offset', () => {
    const ms = Date.UTC(2025, 0, 2, 3, 4, 5, 678)
    expect(isoMillis(ms)).toBe('2025-01-02T03:04:05.678Z')
    expect(isoMicros(ms + 0.9017)).toBe('2025-01-02T03:04:05.678901Z')
    expect(isoMicros(ms)).toBe('2025-01-02T03:04:05.678000Z')
    expect(isoOffset(ms)).toBe('2025-01-02T03:04:05.678+00:00')
  })
})
