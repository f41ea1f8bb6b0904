import { describe, expect, it } from 'vitest'
import * as pglite from '../pglite.js'
import * as postgres from '../postgres.js'
import * as redis from '../redis.js'

// The optional-engine entries: a change of their API shows up here in review.
describe('engine entries', () => {
  it('@rampkit/server/postgres exports exactly these names', () => {
    expect(Object.keys(postgres).sort()).toEqual([
      'postgresBus',
      'postgresCustomerLinks',
      'postgresStore',
    ])
  })
  it('@rampkit/server/pglite exports exactly these names', () => {
    expect(Object.keys(pglite).sort()).toEqual(['pgliteCustomerLinks', 'pgliteStore'])
  })
  it('@rampkit/server/redis exports exactly these names', () => {
    expect(Object.keys(redis).sort()).toEqual(['redisBus', 'redisCustomerLinks', 'redisStore'])
  })
})
