import { KIT_ROUTES, type KitOrder, type Quote } from '@rampkit/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  directSale,
  type KitHarness,
  MPESA,
  proveWallet,
  sandboxForFile,
  startKit,
  validSale,
  waitFor,
} from '../routes/testing.js'
import { walletProofKey } from '../routes/wallet-proof.js'

/**
 * Selling from a wallet the session does not control. The service pulls an off-ramp's tokens
 * from the named wallet through its spender, so an order that names someone else's wallet
 * would spend their outstanding allowance and pay the attacker. Every attempt below runs on
 * the real chain (anvil) behind the real sandbox; the chain, not the kit's answer alone, says
 * whether anything moved.
 */
const sandbox = sandboxForFile('theft')

type Body<T> = { status: string; message: string; data: T }

let kit: KitHarness
let usdc: { address: Address; decimals: number }
let victim: ReturnType<typeof privateKeyToAccount>
let victimKey: `0x${string}`
let chainId: number
let publicClient: ReturnType<typeof createPublicClient>
const APPROVED = '10'

const onChain = async () => {
  const [balance, allowance] = await Promise.all([
    publicClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [victim.address],
    }),
    publicClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [victim.address, sandbox.chain!.spender],
    }),
  ])
  return { balance, allowance }
}

function sale(wallet: Address, phone?: string) {
  return directSale(wallet, usdc.address, phone)
}

beforeAll(async () => {
  const chain = sandbox.chain!
  publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  chainId = await publicClient.getChainId()
  const token = chain.tokens.find((t) => t.symbol === 'USDC')!
  usdc = { address: token.address, decimals: token.decimals }
  victimKey = chain.testAccounts[4]!.privateKey
  victim = privateKeyToAccount(victimKey)
  // The victim's approval is public on chain: exactly what an attacker looks for.
  const wallet = createWalletClient({ account: victim, transport: http(chain.rpcUrl) })
  const hash = await wallet.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'approve',
    chain: null,
    args: [chain.spender, parseUnits(APPROVED, usdc.decimals)],
  })
  await publicClient.waitForTransactionReceipt({ hash })
  kit = await startKit(sandbox, 'http')
})
afterAll(() => kit?.close())

/** What the attacker's attempts achieved, for SECURITY.md (`[security]` line). */
const figures = { attempts: 0, accepted: 0, upstreamCalls: 0, baseUnitsMoved: 0 }

/** One attempt to spend from the victim's wallet: its answer, counted. */
async function attempt(user: Browser, path: string, body: unknown): Promise<Response> {
  const before = await onChain()
  const calls = kit.upstream.length
  const res = await user.post(path, body)
  figures.attempts++
  if (res.status < 300) figures.accepted++
  figures.upstreamCalls += kit.upstream.length - calls
  figures.baseUnitsMoved += Number(before.balance - (await onChain()).balance)
  return res
}

