import type { Quote } from '@rampkit/core'
import { KIT_ROUTES, type KitOrder } from '@rampkit/core/kit'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  browser,
  directSale,
  type KitHarness,
  MPESA,
  proveWallet,
  rawRequest,
  sandboxForFile,
  startKit,
  validSale,
  waitFor,
} from '../../test/kit.js'
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
afterAll(() => {
  console.log(`[security] ${JSON.stringify({ area: 'wallet.theft', ...figures })}`)
  return kit?.close()
})

/** What the attacker's attempts achieved, for SECURITY.md (`[security]` line). */
const figures = {
  attempts: 0,
  accepted: 0,
  upstreamCalls: 0,
  baseUnitsMoved: 0,
  forgedChallenges: 0,
  challengesNamingAttacker: 0,
  proofsCollected: 0,
}

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

/**
 * The attack as an outside tester ran it: the attacker's script asks, in its own session, for a
 * challenge naming the victim's wallet with a forged Host (or a forged forwarded host behind a
 * proxy) and a matching Origin, shows the text on its own page, and the victim's wallet signs it
 * there. A wallet warns when the message names another site than the page (EIP-4361's domain
 * binding), so the victim signs only a message naming the attacker's page. Nothing of the
 * victim's may move.
 */
describe('a proof collected on the attacker’s page', () => {
  const ATTACKER_HOST = 'evil.example'
  let proxied: KitHarness
  beforeAll(async () => {
    proxied = await startKit(sandbox, 'http', { pointWebhooks: false, trustProxy: true })
  })
  afterAll(() => proxied?.close())

  /** The victim's wallet on the attacker's page: it signs a message naming that page only. */
  async function victimSignsOn(page: string, message: string): Promise<`0x${string}` | null> {
    if (parseSiweMessage(message).domain !== page) return null
    return victim.signMessage({ message })
  }

  it.each([
    ['Host', false, { host: ATTACKER_HOST, origin: `http://${ATTACKER_HOST}` }],
    [
      'X-Forwarded-Host',
      true,
      {
        'x-forwarded-host': ATTACKER_HOST,
        'x-forwarded-proto': 'https',
        origin: `https://${ATTACKER_HOST}`,
      },
    ],
    [
      'Forwarded',
      true,
      { forwarded: `host=${ATTACKER_HOST};proto=https`, origin: `https://${ATTACKER_HOST}` },
    ],
  ] as const)('with a forged %s moves 0 base units on chain', async (_, behindProxy, forged) => {
    const target = behindProxy ? proxied : kit
    const before = await onChain()
    // The attacker's own session.
    const start = await rawRequest(target.url, KIT_ROUTES.config, { method: 'GET' })
    const cookie = start.cookie ?? ''
    const headers = { ...forged, cookie }
    const challenge = await rawRequest(target.url, KIT_ROUTES.walletChallenge, {
      headers,
      body: { address: victim.address, chain_id: chainId },
    })
    figures.forgedChallenges++
    expect(challenge.status).toBeLessThan(500)
    const message =
      typeof challenge.body.data?.message === 'string' ? challenge.body.data.message : ''
    if (message.includes(ATTACKER_HOST)) figures.challengesNamingAttacker++

    const signature = message ? await victimSignsOn(ATTACKER_HOST, message) : null
    if (signature) {
      const proof = await rawRequest(target.url, KIT_ROUTES.walletProofs, {
        headers,
        body: { message, signature },
      })
      if (proof.status === 201) figures.proofsCollected++
    }
    const calls = target.upstreamCount('/orders/create')
    const order = await rawRequest(target.url, KIT_ROUTES.orders, {
      headers: { ...headers, origin: forged.origin },
      body: sale(victim.address),
    })
    figures.attempts++
    if (order.status < 300) {
      figures.accepted++
      // Let the service finish the sale, so the chain says what it cost the victim.
      const created = order.body.data as unknown as KitOrder
      await sandbox.admin.settleOrder(sandbox.apiKeys[0]!, created.order_id ?? created.tx_hash!)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    figures.upstreamCalls += target.upstreamCount('/orders/create') - calls
    const moved = before.balance - (await onChain()).balance
    figures.baseUnitsMoved += Number(moved)
    expect(moved).toBe(0n)
    // Refused, or naming the configured app: never the attacker's page.
    if (challenge.status === 201) expect(parseSiweMessage(message).domain).toBe('shop.example')
    else expect(challenge.status).toBe(403)
    expect(order.status).toBe(403)
    // Not proven; or, where the forged host is not read at all, not even a same-origin write.
    expect(['wallet_not_proven', 'origin_not_allowed']).toContain(order.body.data?.code)
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
