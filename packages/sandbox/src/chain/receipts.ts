import {
  BaseError,
  ContractFunctionRevertedError,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { SandboxChainError, type SandboxChainOperation } from './errors.js'

/** How often receipts are polled (and viem's polling interval on the sandbox's chain). */
export const RECEIPT_POLL_MS = 20
// A local chain mines at once; this only bounds a node that lost a transaction.
const RECEIPT_TIMEOUT_MS = 20_000

/**
 * Polls `eth_getTransactionReceipt` for every hash until all are mined, in one JSON-RPC batch per
 * round. Unlike viem's `waitForTransactionReceipt`, which re-checks only when it sees a new block,
 * this cannot miss a receipt on an automining chain that goes quiet once the last transaction of a
 * burst is mined. Fails with the label of each transaction still missing after the timeout.
 */
export async function waitForReceipts(
  publicClient: PublicClient,
  operation: SandboxChainOperation,
  hashes: readonly Hash[],
  labelOf: (index: number) => string | undefined,
): Promise<TransactionReceipt[]> {
  const receipts: (TransactionReceipt | undefined)[] = hashes.map(() => undefined)
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  for (;;) {
    await Promise.all(
      hashes.map(async (hash, index) => {
        if (receipts[index]) return
        receipts[index] = await publicClient
          .getTransactionReceipt({ hash })
          .catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined
            throw new SandboxChainError(
              operation,
              `cannot read the receipt of ${labelOf(index)} (${hash}): ${shortMessage(error)}`,
              { cause: error },
            )
          })
      }),
    )
    const missing = hashes.flatMap((hash, index) => (receipts[index] ? [] : [{ hash, index }]))
    if (missing.length === 0) return receipts as TransactionReceipt[]
    if (Date.now() > deadline) {
      const known = await Promise.all(
        missing.map(({ hash }) =>
          publicClient.getTransaction({ hash }).then(
            () => 'still pending',
            () => 'unknown to the node',
          ),
        ),
      )
      throw new SandboxChainError(
        operation,
        `no receipt after ${RECEIPT_TIMEOUT_MS / 1000} s for ${missing
          .map(({ hash, index }, i) => `${labelOf(index)} (${hash}, ${known[i]})`)
          .join(', ')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
}

// What a person can do about each custom error, appended to the message.
const REVERT_HINTS: Record<string, (args: Record<string, unknown>) => string> = {
  InsufficientAllowance: (a) =>
    `the owner must first approve the spender for at least ${String(a.needed)} base units`,
  NotAContract: (a) =>
    `${String(a.token)} has no code on this chain; use an address from chain.tokens`,
}

/** A failed call as the sandbox reports it: the decoded custom error with its hint, or the reason. */
export function revertError(
  operation: SandboxChainOperation,
  what: string,
  cause: unknown,
): SandboxChainError {
  const reverted =
    cause instanceof BaseError
      ? cause.walk((e) => e instanceof ContractFunctionRevertedError)
      : null
  if (!(reverted instanceof ContractFunctionRevertedError)) {
    return new SandboxChainError(operation, `${what} failed: ${shortMessage(cause)}`, { cause })
  }
  const decoded = reverted.data
  if (decoded) {
    const inputs = 'inputs' in decoded.abiItem ? decoded.abiItem.inputs : []
    const args = decoded.args ?? []
    const named: Record<string, unknown> = {}
    const shown = inputs.map((input, index) => {
      const name = input.name || `arg${index}`
      named[name] = args[index]
      return `${name}=${String(args[index])}`
    })
    const hint = REVERT_HINTS[decoded.errorName]?.(named)
    return new SandboxChainError(
      operation,
      `${what} reverted: ${decoded.errorName}(${shown.join(', ')})${hint ? `; ${hint}` : ''}`,
      { cause, revert: { errorName: decoded.errorName, args } },
    )
  }
  const reason = reverted.reason ?? 'no reason given (bare revert)'
  return new SandboxChainError(operation, `${what} reverted: ${reason}`, { cause })
}

/** viem's short message of an error, else its message. */
export function shortMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
