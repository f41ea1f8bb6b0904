import {
  type Address,
  createWalletClient,
  decodeEventLog,
  type Hex,
  http,
  parseUnits,
  type WalletClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rampSpenderAbi, testTokenAbi } from './artifacts.js'
import { SandboxChainError } from './errors.js'
import { sandboxFunding, startChain, toOrderRef } from './startChain.js'
import type { ChainToken, SandboxChain } from './types.js'

let chain: SandboxChain

beforeAll(async () => {
  chain = await startChain()
})

afterAll(async () => {
  await chain?.stop()
})

function token(symbol: ChainToken['symbol']): ChainToken {
  const found = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!found) throw new Error(`no ${symbol} on the chain`)
  return found
}

function user(index: number): { address: Address; wallet: WalletClient } {
  const account = chain.testAccounts[index]
  if (!account) throw new Error(`no test account ${index}`)
  const wallet = createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: chain.publicClient.chain,
    transport: http(chain.rpcUrl),
  })
  return { address: account.address, wallet }
}

/** The user's own approve, signed with the test account's key: the one transaction a user pays. */
async function approve(index: number, tokenAddress: Address, amount: bigint): Promise<void> {
  const { wallet } = user(index)
  const hash = await wallet.writeContract({
    abi: testTokenAbi,
    address: tokenAddress,
    functionName: 'approve',
    args: [chain.spender, amount],
    account: wallet.account ?? null,
    chain: wallet.chain,
  })
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
}

async function eventsOf(hash: Hex) {
  const receipt = await chain.publicClient.getTransactionReceipt({ hash })
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === chain.spender.toLowerCase())
    .map((log) => decodeEventLog({ abi: rampSpenderAbi, data: log.data, topics: log.topics }))
}

