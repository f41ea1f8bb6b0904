import {
  type Address,
  encodeFunctionData,
  type Hash,
  type Hex,
  isHex,
  type PublicClient,
  size,
  type TransactionReceipt,
} from 'viem'
import { rampSpenderAbi, sandboxErrorAbi } from './artifacts.js'
import { SandboxChainError, type SandboxChainOperation } from './errors.js'
import { revertError, shortMessage, waitForReceipts } from './receipts.js'
import type { OperatorSender } from './sender.js'

// Decodes both the spender's errors and the token errors it bubbles up.
const spenderWithErrorsAbi = [...rampSpenderAbi, ...sandboxErrorAbi] as const

/** A request to write: the call, its gas estimate, and its replay for a decoded reason. */
export type WriteRequest = {
  address: Address
  data: Hex
  estimate: () => Promise<bigint>
  /** The same call as a simulation on the state after `blockNumber`, for a decoded reason. */
  replay: (blockNumber: bigint) => Promise<unknown>
}

/**
 * The sandbox chain's reads and writes as its errors name them: a read that fails, and a write
 * that does not estimate, is not accepted, has no receipt or reverts, is a `SandboxChainError`
 * for the operation.
 */
export function chainCalls(
  publicClient: PublicClient,
  sender: OperatorSender,
  operator: Address,
  spender: Address,
) {
  const read = async (operation: SandboxChainOperation, run: () => Promise<bigint>) => {
    try {
      return await run()
    } catch (cause) {
      throw new SandboxChainError(operation, `${operation} failed: ${shortMessage(cause)}`, {
        cause,
      })
    }
  }

  /** Estimates (which surfaces a revert with its decoded reason), sends, waits, checks status. */
  const write = async (
    operation: SandboxChainOperation,
    what: string,
    request: WriteRequest,
  ): Promise<Hash> => {
    let gas: bigint
    try {
      gas = await request.estimate()
    } catch (cause) {
      throw revertError(operation, what, cause)
    }
    let hash: Hash
    try {
      // 20 % headroom: state can change between the estimate and inclusion.
      hash = await sender.send({ to: request.address, data: request.data, gas: (gas * 12n) / 10n })
    } catch (cause) {
      throw new SandboxChainError(operation, `${what} was not accepted: ${shortMessage(cause)}`, {
        cause,
      })
    }
    let receipt: TransactionReceipt
    try {
      const [mined] = await waitForReceipts(publicClient, operation, [hash], () => what)
      if (!mined) throw new Error('unreachable: one receipt per hash')
      receipt = mined
    } catch (cause) {
      throw new SandboxChainError(
        operation,
        `${what}: no receipt for ${hash}: ${shortMessage(cause)}`,
        {
          cause,
        },
      )
    }
    if (receipt.status === 'success') return hash
    // Mined but reverted (the state changed after the estimate): replay it on the state after
    // its block for the reason. A reverted call changed nothing, and what made it revert may
    // be an earlier transaction of the same block: concurrent sends can share one.
    try {
      await request.replay(receipt.blockNumber)
    } catch (cause) {
      throw revertError(operation, `${what} (tx ${hash})`, cause)
    }
    throw new SandboxChainError(operation, `${what} reverted on chain (tx ${hash})`)
  }

  const checkOrderRef = (operation: SandboxChainOperation, orderRef: Hex) => {
    if (!isHex(orderRef, { strict: true }) || size(orderRef) !== 32) {
      throw new SandboxChainError(
        operation,
        `orderRef must be 32 bytes of hex (bytes32), got ${orderRef}; derive one with toOrderRef(orderId)`,
      )
    }
  }

  // async, so a bad orderRef rejects the returned promise instead of throwing at the call site.
  const spenderCall = async (
    operation: 'pull' | 'payout',
    what: string,
    args: readonly [Address, Address, bigint, Hex],
  ) => {
    checkOrderRef(operation, args[3])
    return write(operation, what, {
      address: spender,
      data: encodeFunctionData({ abi: rampSpenderAbi, functionName: operation, args }),
      estimate: () =>
        publicClient.estimateContractGas({
          abi: spenderWithErrorsAbi,
          address: spender,
          functionName: operation,
          args,
          account: operator,
        }),
      replay: (blockNumber) =>
        publicClient.simulateContract({
          abi: spenderWithErrorsAbi,
          address: spender,
          functionName: operation,
          args,
          account: operator,
          blockNumber,
        }),
    })
  }

  return { read, write, spenderCall }
}
