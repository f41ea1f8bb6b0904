import {
  type Address,
  type Chain,
  createWalletClient,
  custom,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createNonceManager, jsonRpc } from 'viem/nonce'
import { SandboxChainError } from './errors.js'
import { shortMessage } from './receipts.js'

export interface OperatorTransaction {
  to?: Address
  data?: Hex
  value?: bigint
  gas: bigint
}

export interface OperatorSender {
  /** Signs with the operator key and submits; resolves with the hash once the node accepted it. */
  send(transaction: OperatorTransaction, fees?: Fees): Promise<Hash>
  /**
   * Signs all with consecutive nonces and submits them in order without waiting for receipts;
   * resolves with the hashes in order. Used by the setup, where nothing depends on an earlier receipt.
   */
  sendAll(steps: SetupStep[], fees: Fees): Promise<Hash[]>
  /** The nonce the next `send` will use, for precomputing addresses. */
  peekNonce(): Promise<number>
}

/** A setup transaction with the words that name it in an error. */
export interface SetupStep {
  label: string
  transaction: OperatorTransaction
}

export interface Fees {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/**
 * Every transaction of the operator, with nonces from viem's nonce manager: handed out locally,
 * so transactions go out back to back without waiting for receipts and two orders settling at
 * once cannot pick the same nonce; after a failed send the manager reads the chain's pending
 * nonce again. The manager is this chain's own (`createNonceManager`, not viem's shared
 * `nonceManager`): the shared one keys nonces by address and chain id, which two sandboxes in
 * one process have in common.
 */
export function createOperatorSender(
  publicClient: PublicClient,
  privateKey: Hex,
  chain: Chain,
): OperatorSender {
  const nonceManager = createNonceManager({ source: jsonRpc() })
  const account = privateKeyToAccount(privateKey, { nonceManager })
  const wallet = createWalletClient({ account, chain, transport: custom(publicClient) })
  const key = { address: account.address, chainId: chain.id }

  const submit = (transaction: OperatorTransaction, fees: Fees) =>
    wallet.sendTransaction({ ...transaction, ...fees, type: 'eip1559' })

  // Sends go out one at a time, in nonce order: concurrent ones would share a JSON-RPC batch,
  // which anvil may take out of order (see sendAll).
  let queue: Promise<unknown> = Promise.resolve()
  const sendOne = async (transaction: OperatorTransaction, fees: Fees | undefined) => {
    const resolvedFees = fees ?? (await publicClient.estimateFeesPerGas())
    try {
      return await submit(transaction, resolvedFees)
    } catch (error) {
      if (!/nonce/i.test(String(error))) throw error
      // Someone else used the operator key (a shared rpcUrl chain). viem reset the manager on
      // the failed send, so this try reads the chain's pending nonce.
      return submit(transaction, resolvedFees)
    }
  }

  return {
    send(transaction, fees) {
      const sent = queue.then(() => sendOne(transaction, fees))
      queue = sent.catch(() => {})
      return sent
    },
    async sendAll(steps, fees) {
      // Nonces taken in one tick share one read of the chain and come out consecutive.
      const nonces = await Promise.all(
        steps.map(() => nonceManager.consume({ ...key, client: publicClient })),
      )
      const signed: Hex[] = []
      for (const [index, step] of steps.entries()) {
        signed.push(
          await account.signTransaction({
            chainId: chain.id,
            type: 'eip1559',
            nonce: nonces[index],
            ...fees,
            ...step.transaction,
          }),
        )
      }
      // One after another, in nonce order. Sent concurrently (one JSON-RPC batch), anvil may
      // take a later nonce first and, once the gap is filled, leave the queued ones unmined
      // for good: seen under load as a start that never finished.
      const hashes: Hash[] = []
      for (const [index, serializedTransaction] of signed.entries()) {
        try {
          hashes.push(await publicClient.sendRawTransaction({ serializedTransaction }))
        } catch (reason) {
          nonceManager.reset(key)
          throw new SandboxChainError(
            'deploy',
            `${steps[index]?.label} was not accepted: ${shortMessage(reason)}`,
            { cause: reason },
          )
        }
      }
      return hashes
    },
    peekNonce: () => nonceManager.get({ ...key, client: publicClient }),
  }
}
