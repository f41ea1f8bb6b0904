import type { CheckoutStorage } from './adapters.js'
import { randomKey } from './confirmRunner.js'
import { type CheckoutDrafts, cleanDraft, readDrafts, writeDrafts } from './drafts.js'
import type { CheckoutStage } from './flow.js'
import { parseCheckout, serializeCheckout } from './persist.js'
import type { CheckoutState } from './types.js'

/**
 * What a checkout keeps in its storage, under one key and its suffixes: the state (`key`), the
 * drafts typed per place (`key:drafts`) and the run its history entries carry (`key:history`).
 * A storage that refuses costs only the reload; with none, all of it lives in memory.
 */
export class CheckoutStore {
  drafts: CheckoutDrafts = {}
  #storage: CheckoutStorage | undefined
  #key: string
  #runKey: string | undefined

  constructor(storage: CheckoutStorage | undefined, key = 'rampkit:checkout') {
    this.#storage = storage
    this.#key = key
  }

  /** The state kept, or null when none is (or it cannot be read). */
  read(): CheckoutState | null {
    if (!this.#storage) return null
    try {
      return parseCheckout(this.#storage.getItem(this.#key))
    } catch {
      return null
    }
  }

  write(state: CheckoutState): void {
    try {
      this.#storage?.setItem(this.#key, serializeCheckout(state))
    } catch {
      // storage full or disabled: the checkout still works, it just will not survive a reload
    }
  }

  /** Takes the drafts kept back into memory. */
  readDrafts(): void {
    this.drafts = readDrafts(this.#storage, this.#draftsKey())
  }

  /** What was typed on `place`, cleaned of files and secrets, kept at once. */
  setDraft(place: CheckoutStage, values: Readonly<Record<string, unknown>>): void {
    this.drafts = { ...this.drafts, [place]: cleanDraft(values) }
    writeDrafts(this.#storage, this.#draftsKey(), this.drafts)
  }

  clearDrafts(): void {
    this.drafts = {}
    writeDrafts(this.#storage, this.#draftsKey(), this.drafts)
  }

  /**
   * The run of this checkout its history entries carry: kept in storage, so a reload is the
   * same run; a new start (or a cleared storage) is another.
   */
  runKey(): string {
    if (this.#runKey) return this.#runKey
    const key = `${this.#key}:history`
    try {
      this.#runKey = this.#storage?.getItem(key) ?? undefined
    } catch {
      // unreadable storage: a run of its own
    }
    if (!this.#runKey) {
      const made = randomKey()
      this.#runKey = made
      try {
        this.#storage?.setItem(key, made)
      } catch {
        // storage full or disabled: a reload starts a new run of entries
      }
    }
    return this.#runKey ?? ''
  }

  #draftsKey(): string {
    return `${this.#key}:drafts`
  }
}
