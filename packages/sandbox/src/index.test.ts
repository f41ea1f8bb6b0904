import { expect, it } from 'vitest'
import * as sandbox from './index.js'

it('exports the public sandbox API', () => {
  expect(Object.keys(sandbox).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_TIMINGS",
      "IDEMPOTENCY_KEY_HEADER",
      "MAX_BODY_BYTES",
      "SANDBOX_USER_AGENT",
      "assertSandboxKey",
      "createSandboxAdmin",
      "createSandboxApp",
      "createSandboxClock",
      "createSandboxContext",
      "stableUuid",
      "startSandbox",
    ]
  `)
})
