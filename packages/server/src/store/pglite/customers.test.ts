import { PGlite } from '@electric-sql/pglite'
import { afterAll } from 'vitest'
import { customerLinksContract } from '../../../test/customer-store-contracts.js'
import { pgliteCustomerLinks } from './customers.js'
import { pgliteStore } from './store.js'

// One PGlite for the whole file: each instance takes seconds to start.
const db = await PGlite.create()

afterAll(() => db.close())

customerLinksContract('pglite', () => pgliteCustomerLinks({ db, schema: 'rampkit_links' }))
customerLinksContract('pgliteStore().customerLinks', async () => {
  const store = await pgliteStore({ db, schema: 'rampkit_links_store' })
  return store.customerLinks!
})
