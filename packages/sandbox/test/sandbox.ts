import { RampApiError } from '@rampkit/core'
import { createRampClient } from '@rampkit/core/client'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { providerId } from '../src/seed/corridors.js'
import { type Sandbox, type StartSandboxOptions, startSandbox } from '../src/server.js'
import { networkOf } from '../src/service/tokens.js'
import { type TestRequest, testRequestInit } from './app.js'
import { PDF_BASE64, PERSON } from './customers.js'

export const KEY_A = 'is_test_conformance_a'
export const KEY_B = 'is_test_conformance_b'
export const WEBHOOK_SECRET = 'whsec_conformance'
export const MPESA = providerId('KE', 'mobile_money', 'MPESA')

/** The sandbox guide's Kenyan test phones: the first settles an order, the second fails it. */
export const KE_SETTLES = '+2541111111111'
export const KE_FAILS = '+2540000000000'
/** A real-looking Kenyan number: no test value, so its order waits in `pending_settlement`. */
export const KE_PENDING = '+254712345678'

/** A fresh address nobody holds tokens at (on-ramp wallets). */
export function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address
}

/**
 * Starts a real sandbox (its own anvil, frozen clock) for one test file, with helpers: a core
 * client per key, raw fetch, and wallet actions of the chain's funded test accounts.
 */
export async function startTestSandbox(options: StartSandboxOptions = {}) {
  const sandbox: Sandbox = await startSandbox({
    port: 0,
    speed: 0,
    apiKeys: [KEY_A, KEY_B],
    webhookSecret: WEBHOOK_SECRET,
    ...options,
  })
  const chain = sandbox.chain!
  const publicClient = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 20 })
  const token = (symbol: 'USDC' | 'USDT' | 'WXM') => chain.tokens.find((t) => t.symbol === symbol)!

  function client(apiKey = KEY_A) {
    return createRampClient({ apiKey, baseUrl: sandbox.url, retry: false })
  }

  async function raw(path: string, init: TestRequest = {}) {
    const response = await fetch(`${sandbox.url}${path}`, testRequestInit(init, KEY_A))
    const text = await response.text()
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = { unparsed: text }
    }
    return { status: response.status, headers: response.headers, body: json }
  }

  function wallet(index: number) {
    const account = privateKeyToAccount(chain.testAccounts[index]!.privateKey)
    const walletClient = createWalletClient({ account, transport: http(chain.rpcUrl) })
    const send = async (hash: `0x${string}`) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      if (receipt.status !== 'success') throw new Error(`tx ${hash} reverted`)
      return receipt
    }
    return {
      address: account.address,
      approve: async (symbol: 'USDC' | 'USDT' | 'WXM', amount: bigint) =>
        send(
          await walletClient.writeContract({
            address: token(symbol).address,
            abi: erc20Abi,
            functionName: 'approve',
            chain: null,
            args: [chain.spender, amount],
          }),
        ),
      transfer: async (symbol: 'USDC' | 'USDT' | 'WXM', to: Address, amount: bigint) =>
        send(
          await walletClient.writeContract({
            address: token(symbol).address,
            abi: erc20Abi,
            functionName: 'transfer',
            chain: null,
            args: [to, amount],
          }),
        ),
    }
  }

  /** The quote `asset` of a local token: its address, symbol and network name. */
  function asset(symbol: 'USDC' | 'USDT' | 'WXM' = 'USDC') {
    const local = token(symbol)
    return { token: local.address, currency: symbol, network: networkOf(chain, local) }
  }

  /** What both Kenyan quote helpers share: the corridor, local USDC, an inline customer. */
  function kenya(phone: string) {
    return {
      country: 'KE',
      currency: 'KES',
      asset: asset('USDC'),
      payment_method: { type: 'mobile_money', network_id: MPESA, phone_number: phone },
      customer: { name: 'Amina Njeri', dob: '01/31/1990' },
    }
  }

  /**
   * A valid KE mobile money on-ramp quote request in the published form (`local_amount` KES
   * 1500 for local USDC, an inline customer, a fresh `wallet_address`). Its phone is the sandbox
   * guide's success number, so the order settles; give another phone to leave it in
   * `pending_settlement`.
   */
  function kenyaQuote(overrides: Record<string, unknown> = {}) {
    return {
      order_type: 'OnRamp' as const,
      ...kenya(KE_SETTLES),
      local_amount: 1500,
      wallet_address: freshAddress(),
      ...overrides,
    }
  }

  /**
   * A valid KE mobile money off-ramp quote request: `crypto_amount` 10 local USDC sold from a
   * fresh `refund_address` (give a funded wallet that approved the spender to have settlement
   * collect the tokens), a phone and name without test values (so the order waits in
   * `pending_settlement` unless the name says `Successful` or `Failure`).
   */
  function kenyaOffRampQuote(overrides: Record<string, unknown> = {}) {
    return {
      order_type: 'OffRamp' as const,
      ...kenya(KE_PENDING),
      crypto_amount: 10,
      refund_address: freshAddress(),
      ...overrides,
    }
  }

  type Client = ReturnType<typeof client>

  /**
   * A customer taken through the vault with core's client: complete profile (overridable), both
   * documents, submit, then review on the clock. `ready` (default) also waits out the
   * deposit-account provisioning. Returns the customer's id.
   */
  async function onboardCustomer(
    ramp: Client,
    ref: string,
    options: { profile?: Record<string, unknown>; ready?: boolean } = {},
  ): Promise<string> {
    const created = await ramp.createCustomer({
      partner_customer_ref: ref,
      type: 'individual',
      profile: { ...PERSON, ...options.profile },
    })
    for (const category of ['identity', 'address']) {
      await ramp.uploadCustomerDocument({
        customer_id: created.id,
        category,
        content_type: 'application/pdf',
        content_base64: PDF_BASE64,
      })
    }
    await ramp.submitCustomer({ customer_id: created.id })
    await sandbox.admin.advance(options.ready === false ? 2_000 : 4_000)
    return created.id
  }

  /** Enrolls a fresh wallet as the customer's signing key (challenge, sign, complete). */
  async function enrollSigningKey(ramp: Client, customerId: string) {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const challenge = await ramp.createSigningKeyChallenge({
      customer_id: customerId,
      address: wallet.address,
    })
    const signature = await wallet.signTypedData(
      challenge.typed_data as unknown as Parameters<typeof wallet.signTypedData>[0],
    )
    const key = await ramp.completeSigningKeyEnrollment({
      customer_id: customerId,
      key_id: challenge.key_id,
      signature,
    })
    return { key, wallet }
  }

  return {
    sandbox,
    chain,
    onboardCustomer,
    enrollSigningKey,
    /** The receipt status of a transaction on the chain. */
    receiptStatus: async (hash: `0x${string}`) =>
      (await publicClient.getTransactionReceipt({ hash })).status,
    token,
    client,
    raw,
    wallet,
    asset,
    kenyaQuote,
    kenyaOffRampQuote,
    units: (symbol: 'USDC' | 'USDT' | 'WXM', human: string) =>
      parseUnits(human, token(symbol).decimals),
    stop: () => sandbox.stop(),
  }
}

export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>

/** The service error a call rejects with; fails the test if it resolves or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<RampApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof RampApiError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
