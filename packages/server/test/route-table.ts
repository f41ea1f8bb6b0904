import { inCi, writeRouteTable } from '../scripts/routes.js'

/**
 * Writes the route table from the route files before the server's tests run, so a route file
 * just added is mounted. In CI nothing is written: `routes/table.test.ts` fails instead when the
 * committed table is stale.
 */
export default function setup() {
  if (!inCi()) writeRouteTable()
}
