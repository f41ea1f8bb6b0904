import { defineConfig } from 'vitest/config'

/**
 * Not a project of `pnpm test`: `pnpm test:partner-apps` runs it on its own (a CI step of its
 * own, timed apart), after `pnpm build`. The apps install, build and buy one after another.
 */
export default defineConfig({
  test: {
    name: 'partner-apps',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
})
