import type { CheckoutState } from './types.js'

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
