/**
 * Two kit instances sharing one Postgres, and one user's first requests racing on both: the
 * store's claim lets one of them create the vault customer, the others wait for it and link
 * the same one, so the vault holds exactly one customer for the user.
 */

import { createRampClient } from '@rampkit/core/client'
import { KIT_ROUTES, type KitCustomer } from '@rampkit/core/kit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALLOWED_ORIGIN, type KitHarness, sandboxForFile, startKit } from '../../test/kit.js'
import { DATABASE_URL, runId, skipUnlessReachable } from '../../test/store-contracts.js'
import { postgresStore } from '../store/postgres/store.js'
import type { RampStore } from '../store/types.js'

const skip = await skipUnlessReachable('two kits on one Postgres', DATABASE_URL)
const sandbox = sandboxForFile('instances')

describe.skipIf(skip)('two kit instances on one Postgres', () => {
  const schema = `rampkit_instances_${runId()}`
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 })
  const stores: RampStore[] = []
  const kits: KitHarness[] = []
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const store = await postgresStore({ pool, schema })
      stores.push(store)
      kits.push(
        await startKit(sandbox, 'app.request', {
          store,
          pointWebhooks: false,
          getEndUser: (c) => c.req.header('x-user') ?? null,
        }),
      )
    }
  })
  afterAll(async () => {
    await Promise.all(kits.map((kit) => kit.close()))
    await Promise.all(stores.map((store) => store.close()))
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  it('create one vault customer for one user under concurrent first requests', async () => {
    const user = `racer-${runId()}`
    const save = (kit: KitHarness, i: number) =>
      kit.call(KIT_ROUTES.customer, {
        method: 'POST',
        headers: { 'x-user': user, 'content-type': 'application/json', origin: ALLOWED_ORIGIN },
        body: JSON.stringify({
          customer_type: 'individual',
          profile: { first_name: 'Amina', last_name: `Otieno${'x'.repeat(i % 3)}` },
        }),
      })
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => save(kits[i % 2]!, i)))
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200))
    const views = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { data: KitCustomer }).data),
    )
    const ids = new Set(views.map((view) => view.customer_id))
    expect(ids.size).toBe(1)
    const [customerId] = [...ids]
    expect(customerId).toMatch(/^pcus_/)

    // One create reached the service; the vault holds one customer for the user's ref.
    const creates = kits.map(
      (kit) => kit.upstream.filter((path) => path === '/api/v1/partner/customers').length,
    )
    expect(creates[0]! + creates[1]!).toBe(1)
    const vault = createRampClient({ apiKey: sandbox.apiKeys[0]!, baseUrl: sandbox.url })
    const { partner_customer_ref: ref } = await vault.getCustomer({ customer_id: customerId! })
    const { customers } = await vault.listCustomers({ limit: 100 })
    expect(customers.filter((customer) => customer.partner_customer_ref === ref)).toHaveLength(1)

    // Both instances read the one link.
    for (const store of stores) {
      expect(await store.customerLinks!.get(user)).toMatchObject({ customerId, ref })
    }
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM "${schema}".rampkit_customer_links WHERE owner = $1`,
      [user],
    )
    expect(rows[0].n).toBe(1)
  })
})
