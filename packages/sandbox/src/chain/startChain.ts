import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isHex,
  keccak256,
  type PublicClient,
  parseEther,
  parseUnits,
  size,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createNonceManager, jsonRpc } from 'viem/nonce'
import { ANVIL_DEFAULT_MNEMONIC, deriveAccounts } from './accounts.js'
import { type AnvilProcess, launchAnvil } from './anvil.js'
import {
  rampSpenderAbi,
  rampSpenderBytecode,
  sandboxErrorAbi,
  testTokenAbi,
  testTokenBytecode,
  testTokenUsdtStyleAbi,
  testTokenUsdtStyleBytecode,
} from './artifacts.js'
import { SandboxChainError, type SandboxChainOperation } from './errors.js'
import { sandboxTokenSpecs } from './tokens.js'
import type { ChainToken, SandboxChain, SandboxTestAccount, StartChainOptions } from './types.js'

/**
 * How much of each token the sandbox hands out at start, in human units (converted with each
 * token's own decimals): every test account gets `testAccount`, the spender gets `spenderFloat`
 * to pay on-ramp orders from.
 *
 * @example
 * parseUnits(sandboxFunding.testAccount, usdc.decimals) // 10_000_000_000n
 */
export const sandboxFunding = { testAccount: '10000', spenderFloat: '1000000' } as const

const TEST_ACCOUNT_COUNT = 9
// Account 10 of the mnemonic: not a test account, so a pull's effect on it is the pull alone.
const TREASURY_INDEX = 10
// Test accounts on a chain we did not start may lack gas money: top them up below this.
const MIN_TEST_ACCOUNT_ETH = parseEther('1')
const TEST_ACCOUNT_ETH_TOP_UP = parseEther('10')

// Fixed limits for the setup transactions: they are sent back to back before earlier ones are
// mined, so estimating (which needs the token already deployed) is not possible. Unused gas is
// not charged.
const DEPLOY_GAS = 1_500_000n
const MINT_GAS = 150_000n
const TRANSFER_GAS = 21_000n
const RECEIPT_POLL_MS = 20
// A local chain mines at once; this only bounds a node that lost a transaction.
const RECEIPT_TIMEOUT_MS = 20_000

// Decodes both the spender's errors and the token errors it bubbles up.
const spenderWithErrorsAbi = [...rampSpenderAbi, ...sandboxErrorAbi] as const
const tokenWithErrorsAbi = [...testTokenAbi, ...sandboxErrorAbi] as const

/**
 * `bytes32` order reference for `pull` and `payout` from a service order id: the keccak-256 of its
 * UTF-8 bytes, so the same order always maps to the same reference in the spender's events.
 *
 * @example
 * await chain.pull(token, user, amount, toOrderRef('ord_01HZX'))
 */
export function toOrderRef(orderId: string): Hex {
  return keccak256(toHex(orderId))
}

/**
 * Starts the sandbox's chain: spawns anvil on a free port (automine) or connects to `rpcUrl`,
 * deploys USDC (6 decimals), USDT (6, USDT-style approve) and WXM (18) test tokens and the
 * service's `RampSpender` from the operator account, funds the spender's float and gives test
 * accounts 1..9 tokens and gas money. All setup transactions go out back to back with nonces from
 * viem's nonce manager and are confirmed together, so a start takes a few hundred milliseconds.
 *
 * @example
 * const chain = await startChain()
 * const user = chain.testAccounts[0]!
 * console.log(await chain.allowance(chain.tokens[0]!.address, user.address)) // 0n
 * await chain.stop()
 */
