import {
  type Address,
  createPublicClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { ANVIL_DEFAULT_MNEMONIC, deriveAccounts } from './accounts.js'
import { type AnvilProcess, launchAnvil } from './anvil.js'
import {
  rampSpenderAbi,
  rampSpenderBytecode,
  testTokenAbi,
  testTokenBytecode,
  testTokenUsdtStyleAbi,
  testTokenUsdtStyleBytecode,
} from './artifacts.js'
import { SandboxChainError } from './errors.js'
import { RECEIPT_POLL_MS, waitForReceipts } from './receipts.js'
import { createSandboxChain } from './sandboxChain.js'
import { createOperatorSender, type OperatorSender, type SetupStep } from './sender.js'
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
