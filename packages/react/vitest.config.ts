import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
