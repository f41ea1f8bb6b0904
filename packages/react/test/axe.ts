import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * Runs axe-core on the widget and fails with the rule ids and targets of any violation.
 * `color-contrast` needs layout jsdom does not do, so it is off (checked on the CSS palette).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false } },
  })
  const found = result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(found).toEqual([])
}
