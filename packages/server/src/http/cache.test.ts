import { describe, expect, it } from 'vitest'
import { cacheKey, createReadCache } from './cache.js'

describe('createReadCache', () => {
  it('coalesces concurrent reads of one key into one load', async () => {
    const cache = createReadCache({ ttlMs: 0 })
    let loads = 0
    const load = async () => {
      loads++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return loads
    }
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)))
    expect(loads).toBe(1)
    expect(new Set(values)).toEqual(new Set([1]))
    // ttl 0: nothing kept once the flight lands.
    await cache.get('k', load)
    expect(loads).toBe(2)
  })

  it('keeps successes for ttlMs and never keeps failures', async () => {
    let time = 0
    const cache = createReadCache({ ttlMs: 1000, now: () => time })
    let loads = 0
    await cache.get('a', async () => ++loads)
    await cache.get('a', async () => ++loads)
    expect(loads).toBe(1)
    time = 1001
    await cache.get('a', async () => ++loads)
    expect(loads).toBe(2)
    await expect(cache.get('b', async () => Promise.reject(new Error('down')))).rejects.toThrow()
    expect(await cache.get('b', async () => 'up')).toBe('up')
    expect(cache.peek('b')).toBe('up')
  })

  it('builds keys from sorted, defined query values', () => {
    expect(cacheKey('catalog', { order_type: 'OnRamp', country: 'KE', currency: undefined })).toBe(
      'catalog?country=KE&order_type=OnRamp',
    )
  })
})
