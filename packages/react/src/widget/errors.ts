import type { MessageKey } from '../messages/index.js'
import { type ErrorKind, errorKind } from '../utils/errors.js'

// A wallet's refusals (`rejected`, `reverted`, `signature`) come only from a sale's later screens:
// their words are in the later screens' English, loaded with those screens.
const KIND_MESSAGES: Record<ErrorKind, MessageKey> = {
  network: 'error.network',
  rateLimited: 'error.rateLimited',
  unavailable: 'error.unavailable',
  refused: 'error.refused',
  rejected: 'approve.rejected',
  reverted: 'approve.reverted',
  signature: 'signed.refused',
  generic: 'error.generic',
}

/**
 * The words a person sees for an error, in the widget's locale. The error's own message (the
 * service's or the network layer's, in English) goes to `onError` and the logs, not on screen.
 */
export function errorText(t: (key: MessageKey) => string, error: unknown): string {
  return t(KIND_MESSAGES[errorKind(error)])
}
