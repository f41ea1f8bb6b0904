import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Writes src/routes/table.gen.ts from the route files first (outside CI), so a new route
    // file is mounted without a step by hand.
    globalSetup: ['test/route-table.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