describe('deployment', () => {
  it('deploys USDC and USDT with 6 decimals and WXM with 18, labelled as in the spec', async () => {
    expect(
      chain.tokens.map(({ symbol, label, decimals }) => ({ symbol, label, decimals })),
    ).toEqual([
      { symbol: 'USDC', label: 'BASE_USDC(Testnet)', decimals: 6 },
      { symbol: 'USDT', label: 'USDT', decimals: 6 },
      { symbol: 'WXM', label: 'ARBITRUM_WXM', decimals: 18 },
    ])
    for (const { address, decimals, symbol } of chain.tokens) {
      const read = (functionName: 'decimals' | 'symbol') =>
        chain.publicClient.readContract({ abi: testTokenAbi, address, functionName })
      expect(await read('decimals')).toBe(decimals)
      expect(await read('symbol')).toBe(symbol)
    }
    expect(chain.tokens.filter((t) => t.requiresZeroAllowanceReset).map((t) => t.symbol)).toEqual([
      'USDT',
    ])
  })

  it('funds every test account and the spender float in each token’s own decimals', async () => {
    expect(chain.testAccounts).toHaveLength(9)
    for (const { address, decimals } of chain.tokens) {
      expect(await chain.balanceOf(address, chain.spender)).toBe(
        parseUnits(sandboxFunding.spenderFloat, decimals),
      )
      // The last account is used by no test that moves tokens.
      const last = chain.testAccounts[8]
      expect(await chain.balanceOf(address, last?.address ?? '0x')).toBe(
        parseUnits(sandboxFunding.testAccount, decimals),
      )
    }
    expect(
      await chain.balanceOf(token('WXM').address, chain.testAccounts[8]?.address ?? '0x'),
    ).toBe(10_000n * 10n ** 18n)
    for (const account of chain.testAccounts) {
      expect(await chain.publicClient.getBalance({ address: account.address })).toBeGreaterThan(0n)
    }
  })

  it('makes the operator the spender’s owner and sets the treasury', async () => {
    const read = (functionName: 'owner' | 'treasury') =>
      chain.publicClient.readContract({ abi: rampSpenderAbi, address: chain.spender, functionName })
    expect(await read('owner')).toBe(chain.operator)
    expect(await read('treasury')).toBe(chain.treasury)
    expect(chain.operator).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(chain.testAccounts[0]?.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })
})

describe('allowance and pull', () => {
  it('reads the allowance a user gave the spender', async () => {
    const usdc = token('USDC')
    const { address } = user(0)
    expect(await chain.allowance(usdc.address, address)).toBe(0n)
    await approve(0, usdc.address, parseUnits('12.5', usdc.decimals))
    expect(await chain.allowance(usdc.address, address)).toBe(12_500_000n)
  })

  it('pulls exactly the approved base units from the user into the treasury', async () => {
    const usdc = token('USDC')
    const { address } = user(0)
    const amount = await chain.allowance(usdc.address, address)
    const before = {
      user: await chain.balanceOf(usdc.address, address),
      treasury: await chain.balanceOf(usdc.address, chain.treasury),
    }
    const orderRef = toOrderRef('ord_pull_1')
    const hash = await chain.pull(usdc.address, address, amount, orderRef)

    expect(await chain.balanceOf(usdc.address, address)).toBe(before.user - amount)
    expect(await chain.balanceOf(usdc.address, chain.treasury)).toBe(before.treasury + amount)
    expect(await chain.allowance(usdc.address, address)).toBe(0n)
    expect(await eventsOf(hash)).toEqual([
      { eventName: 'Pulled', args: { token: usdc.address, from: address, amount, orderRef } },
    ])
  })

  it('refuses a pull above the allowance with an error that names both numbers', async () => {
    const usdc = token('USDC')
    const { address } = user(1)
    await approve(1, usdc.address, 5_000_000n)
    const balance = await chain.balanceOf(usdc.address, address)

    const error = await chain
      .pull(usdc.address, address, 5_000_001n, toOrderRef('ord_low'))
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SandboxChainError)
    const chainError = error as SandboxChainError
    expect(chainError.operation).toBe('pull')
    expect(chainError.revert?.errorName).toBe('InsufficientAllowance')
    expect(chainError.message).toContain('allowance=5000000')
    expect(chainError.message).toContain('needed=5000001')
    expect(chainError.message).toContain(chain.spender)
    expect(await chain.balanceOf(usdc.address, address)).toBe(balance)
  })

  it('refuses a pull above the balance', async () => {
    const usdc = token('USDC')
    const { address } = user(1)
    await approve(1, usdc.address, 2n ** 256n - 1n)
    await expect(
      chain.pull(usdc.address, address, parseUnits('10001', 6), toOrderRef('ord_poor')),
    ).rejects.toThrow(/InsufficientBalance\(.*balance=10000000000, needed=10001000000\)/)
  })

  it('lets only one of two racing pulls spend a single allowance', async () => {
    const usdc = token('USDC')
    const { address } = user(4)
    await approve(4, usdc.address, 1_000_000n)
    const results = await Promise.allSettled([
      chain.pull(usdc.address, address, 1_000_000n, toOrderRef('ord_race_a')),
      chain.pull(usdc.address, address, 1_000_000n, toOrderRef('ord_race_b')),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = results.find((result) => result.status === 'rejected')
    expect(rejected?.reason).toBeInstanceOf(SandboxChainError)
    expect((rejected?.reason as SandboxChainError | undefined)?.revert?.errorName).toBe(
      'InsufficientAllowance',
    )
    expect(await chain.balanceOf(usdc.address, address)).toBe(parseUnits('9999', 6))
  })

  it('records a zero-amount pull without any allowance (the service logs on-ramps this way)', async () => {
    const wxm = token('WXM')
    const { address } = user(7)
    const orderRef = toOrderRef('ord_onramp_record')
    const hash = await chain.pull(wxm.address, address, 0n, orderRef)
    expect(await eventsOf(hash)).toEqual([
      { eventName: 'Pulled', args: { token: wxm.address, from: address, amount: 0n, orderRef } },
    ])
    expect(await chain.balanceOf(wxm.address, address)).toBe(parseUnits('10000', 18))
  })

  it('rejects an orderRef that is not 32 bytes', async () => {
    const usdc = token('USDC')
    await expect(chain.pull(usdc.address, user(0).address, 1n, '0x1234')).rejects.toThrow(
      /orderRef must be 32 bytes/,
    )
  })

  it('keeps pull and payout to the operator: a user calling the spender is refused', async () => {
    const usdc = token('USDC')
    const { address, wallet } = user(0)
    await expect(
      wallet.writeContract({
        abi: rampSpenderAbi,
        address: chain.spender,
        functionName: 'payout',
        args: [usdc.address, address, 1n, toOrderRef('ord_theft')],
        account: wallet.account ?? null,
        chain: wallet.chain,
      }),
    ).rejects.toThrow(/NotOwner/)
  })
})

describe('USDT-style approve', () => {
  it('rejects approve(non-zero) over a non-zero allowance and accepts it after approve(0)', async () => {
    const usdt = token('USDT')
    const { address } = user(2)
    await approve(2, usdt.address, 100_000_000n)
    await expect(approve(2, usdt.address, 200_000_000n)).rejects.toThrow()
    expect(await chain.allowance(usdt.address, address)).toBe(100_000_000n)

    await approve(2, usdt.address, 0n)
    await approve(2, usdt.address, 200_000_000n)
    expect(await chain.allowance(usdt.address, address)).toBe(200_000_000n)

    const hash = await chain.pull(usdt.address, address, 200_000_000n, toOrderRef('ord_usdt'))
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('leaves the other tokens free to change a non-zero allowance directly', async () => {
    const usdc = token('USDC')
    await approve(2, usdc.address, 1n)
    await approve(2, usdc.address, 2n)
    expect(await chain.allowance(usdc.address, user(2).address)).toBe(2n)
  })
})

describe('payout and mint', () => {
  it('pays out of the spender float to any address', async () => {
    const usdt = token('USDT')
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const float = await chain.balanceOf(usdt.address, chain.spender)
    const orderRef = toOrderRef('ord_onramp_1')

    const hash = await chain.payout(usdt.address, recipient, 25_000_000n, orderRef)

    expect(await chain.balanceOf(usdt.address, recipient)).toBe(25_000_000n)
    expect(await chain.balanceOf(usdt.address, chain.spender)).toBe(float - 25_000_000n)
    expect(await eventsOf(hash)).toEqual([
      {
        eventName: 'PaidOut',
        args: { token: usdt.address, to: recipient, amount: 25_000_000n, orderRef },
      },
    ])
  })

  it('refuses a payout above the float', async () => {
    const usdc = token('USDC')
    const float = await chain.balanceOf(usdc.address, chain.spender)
    await expect(
      chain.payout(usdc.address, user(5).address, float + 1n, toOrderRef('ord_big')),
    ).rejects.toThrow(/InsufficientBalance/)
  })

  it('moves 18-decimal amounts to the last base unit', async () => {
    const wxm = token('WXM')
    const { address } = user(3)
    const amount = parseUnits('1.234567890123456789', wxm.decimals)
    expect(amount).toBe(1_234_567_890_123_456_789n)
    const treasury = await chain.balanceOf(wxm.address, chain.treasury)

    await approve(3, wxm.address, amount)
    await chain.pull(wxm.address, address, amount, toOrderRef('ord_wxm'))
    expect(await chain.balanceOf(wxm.address, chain.treasury)).toBe(treasury + amount)
    expect(await chain.balanceOf(wxm.address, address)).toBe(
      parseUnits('10000', 18) - 1_234_567_890_123_456_789n,
    )

    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await chain.payout(wxm.address, recipient, amount, toOrderRef('ord_wxm_out'))
    expect(await chain.balanceOf(wxm.address, recipient)).toBe(amount)
  })

  it('mints as the operator, and refuses a mint by anyone else', async () => {
    const usdc = token('USDC')
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await chain.mint(usdc.address, recipient, 42n)
    expect(await chain.balanceOf(usdc.address, recipient)).toBe(42n)

    const { wallet } = user(6)
    await expect(
      wallet.writeContract({
        abi: testTokenAbi,
        address: usdc.address,
        functionName: 'mint',
        args: [recipient, 1n],
        account: wallet.account ?? null,
        chain: wallet.chain,
      }),
    ).rejects.toThrow(/NotOwner/)
  })
})

describe('operator nonces', () => {
  it('settles concurrent payouts with distinct consecutive nonces', async () => {
    const usdc = token('USDC')
    const recipients = Array.from(
      { length: 6 },
      () => privateKeyToAccount(generatePrivateKey()).address,
    )
    const hashes = await Promise.all(
      recipients.map((to, index) =>
        chain.payout(usdc.address, to, BigInt(index + 1), toOrderRef(`ord_many_${index}`)),
      ),
    )
    for (const [index, to] of recipients.entries()) {
      expect(await chain.balanceOf(usdc.address, to)).toBe(BigInt(index + 1))
    }
    const nonces = await Promise.all(
      hashes.map(async (hash) => (await chain.publicClient.getTransaction({ hash })).nonce),
    )
    const sorted = [...nonces].sort((a, b) => a - b)
    expect(new Set(nonces).size).toBe(hashes.length)
    expect(sorted.at(-1)! - sorted[0]!).toBe(hashes.length - 1)
  })

  it('keeps sending after someone else used the operator key on the same chain', async () => {
    const usdc = token('USDC')
    // anvil's dev accounts are unlocked: this transaction takes the operator's next nonce behind
    // the sandbox's back, as a second process sharing an rpcUrl chain would.
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_sendTransaction',
        params: [{ from: chain.operator, to: chain.treasury, value: '0x1' }],
      }),
    })
    const sent = (await response.json()) as { result?: Hex }
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    await chain.publicClient.waitForTransactionReceipt({ hash: sent.result! })

    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await chain.payout(usdc.address, recipient, 7n, toOrderRef('ord_after_foreign'))
    expect(await chain.balanceOf(usdc.address, recipient)).toBe(7n)
  })
})
