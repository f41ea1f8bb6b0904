import type { CheckoutStorage } from './adapters.js'
import type { CheckoutStage } from './flow.js'

/** What a shopper typed on one place of the checkout and has not submitted yet. */
export type CheckoutDraft = Readonly<Record<string, string | number | boolean>>

/** The drafts of a checkout, by place. */
export type CheckoutDrafts = Readonly<Partial<Record<CheckoutStage, CheckoutDraft>>>

// Never kept, whatever a form names them: a secret or a document has no place in storage.
const SECRET = /pass|secret|pin|otp|cvv|cvc|seed|mnemonic|private|document|file|signature/i

/**
 * A draft as it may be kept: plain text, numbers and booleans only (a `File`, a `Blob` or an
 * object is dropped), under 2,000 characters each, never a field whose name says secret.
 *
 * @example
 * cleanDraft({ name: 'Amina', passport: file, pin: '1234' }) // { name: 'Amina' }
 */
export function cleanDraft(values: Readonly<Record<string, unknown>>): CheckoutDraft {
  const kept: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(values)) {
    if (SECRET.test(key) || key === '__proto__') continue
    if (typeof value === 'string' && value.length <= 2_000) kept[key] = value
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value
    else if (typeof value === 'boolean') kept[key] = value
  }
  return kept
}

/** The drafts kept under `key`, or none when missing or unreadable. */
export function readDrafts(storage: CheckoutStorage | undefined, key: string): CheckoutDrafts {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? 'null') as unknown
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    const drafts: Partial<Record<CheckoutStage, CheckoutDraft>> = {}
    for (const [place, draft] of Object.entries(value as Record<string, unknown>)) {
      if (typeof draft === 'object' && draft !== null) {
        drafts[place as CheckoutStage] = cleanDraft(draft as Record<string, unknown>)
      }
    }
    return drafts
  } catch {
    return {}
  }
}

/** Keeps `drafts` under `key`; a storage that refuses only costs the drafts a reload. */
export function writeDrafts(
  storage: CheckoutStorage | undefined,
  key: string,
  drafts: CheckoutDrafts,
): void {
  try {
    storage?.setItem(key, JSON.stringify(drafts))
  } catch {
    // storage full or disabled: the drafts live in memory only
  }
}
