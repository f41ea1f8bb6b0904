import type { CheckoutScreen } from './flow.js'
import type { CheckoutState } from './types.js'

/** What the host tells the checkout through `setOptions`. */
export type CheckoutHostOptions = {
  wallet?: string | undefined
  screen?: CheckoutScreen | undefined
  /**
   * A sale's allowance already covers the quote from the proven wallet (the host reads its
   * chain): on the approval step the checkout moves on by itself, no transaction needed.
   */
  allowanceCovers?: boolean
}

/**
 * The host's wallet against the one that quoted: `same` (or none told), `switched` when the
 * host's wallet changed after the quote was asked. A switched checkout neither approves nor
 * confirms: the shopper goes back to `quoted` or starts over.
 */
export type CheckoutWallet =
  | { status: 'none' | 'same'; connected: string | undefined }
  | { status: 'switched'; connected: string | undefined; quoted: string }

/**
 * Compares the wallet the host has now (`connected`, told through `setWallet`) with the one it
 * had when the quote was asked (`quote.wallet`); a checkout with no quote, or whose host never
 * told a wallet, is never switched. After the confirm the order is what it is: nothing blocks.
 *
 * @example
 * walletCheck(state, '0xB0b…') // { status: 'switched', quoted: '0xA11ce…', connected: '0xB0b…' }
 */
export function walletCheck(state: CheckoutState, connected: string | undefined): CheckoutWallet {
  const quoted = state.quote?.wallet
  if (quoted === undefined || state.step === 'status') return { status: 'none', connected }
  if (connected === undefined || connected.toLowerCase() !== quoted.toLowerCase()) {
    return { status: 'switched', connected, quoted }
  }
  return { status: 'same', connected }
}

/**
 * What the host told the checkout (`setWallet`, `setOptions`): its wallet now, whether a sale's
 * allowance already covers the quote, and the screen its router shows (applied when it changes).
 */
export class HostState {
  wallet: string | undefined
  allowanceCovers = false
  #screen: CheckoutScreen | undefined

  constructor(wallet: string | undefined) {
    this.wallet = wallet
  }

  /** Takes the host's options; `changed` when the wallet or allowance moved, `screen` to apply. */
  set(options: CheckoutHostOptions): { changed: boolean; screen: CheckoutScreen | undefined } {
    let changed = false
    if ('wallet' in options && options.wallet !== this.wallet) {
      this.wallet = options.wallet
      changed = true
    }
    if ('allowanceCovers' in options && options.allowanceCovers !== this.allowanceCovers) {
      this.allowanceCovers = options.allowanceCovers === true
      changed = true
    }
    if (!('screen' in options) || options.screen === this.#screen)
      return { changed, screen: undefined }
    this.#screen = options.screen
    return { changed, screen: options.screen }
  }

  /** Whether the host's wallet is not the one that quoted: nothing is approved or confirmed. */
  switched(state: CheckoutState): boolean {
    return walletCheck(state, this.wallet).status === 'switched'
  }
}
