import type { SandboxUser } from '../state/store.js'

/** Hono environment of the sandbox's routes: the authenticated partner user. */
export type SandboxEnv = { Variables: { user: SandboxUser } }