describe('a session that has not proven the wallet', () => {
  let attacker: Browser
  beforeAll(() => {
    attacker = browser(kit)
  })
  afterAll(() => {
    console.log(`[security] ${JSON.stringify({ area: 'wallet.theft', ...figures })}`)
  })

  it('cannot create a direct off-ramp order from it: 403, nothing sent, nothing moved', async () => {
    const before = await onChain()
    const creates = kit.upstreamCount('/orders/create')
    const res = await attempt(attacker, KIT_ROUTES.orders, sale(victim.address))
    expect(res.status).toBe(403)
    expect((await attacker.json(res)).data).toEqual({
      field: 'user_address',
      code: 'wallet_not_proven',
    })
    expect(kit.upstreamCount('/orders/create')).toBe(creates)
    expect(await onChain()).toEqual(before)
  })

  it('may price an off-ramp from it, but cannot accept that quote: 403, nothing moved', async () => {
    // A quote is only a price: it moves nothing, and the widget shows it before the proof.
    const quoted = await attacker.post(KIT_ROUTES.quotes, validSale(victim.address))
    expect(quoted.status).toBe(201)
    const { quote_id } = (await attacker.json<Body<Quote>>(quoted)).data
    const res = await attempt(attacker, `${KIT_ROUTES.quotes}/${quote_id}/accept`, {})
    expect(res.status).toBe(403)
    expect((await attacker.json(res)).data).toEqual({
      field: 'refund_address',
      code: 'wallet_not_proven',
    })
  })

  it('is not helped by proving a wallet of its own, or by signing for the victim', async () => {
    const own = privateKeyToAccount(sandbox.chain!.testAccounts[5]!.privateKey)
    expect((await proveWallet(attacker, sandbox.chain!.testAccounts[5]!.privateKey)).status).toBe(
      201,
    )
    const res = await attempt(attacker, KIT_ROUTES.orders, sale(victim.address))
    expect(res.status).toBe(403)

    // A challenge for the victim's address, signed with the attacker's own key.
    const challenge = await attacker.post(KIT_ROUTES.walletChallenge, {
      address: victim.address,
      chain_id: chainId,
    })
    const { message } = (await attacker.json<Body<{ message: string }>>(challenge)).data
    const forged = await attacker.post(KIT_ROUTES.walletProofs, {
      message,
      signature: await own.signMessage({ message }),
    })
    expect(forged.status).toBe(403)
    expect((await attempt(attacker, KIT_ROUTES.orders, sale(victim.address))).status).toBe(403)
    // The victim's quotes are the victim's: accepting one from here is a 404.
    const victimsQuote = browser(kit)
    expect((await proveWallet(victimsQuote, victimKey, chainId)).status).toBe(201)
    const quoted = await victimsQuote.post(KIT_ROUTES.quotes, validSale(victim.address))
    const { quote_id } = (await victimsQuote.json<Body<Quote>>(quoted)).data
    const accept = await attempt(attacker, `${KIT_ROUTES.quotes}/${quote_id}/accept`, {})
    expect(accept.status).toBe(404)
  })
})

describe('the wallet’s own session', () => {
  it('sells from it once proven, and the order settles on chain', async () => {
    const owner = browser(kit)
    const before = await onChain()
    expect((await proveWallet(owner, victimKey, chainId)).status).toBe(201)
    const res = await owner.post(KIT_ROUTES.orders, sale(victim.address, '+254712345678'))
    expect(res.status).toBe(201)
    const order = (await owner.json<Body<KitOrder>>(res)).data
    expect(order).toMatchObject({ order_type: 'OffRamp', wallet_address: victim.address })
    await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, order.order_id!)
    await waitFor(async () => {
      const read = await owner.get(KIT_ROUTES.orderByTx.replace(':txHash', order.tx_hash!))
      return (await owner.json<Body<KitOrder>>(read)).data.status === 'settled'
    })
    const after = await onChain()
    const pulled = parseUnits(String(order.amount_crypto), usdc.decimals)
    expect(pulled).toBeGreaterThan(0n)
    expect(before.balance - after.balance).toBe(pulled)
    expect(before.allowance - after.allowance).toBe(pulled)
  })

  it('accepts an off-ramp quote from it, but not once the proof has lapsed', async () => {
    const owner = browser(kit)
    expect((await proveWallet(owner, victimKey, chainId)).status).toBe(201)
    const quoted = await owner.post(
      KIT_ROUTES.quotes,
      validSale(victim.address, {
        payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: '+254712345678' },
      }),
    )
    expect(quoted.status).toBe(201)
    const quote = (await owner.json<Body<Quote>>(quoted)).data

    // The proof lapses (its record is gone, as its TTL would remove it).
    const session = await ownerOf(owner)
    await kit.kit.ramp.store.kvDelete(walletProofKey(session, victim.address))
    const res = await owner.post(`${KIT_ROUTES.quotes}/${quote.quote_id}/accept`, {})
    expect(res.status).toBe(403)
    expect((await owner.json(res)).data).toEqual({
      field: 'refund_address',
      code: 'wallet_not_proven',
    })
    // Proven again, the same quote is accepted.
    expect((await proveWallet(owner, victimKey, chainId)).status).toBe(201)
    const accepted = await owner.post(`${KIT_ROUTES.quotes}/${quote.quote_id}/accept`, {})
    expect(accepted.status).toBe(200)
  })
})

/** The session id of a browser, read from its signed cookie (`anon_…`). */
async function ownerOf(user: Browser): Promise<string> {
  const value = decodeURIComponent(user.cookie.split('=')[1] ?? '')
  const id = value.split('.')[0] ?? ''
  expect(id).toMatch(/^anon_/)
  return id
}
