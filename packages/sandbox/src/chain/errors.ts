/** Which step of the sandbox chain failed. */
export type SandboxChainOperation =
  | 'start'
  | 'deploy'
  | 'pull'
  | 'payout'
  | 'mint'
  | 'balanceOf'
  | 'allowance'

/**
 * The error of the sandbox chain: anvil that would not start, a deployment that failed, or one
 * of the service's transactions (`pull`, `payout`, `mint`) that reverted. `revert` carries the
 * decoded custom error (for example `InsufficientAllowance` with the allowance and the amount
 * needed) when the contracts gave one; the message already says it in words.
 *
 * @example
 * try { await chain.pull(token, user, amount, ref) } catch (error) {
 *   if (error instanceof SandboxChainError && error.revert?.errorName === 'InsufficientAllowance') …
 * }
 */
export class SandboxChainError extends Error {
  override name = 'SandboxChainError'
  readonly operation: SandboxChainOperation
  readonly revert: { errorName: string; args: readonly unknown[] } | undefined

  constructor(
    operation: SandboxChainOperation,
    message: string,
    options: { cause?: unknown; revert?: { errorName: string; args: readonly unknown[] } } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.operation = operation
    this.revert = options.revert
  }
}
