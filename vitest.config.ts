import { defineConfig } from 'vitest/config'
import projects from './vitest.workspace.ts'

export default defineConfig({
  test: {
    projects: [...projects],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 },
    },
  },
})
