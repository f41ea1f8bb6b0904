import { PGlite } from '@electric-sql/pglite'
import { afterAll } from 'vitest'
import { pgliteStore } from '../pglite/store.js'
import { pgliteCustomerLinks } from './pglite.js'
import { customerLinksContract } from './testing.js'

// One PGlite for the whole file: each instance takes seconds to start.
const db = await PGlite.create()

afterAll(() => db.close())

customerLinksContract('pglite', () => pgliteCustomerLinks({ db, schema: 'rampkit_links' }))
customerLinksContract('pgliteStore().customerLinks', async () => {
  const store = await pgliteStore({ db, schema: 'rampkit_links_store' })
  return store.customerLinks!
})
