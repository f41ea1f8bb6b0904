import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expectNoAxeViolations } from './axe.js'

/** How long a step of an integration test waits for the real kit, sandbox and chain. */
export const SLOW = { timeout: 20_000 }

/** A screen of the widget by its heading, checked with axe when `container` is given. */
export async function step(name: RegExp, container?: HTMLElement) {
  const heading = await screen.findByRole('heading', { level: 2, name }, SLOW)
  if (container) await expectNoAxeViolations(container)
  return heading
}

export async function click(user: UserEvent, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }, SLOW))
}

export async function pick(user: UserEvent, name: RegExp) {
  await user.click(await screen.findByRole('radio', { name }, SLOW))
}

/** The first screen: the radios named (rail, provider...), then Continue. */
export async function choose(user: UserEvent, ...names: RegExp[]) {
  await step(/where and how/i)
  for (const name of names) await pick(user, name)
  await click(user, /^(Continue|Continuer)$/)
}

/**
 * A part of the review screen by its heading: the screen's own (the details, the identity step)
 * or a section's (the approval).
 */
export async function section(name: RegExp, container?: HTMLElement) {
  const heading = await screen.findByRole('heading', { name }, SLOW)
  if (container) await expectNoAxeViolations(container)
  return heading
}

/** The review screen with its quote and the one confirm (or a re-quote). */
export async function review(container?: HTMLElement) {
  const button = await screen.findByRole(
    'button',
    { name: /^(Confirm and (pay|sell)|Get a new quote)$/ },
    SLOW,
  )
  if (container) await expectNoAxeViolations(container)
  return button
}
