/**
 * The part of a controller a UI subscribes to, in the shape of TanStack's `Subscribable`
 * (which its `QueryObserver` extends): listeners, one snapshot until something changes, and a
 * change handled as "decide what follows, then tell the listeners once", however many changes
 * the decisions themselves make.
 */
export abstract class Subscribable<TSnapshot> {
  #listeners = new Set<() => void>()
  #syncing = false
  #again = false
  #snapshot: TSnapshot | undefined

  /**
   * Calls `listener` after each change; returns the unsubscribe. The controller decides while
   * subscribed: the last one gone, it decides once more (to rest).
   */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    this.onSubscribe()
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.changed()
    }
  }

  /** What the controller holds now; the same object until something changes. */
  getSnapshot = (): TSnapshot => {
    this.#snapshot ??= this.makeSnapshot()
    return this.#snapshot
  }

  protected hasListeners(): boolean {
    return this.#listeners.size > 0
  }

  protected clearListeners(): void {
    this.#listeners.clear()
  }

  /** After any change: decide what follows (again while deciding changed more), then emit. */
  protected changed(): void {
    if (this.#syncing) {
      this.#again = true
      return
    }
    this.#syncing = true
    try {
      do {
        this.#again = false
        this.decide()
      } while (this.#again)
    } finally {
      this.#syncing = false
    }
    this.emit()
  }

  /** A new snapshot, and every listener told. */
  protected emit(): void {
    this.#snapshot = this.makeSnapshot()
    for (const listener of this.#listeners) listener()
  }

  /** A listener was added. */
  protected abstract onSubscribe(): void
  /** What follows a change (may change more). */
  protected abstract decide(): void
  protected abstract makeSnapshot(): TSnapshot
}