export async function startChain(options: StartChainOptions = {}): Promise<SandboxChain> {
  const mnemonic = options.mnemonic ?? ANVIL_DEFAULT_MNEMONIC
  let derived: ReturnType<typeof deriveAccounts>
  try {
    derived = deriveAccounts(mnemonic, TREASURY_INDEX + 1)
  } catch (cause) {
    throw new SandboxChainError('start', `invalid mnemonic: ${(cause as Error).message}`, { cause })
  }
  const operator = derived[0]
  const treasuryAccount = derived[TREASURY_INDEX]?.account
  if (!operator || !treasuryAccount) throw new Error('unreachable: accounts derived above')
  const operatorAccount = operator.account
  const testAccounts: SandboxTestAccount[] = derived
    .slice(1, 1 + TEST_ACCOUNT_COUNT)
    .map(({ account, privateKey }) => ({ address: account.address, privateKey }))

  let anvil: AnvilProcess | undefined
  let rpcUrl: string
  if (options.rpcUrl) {
    rpcUrl = options.rpcUrl
  } else {
    anvil = await launchAnvil({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      chainId: options.chainId ?? 31337,
      blockTime: options.blockTime,
      mnemonic,
      // The treasury is a dev account too, so it has ETH should the service ever sweep from it.
      accounts: TREASURY_INDEX + 1,
    })
    rpcUrl = anvil.rpcUrl
  }

  try {
    const chainId = await readChainId(rpcUrl)
    if (options.chainId !== undefined && options.chainId !== chainId) {
      throw new SandboxChainError(
        'start',
        `the chain at ${rpcUrl} has chain id ${chainId}, not the requested ${options.chainId}`,
      )
    }
    const chain = defineChain({
      id: chainId,
      name: 'rampkit sandbox',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
      testnet: true,
    })
    const publicClient = createPublicClient({
      chain,
      // Concurrent requests of one tick share an HTTP request: the setup's receipts are polled
      // in one batch a round.
      transport: http(rpcUrl, { batch: true }),
      // viem's 4 s default polling (and block-number cache) suits public chains, not automine.
      pollingInterval: RECEIPT_POLL_MS,
    })
    const sender = createOperatorSender(publicClient, operator.privateKey, chain)
    const deployed = await deploy(publicClient, sender, {
      operator: operatorAccount.address,
      treasury: treasuryAccount.address,
      testAccounts: testAccounts.map((account) => account.address),
    })
    return createSandboxChain({
      rpcUrl,
      chainId,
      anvil,
      publicClient,
      sender,
      operator: operatorAccount.address,
      treasury: treasuryAccount.address,
      spender: deployed.spender,
      tokens: deployed.tokens,
      testAccounts,
    })
  } catch (error) {
    await anvil?.stop()
    throw error
  }
}

async function readChainId(rpcUrl: string): Promise<number> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(5_000),
    })
    const body = (await response.json()) as { result?: unknown }
    if (typeof body.result !== 'string') throw new Error(`answer ${JSON.stringify(body)}`)
    return Number(BigInt(body.result))
  } catch (cause) {
    throw new SandboxChainError(
      'start',
      `no chain answers eth_chainId at ${rpcUrl}: ${String(cause)}`,
      {
        cause,
      },
    )
  }
}

interface OperatorTransaction {
  to?: Address
  data?: Hex
  value?: bigint
  gas: bigint
}

interface OperatorSender {
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
interface SetupStep {
  label: string
  transaction: OperatorTransaction
}

interface Fees {
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
function createOperatorSender(
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

interface Deployment {
  spender: Address
  tokens: ChainToken[]
}

async function deploy(
  publicClient: PublicClient,
  sender: OperatorSender,
  accounts: { operator: Address; treasury: Address; testAccounts: Address[] },
): Promise<Deployment> {
  const [fees, firstNonce, ethBalances] = await Promise.all([
    publicClient.estimateFeesPerGas(),
    sender.peekNonce(),
    Promise.all(accounts.testAccounts.map((address) => publicClient.getBalance({ address }))),
  ])
  // Addresses follow from the operator's nonces, so the mints can be sent before the deployments
  // are mined. The order below must match the order of the sends.
  const tokens: ChainToken[] = sandboxTokenSpecs.map((spec, index) => ({
    symbol: spec.symbol,
    label: spec.label,
    address: getContractAddress({ from: accounts.operator, nonce: BigInt(firstNonce + index) }),
    decimals: spec.decimals,
    requiresZeroAllowanceReset: spec.requiresZeroAllowanceReset,
  }))
  const spender = getContractAddress({
    from: accounts.operator,
    nonce: BigInt(firstNonce + sandboxTokenSpecs.length),
  })

  const steps: SetupStep[] = []
  for (const spec of sandboxTokenSpecs) {
    const args = [spec.name, spec.symbol, spec.decimals] as const
    steps.push({
      label: `deploy ${spec.symbol}`,
      transaction: {
        gas: DEPLOY_GAS,
        data: spec.requiresZeroAllowanceReset
          ? encodeDeployData({
              abi: testTokenUsdtStyleAbi,
              bytecode: testTokenUsdtStyleBytecode,
              args,
            })
          : encodeDeployData({ abi: testTokenAbi, bytecode: testTokenBytecode, args }),
      },
    })
  }
  steps.push({
    label: 'deploy RampSpender',
    transaction: {
      gas: DEPLOY_GAS,
      data: encodeDeployData({
        abi: rampSpenderAbi,
        bytecode: rampSpenderBytecode,
        args: [accounts.operator, accounts.treasury],
      }),
    },
  })
  for (const token of tokens) {
    const mint = (to: Address, human: string) => ({
      label: `mint ${human} ${token.symbol} to ${to}`,
      transaction: {
        to: token.address,
        gas: MINT_GAS,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'mint',
          args: [to, parseUnits(human, token.decimals)],
        }),
      },
    })
    steps.push(mint(spender, sandboxFunding.spenderFloat))
    for (const account of accounts.testAccounts)
      steps.push(mint(account, sandboxFunding.testAccount))
  }
  accounts.testAccounts.forEach((address, index) => {
    if ((ethBalances[index] ?? 0n) >= MIN_TEST_ACCOUNT_ETH) return
    steps.push({
      label: `send ETH to ${address}`,
      transaction: { to: address, value: TEST_ACCOUNT_ETH_TOP_UP, gas: TRANSFER_GAS },
    })
  })

