// Test support, in the package's test folder (never published): the customer-links conformance suite.
import { describe, expect, it } from 'vitest'
import type { CustomerLinks } from '../src/store/customers/types.js'
import { uid } from './store-contracts.js'

const LEASE_MS = 10_000

/**
 * The contract every customer-links engine keeps: one link per owner, claimed once however
 * many ask at the same moment, the first vault customer attached stays, and a link is found by
 * its owner, its customer id or its ref, and by nothing of another owner's.
 */
export function customerLinksContract(name: string, make: () => Promise<CustomerLinks>) {
  describe(`customer links: ${name}`, () => {
    const now = new Date('2026-11-24T12:00:00.000Z')
    const later = (ms: number) => new Date(now.getTime() + ms)
    const claimOf = (owner: string, at = now) => ({
      owner,
      ref: `ref_${owner}`,
      customerType: 'individual' as const,
      now: at,
      leaseMs: LEASE_MS,
    })

    it('has no link for a new owner', async () => {
      const links = await make()
      expect(await links.get(uid('owner'))).toBeNull()
      expect(await links.findByCustomerId(uid('pcus'))).toBeNull()
      expect(await links.findByRef(uid('ref'))).toBeNull()
    })

    it('inserts a pending link on the first claim, and claims it once', async () => {
      const links = await make()
      const owner = uid('owner')
      const first = await links.claim(claimOf(owner))
      expect(first.claimed).toBe(true)
      expect(first.link).toMatchObject({
        owner,
        ref: `ref_${owner}`,
        customerType: 'individual',
        customerId: null,
        status: 'pending',
        depositAccountStatus: null,
      })
      expect(first.link.claimedUntil?.getTime()).toBe(later(LEASE_MS).getTime())
      const second = await links.claim({ ...claimOf(owner), customerType: 'business' })
      expect(second.claimed).toBe(false)
      expect(second.link).toMatchObject({ owner, customerType: 'individual', customerId: null })
      expect(await links.findByRef(`ref_${owner}`)).toMatchObject({ owner })
    })

    it('gives one of many concurrent first claims the link', async () => {
      const links = await make()
      const owner = uid('owner')
      const results = await Promise.all(
        Array.from({ length: 12 }, () => links.claim(claimOf(owner))),
      )
      expect(results.filter((result) => result.claimed)).toHaveLength(1)
      expect(new Set(results.map((result) => result.link.ref))).toEqual(new Set([`ref_${owner}`]))
    })

    it('lets another request take over a claim that ran out, and only then', async () => {
      const links = await make()
      const owner = uid('owner')
      await links.claim(claimOf(owner))
      expect((await links.claim(claimOf(owner, later(LEASE_MS - 1)))).claimed).toBe(false)
      const takeover = await links.claim(claimOf(owner, later(LEASE_MS)))
      expect(takeover.claimed).toBe(true)
      expect(takeover.link.claimedUntil?.getTime()).toBe(later(2 * LEASE_MS).getTime())
      const racing = await Promise.all(
        Array.from({ length: 6 }, () => links.claim(claimOf(owner, later(3 * LEASE_MS)))),
      )
      expect(racing.filter((result) => result.claimed)).toHaveLength(1)
    })

    it('attaches the vault customer, ends the claim, and finds the link by it', async () => {
      const links = await make()
      const owner = uid('owner')
      const customerId = uid('pcus')
      expect(
        await links.attach({
          owner,
          customerId,
          status: 'incomplete',
          depositAccountStatus: 'none',
          now,
        }),
      ).toBeNull()
      await links.claim(claimOf(owner))
      const attached = await links.attach({
        owner,
        customerId,
        status: 'incomplete',
        depositAccountStatus: 'none',
        now: later(5),
      })
      expect(attached).toMatchObject({
        owner,
        customerId,
        status: 'incomplete',
        depositAccountStatus: 'none',
        claimedUntil: null,
      })
      expect(attached?.updatedAt.getTime()).toBe(later(5).getTime())
      expect(await links.findByCustomerId(customerId)).toMatchObject({ owner, customerId })
      expect(await links.get(owner)).toMatchObject({ customerId })
      // Linked: no later claim, however late, creates another customer.
      const again = await links.claim(claimOf(owner, later(10 * LEASE_MS)))
      expect(again).toMatchObject({ claimed: false, link: { customerId } })
    })

    it('keeps the first customer attached when another id comes', async () => {
      const links = await make()
      const owner = uid('owner')
      const first = uid('pcus')
      const second = uid('pcus')
      await links.claim(claimOf(owner))
      const base = { owner, status: 'incomplete', depositAccountStatus: null, now }
      await links.attach({ ...base, customerId: first })
      const kept = await links.attach({ ...base, customerId: second, status: 'approved' })
      expect(kept).toMatchObject({ customerId: first, status: 'incomplete' })
      expect(await links.findByCustomerId(second)).toBeNull()
      // The same id again updates its status.
      expect(
        await links.attach({ ...base, customerId: first, status: 'pending_review' }),
      ).toMatchObject({ customerId: first, status: 'pending_review' })
    })

    it('sets a linked customer’s status by its id, keeping the deposit status unless given', async () => {
      const links = await make()
      const owner = uid('owner')
      const customerId = uid('pcus')
      await links.claim(claimOf(owner))
      await links.attach({
        owner,
        customerId,
        status: 'pending_review',
        depositAccountStatus: 'none',
        now,
      })
      const approved = await links.setStatus({ customerId, status: 'approved', now: later(1) })
      expect(approved).toMatchObject({ status: 'approved', depositAccountStatus: 'none' })
      const ready = await links.setStatus({
        customerId,
        status: 'approved',
        depositAccountStatus: 'ready',
        now: later(2),
      })
      expect(ready).toMatchObject({ status: 'approved', depositAccountStatus: 'ready' })
      expect(ready?.updatedAt.getTime()).toBe(later(2).getTime())
      expect(await links.get(owner)).toMatchObject({ depositAccountStatus: 'ready' })
      expect(await links.setStatus({ customerId: uid('pcus'), status: 'approved', now })).toBeNull()
    })

    it('keeps owners apart', async () => {
      const links = await make()
      const alice = uid('alice')
      const bob = uid('bob')
      const customerId = uid('pcus')
      await links.claim(claimOf(alice))
      await links.claim(claimOf(bob))
      await links.attach({
        owner: alice,
        customerId,
        status: 'approved',
        depositAccountStatus: null,
        now,
      })
      expect(await links.get(bob)).toMatchObject({ owner: bob, customerId: null })
      // Bob cannot take Alice's customer as his own.
      const stolen = await links.attach({
        owner: bob,
        customerId,
        status: 'approved',
        depositAccountStatus: null,
        now,
      })
      expect(stolen).toMatchObject({ owner: bob, customerId: null })
      expect(await links.findByCustomerId(customerId)).toMatchObject({ owner: alice })
    })
  })
}
