/**
 * The built package's Redis engine finds its Lua scripts: the redis entry is bundled with tsup
 * as `pnpm build` does, the scripts are copied by the same step (`scripts/copy-lua.mjs`), and
 * the bundle, imported from where it was written, runs every script kind against Redis.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'tsup'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { copyLua } from '../../../scripts/copy-lua.mjs'
import { REDIS_URL, runId, skipUnlessReachable } from '../../../test/store-contracts.js'
import type { RampStore } from '../types.js'

const skip = await skipUnlessReachable('Redis store (built)', REDIS_URL)
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..')

describe.skipIf(skip)('the built redis entry', () => {
  // Inside the package, so the bundle resolves its dependencies as the published one does.
  const outDir = mkdtempSync(join(packageRoot, '.built-test-'))
  const keyPrefix = `rampkit-test:${runId()}:`
  let store: RampStore | undefined
  afterAll(async () => {
    await store?.close()
    rmSync(outDir, { recursive: true, force: true })
  })

  it('runs its scripts from the files copied beside the bundle', async () => {
    await build({
      entry: { redis: join(packageRoot, 'src/redis.ts') },
      format: ['esm'],
      outDir,
      dts: false,
      silent: true,
      config: false,
    })
    copyLua(outDir)
    expect(readdirSync(join(outDir, 'lua')).sort()).toEqual(
      readdirSync(join(packageRoot, 'src/store/redis/lua')).sort(),
    )
    const built = (await import(pathToFileURL(join(outDir, 'redis.js')).href)) as {
      redisStore: (options: { url: string; keyPrefix: string }) => RampStore
    }
    store = built.redisStore({ url: REDIS_URL, keyPrefix })

    const receivedAt = new Date(Date.now() - 60_000)
    const delivery = { id: 'dlv_built_1', event: 'order.settled', signature: 'sig_built_1' }
    expect(await store.insertDelivery({ ...delivery, body: '{}', receivedAt })).toBe('inserted')
    expect(await store.insertDelivery({ ...delivery, body: '{}', receivedAt })).toBe('duplicate')
    const now = new Date()
    const [claimed] = await store.claimDeliveries({ worker: 'w1', limit: 5, leaseMs: 1000, now })
    expect(claimed).toMatchObject({ id: delivery.id, attempts: 1, leaseOwner: 'w1' })
    await store.completeDelivery({ id: delivery.id, worker: 'w1', now })
    expect(await store.getDelivery(delivery.id)).toMatchObject({ status: 'applied' })
    const pruned = await store.prune({ now: new Date(now.getTime() + 1000), retentionMs: 0 })
    expect(pruned.deliveries).toBe(1)
    expect(await store.getDelivery(delivery.id)).toBeNull()
    const hit = await store.hitRateLimit({ key: 'built', limit: 2, windowMs: 60_000, now })
    expect(hit.count).toBe(1)
    // The customer links' scripts, from the same folder.
    const links = store.customerLinks!
    const owner = 'built-user'
    const claim = await links.claim({
      owner,
      ref: 'rk_built',
      customerType: 'individual',
      now,
      leaseMs: 1000,
    })
    expect(claim.claimed).toBe(true)
    const attached = await links.attach({
      owner,
      customerId: 'pcus_built',
      status: 'approved',
      depositAccountStatus: null,
      now,
    })
    expect(attached).toMatchObject({ customerId: 'pcus_built', status: 'approved' })
    const set = await links.setStatus({ customerId: 'pcus_built', status: 'suspended', now })
    expect(set).toMatchObject({ owner, status: 'suspended' })
  })
})
