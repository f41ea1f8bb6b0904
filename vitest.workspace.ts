/**
 * The test projects of the monorepo. Vitest 4 no longer reads this file on its own:
 * `vitest.config.ts` imports it into `test.projects`, so this list is the one source.
 * `packages/e2e` drives Debian's Chromium against the `pnpm demo` stack.
 */
export default [
  'packages/core',
  'packages/sandbox',
  'packages/server',
  'packages/react',
  'packages/e2e',
] as const
