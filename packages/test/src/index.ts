// The repository's test helpers, one convention for every package: tests import them from
// `@rampkit/test`, sources never do (it is a private workspace package, never published).
export { freePort } from './net.js'
export {
  canConnect,
  DATABASE_URL,
  IN_CI,
  REDIS_URL,
  runId,
  skipUnlessReachable,
} from './services.js'