  const hashes = await sender.sendAll(steps, fees)
  const receipts = await waitForReceipts(
    publicClient,
    'deploy',
    hashes,
    (index) => steps[index]?.label,
  )
  receipts.forEach((receipt, index) => {
    if (receipt.status !== 'success') {
      throw new SandboxChainError(
        'deploy',
        `${steps[index]?.label} reverted (tx ${receipt.transactionHash})`,
      )
    }
  })
  const deployedAt = [...tokens.map((token) => token.address), spender]
  deployedAt.forEach((address, index) => {
    const actual = receipts[index]?.contractAddress
    if (actual?.toLowerCase() !== address.toLowerCase()) {
      // Another sender used the operator key in between: our precomputed addresses are wrong.
      throw new SandboxChainError(
        'deploy',
        `${steps[index]?.label} landed at ${actual}, expected ${address}; is something else sending from the operator account?`,
      )
    }
  })
  return { spender, tokens }
}

/**
 * Polls `eth_getTransactionReceipt` for every hash until all are mined, in one JSON-RPC batch per
 * round. Unlike viem's `waitForTransactionReceipt`, which re-checks only when it sees a new block,
 * this cannot miss a receipt on an automining chain that goes quiet once the last transaction of a
 * burst is mined. Fails with the label of each transaction still missing after the timeout.
 */
async function waitForReceipts(
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

function createSandboxChain(parts: {
  rpcUrl: string
  chainId: number
  anvil: AnvilProcess | undefined
  publicClient: PublicClient
  sender: OperatorSender
  operator: Address
  treasury: Address
  spender: Address
  tokens: ChainToken[]
  testAccounts: SandboxTestAccount[]
}): SandboxChain {
  const { publicClient, sender, spender, tokens } = parts
  const symbolOf = (token: Address) =>
    tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())?.symbol ?? token

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
    request: {
      address: Address
      data: Hex
      estimate: () => Promise<bigint>
      /** The same call as a simulation on the state after `blockNumber`, for a decoded reason. */
      replay: (blockNumber: bigint) => Promise<unknown>
    },
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
          account: parts.operator,
        }),
      replay: (blockNumber) =>
        publicClient.simulateContract({
          abi: spenderWithErrorsAbi,
          address: spender,
          functionName: operation,
          args,
          account: parts.operator,
          blockNumber,
        }),
    })
  }

  let stopped: Promise<void> | undefined

  return {
    rpcUrl: parts.rpcUrl,
    chainId: parts.chainId,
    pid: parts.anvil?.pid,
    operator: parts.operator,
    treasury: parts.treasury,
    spender,
    tokens,
    testAccounts: parts.testAccounts,
    publicClient,
    balanceOf: (token, owner) =>
      read('balanceOf', () =>
        publicClient.readContract({
          abi: testTokenAbi,
          address: token,
          functionName: 'balanceOf',
          args: [owner],
        }),
      ),
    allowance: (token, owner) =>
      read('allowance', () =>
        publicClient.readContract({
          abi: testTokenAbi,
          address: token,
          functionName: 'allowance',
          args: [owner, spender],
        }),
      ),
    pull: (token, from, amount, orderRef) =>
      spenderCall('pull', `pull of ${amount} base units of ${symbolOf(token)} from ${from}`, [
        token,
        from,
        amount,
        orderRef,
      ]),
    payout: (token, to, amount, orderRef) =>
      spenderCall('payout', `payout of ${amount} base units of ${symbolOf(token)} to ${to}`, [
        token,
        to,
        amount,
        orderRef,
      ]),
    mint: (token, to, amount) => {
      const call = {
        abi: tokenWithErrorsAbi,
        address: token,
        functionName: 'mint',
        args: [to, amount],
        account: parts.operator,
      } as const
      return write('mint', `mint of ${amount} base units of ${symbolOf(token)} to ${to}`, {
        address: token,
        data: encodeFunctionData({ abi: testTokenAbi, functionName: 'mint', args: [to, amount] }),
        estimate: () => publicClient.estimateContractGas(call),
        replay: (blockNumber) => publicClient.simulateContract({ ...call, blockNumber }),
      })
    },
    stop: () => {
      stopped ??= parts.anvil ? parts.anvil.stop() : Promise.resolve()
      return stopped
    },
  }
}

// What a person can do about each custom error, appended to the message.
const REVERT_HINTS: Record<string, (args: Record<string, unknown>) => string> = {
  InsufficientAllowance: (a) =>
    `the owner must first approve the spender for at least ${String(a.needed)} base units`,
  NotAContract: (a) =>
    `${String(a.token)} has no code on this chain; use an address from chain.tokens`,
}

function revertError(
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

function shortMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
