import {
  validateEvmAddress,
  type WalletChallenge,
  type WalletProof,
  walletChallengeRequest,
  walletProofRequest,
} from '@rampkit/core'
import type { Context, Hono } from 'hono'
import { type Address, type Client, verifyMessage } from 'viem'
import {
  createSiweMessage,
  parseSiweMessage,
  validateSiweMessage,
  verifySiweMessage,
} from 'viem/siwe'
import { invalid, parseWith, readJsonObject } from '../http/body.js'
import { fail, ok } from '../http/envelope.js'
import { limitBody } from '../middleware/body-limit/index.js'
import type { KitContext, RampEnv } from './context.js'
import { mountRoute, sessionOwner } from './guards.js'
import { saleChainId } from './sale-chain.js'
import { newNonce, notConfigured, proofOrigin, proofOrigins } from './wallet-origin.js'
import { liveWalletProof, type ProofRecord, walletProofKey } from './wallet-proof.js'

/** Options of the wallet proof (Sign-In with Ethereum) that guards every sale. */
export type WalletProofOptions = {
  /**
   * A viem public client per chain id. With one for the wallet's chain, signatures are checked
   * by viem's `verifySiweMessage` over that chain's RPC, which accepts smart-contract wallets
   * (ERC-1271, and ERC-6492 for wallets not yet deployed) as well as ordinary accounts. Without
   * one, only ordinary accounts (ECDSA signatures) can be proven on that chain. A function is
   * asked per proof, for chains known only at run time.
   */
  publicClients?:
    | Readonly<Record<number, Client>>
    | ((chainId: number) => Client | null | undefined | Promise<Client | null | undefined>)
  /** How long a proof binds the wallet to the session, ms. Default 12 hours. */
  ttlMs?: number
  /** How long a challenge may wait for its signature, ms. Default 5 minutes. */
  challengeTtlMs?: number
}

/** What the kit keeps of a challenge it issued, under its nonce. */
type ChallengeRecord = { owner: string; message: string; chain_id: number; origin: string }

export const WALLET_PROOF_DEFAULTS = {
  ttlMs: 12 * 60 * 60 * 1000,
  challengeTtlMs: 5 * 60 * 1000,
} as const

const challengeKey = (nonce: string) => `rampkit:wallet:challenge:${nonce}`

async function verifySignature(
  options: WalletProofOptions,
  parameters: { address: Address; chainId: number; message: string; signature: `0x${string}` },
  time: Date,
): Promise<boolean> {
  const { address, chainId, message, signature } = parameters
  try {
    const clients = options.publicClients
    const client = typeof clients === 'function' ? await clients(chainId) : clients?.[chainId]
    if (client) return await verifySiweMessage(client, { message, signature, address, time })
    return await verifyMessage({ address, message, signature })
  } catch {
    // A malformed signature, or a contract wallet the chain could not answer for: not proven.
    return false
  }
}

/**
 * The wallet proof: Sign-In with Ethereum (EIP-4361), built with viem's SIWE utilities.
 *
 * - POST /wallets/challenge `{ address, chain_id }` issues a message for this session: the
 *   app's domain and URI, taken from the partner's configured origins (`allowedOrigins`, the
 *   one the page's `Origin` names) and never from `Host`, `X-Forwarded-Host`, `Forwarded` or an
 *   unconfigured `Origin` (see `wallet-origin.ts`), a single-use 128-bit nonce from Web Crypto
 *   and a short expiry. The kit remembers the exact text under the nonce.
 * - POST /wallets/proofs `{ message, signature }` takes the nonce once, checks that the text is
 *   the one issued to this session, that its domain, URI and chain id are still the configured
 *   ones and it has not expired, and verifies the signature. The session is then bound to the
 *   wallet on that chain until `expires_at`.
 * - GET /wallets/proofs/:address says whether this session has proven the wallet.
 *
 * POST /orders and POST /quotes refuse an off-ramp whose spending wallet is not proven by the
 * asking session (see `walletNotProven`), so nobody can sell from a wallet they merely name.
 */
export function registerWalletRoutes(
  app: Hono<RampEnv>,
  kit: KitContext,
  options: WalletProofOptions = {},
) {
  const ttlMs = options.ttlMs ?? WALLET_PROOF_DEFAULTS.ttlMs
  const challengeTtlMs = options.challengeTtlMs ?? WALLET_PROOF_DEFAULTS.challengeTtlMs
  const withinLimit = limitBody({ maxBytes: kit.bodyLimitBytes })

  mountRoute(app, kit, 'walletChallenge', withinLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const request = parseWith(c, walletChallengeRequest, body.data)
    if (!request.ok) return request.response
    const address = validateEvmAddress(request.data.address, { field: 'address' })
    if (!address.ok) return invalid(c, address.field, address.message)
    const chainId = request.data.chain_id
    const origins = proofOrigins(kit)
    if (!origins.ok) return notConfigured(c, kit, origins)
    const app = proofOrigin(origins, c.req.header('origin'))
    if (app === null) {
      return fail(c, 403, 'The wallet check is only offered on this app’s own pages.', {
        code: 'origin_not_allowed',
      })
    }
    const issuedAt = kit.now()
    const expirationTime = new Date(issuedAt.getTime() + challengeTtlMs)
    const nonce = newNonce()
    const message = createSiweMessage({
      address: address.value,
      chainId,
      domain: app.domain,
      uri: app.origin,
      nonce,
      issuedAt,
      expirationTime,
      version: '1',
      statement: `Prove you control this wallet so you can sell crypto from it on ${app.domain}. This is not a transaction and costs nothing.`,
    })
    const record: ChallengeRecord = { owner, message, chain_id: chainId, origin: app.origin }
    await kit.store.kvSet({
      key: challengeKey(nonce),
      value: JSON.stringify(record),
      ttlMs: challengeTtlMs,
    })
    const data: WalletChallenge = {
      address: address.value,
      chain_id: chainId,
      message,
      expires_at: expirationTime.toISOString(),
    }
    return ok(c, data, 'Sign this message in your wallet', 201)
  })

  mountRoute(app, kit, 'walletProofs', withinLimit, (c) => acceptProof(c, kit, options, ttlMs))

  mountRoute(app, kit, 'walletProof', async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const address = validateEvmAddress(c.req.param('address'), { field: 'address' })
    if (!address.ok) return invalid(c, address.field, address.message)
    // The chain asked about (`?chain_id=`), else the service's own chain.
    const asked = c.req.query('chain_id')
    const chainId = asked === undefined ? await saleChainId(kit, {}) : Number(asked)
    if (chainId !== null && (!Number.isSafeInteger(chainId) || chainId <= 0)) {
      return invalid(c, 'chain_id', 'chain_id must be a positive whole number.')
    }
    const proof = await liveWalletProof(kit, owner, address.value)
    const record = proof !== null && proof.chain_id === chainId ? proof : null
    const data: WalletProof = {
      address: address.value,
      proven: record !== null,
      expires_at: record?.expires_at ?? null,
      chain_id: chainId,
    }
    return ok(c, data)
  })
}

/**
 * POST /wallets/proofs: takes the challenge's nonce once, checks the message is the one issued
 * to this session and still names the configured app, on the chain asked, unexpired, then
 * verifies the signature and binds the session to the wallet on that chain.
 */
async function acceptProof(
  c: Context<RampEnv>,
  kit: KitContext,
  options: WalletProofOptions,
  ttlMs: number,
): Promise<Response> {
  c.header('Cache-Control', 'no-store')
  const owner = sessionOwner(c)
  const body = await readJsonObject(c)
  if (!body.ok) return body.response
  const request = parseWith(c, walletProofRequest, body.data)
  if (!request.ok) return request.response
  const { message, signature } = request.data
  const origins = proofOrigins(kit)
  if (!origins.ok) return notConfigured(c, kit, origins)
  const parsed = parseSiweMessage(message)
  const refused = () =>
    fail(
      c,
      403,
      'This wallet check has expired or was not issued to you: start the wallet check again.',
      { field: 'message', code: 'challenge_invalid' },
    )
  if (typeof parsed.nonce !== 'string' || !/^[A-Za-z0-9]{8,96}$/.test(parsed.nonce)) {
    return refused()
  }
  const key = challengeKey(parsed.nonce)
  const saved = await kit.store.kvGet(key, kit.now())
  const record = saved === null ? null : (JSON.parse(saved) as ChallengeRecord)
  // Another session's challenge is refused exactly like an unknown one, and left in place.
  if (record === null || record.owner !== owner) return refused()
  // Single use, whatever the outcome: a signature of this text is worth one try.
  await kit.store.kvDelete(key)
  const time = kit.now()
  // The text issued, and what it names still the app as configured now: its domain and URI
  // one of the configured origins, its chain the one asked for, and not expired.
  const app = proofOrigin(origins, parsed.uri ?? '')
  if (
    record.message !== message ||
    app === null ||
    parsed.uri !== app.origin ||
    parsed.chainId !== record.chain_id ||
    parsed.address === undefined ||
    !validateSiweMessage({ message: parsed, domain: app.domain, nonce: parsed.nonce, time })
  ) {
    return refused()
  }
  const proven = await verifySignature(
    options,
    {
      address: parsed.address,
      chainId: record.chain_id,
      message,
      signature: signature as `0x${string}`,
    },
    time,
  )
  if (!proven) {
    return fail(
      c,
      403,
      'The signature is not from this wallet: sign with the wallet you are selling from.',
      { field: 'signature', code: 'signature_invalid' },
    )
  }
  const expiresAt = new Date(time.getTime() + ttlMs).toISOString()
  const proof: ProofRecord = {
    address: parsed.address,
    chain_id: record.chain_id,
    expires_at: expiresAt,
  }
  await kit.store.kvSet({
    key: walletProofKey(owner, parsed.address),
    value: JSON.stringify(proof),
    ttlMs,
  })
  const data: WalletProof = {
    address: parsed.address,
    proven: true,
    expires_at: expiresAt,
    chain_id: record.chain_id,
  }
  kit.logger.info('wallet proven', { address: parsed.address, chain_id: record.chain_id })
  return ok(c, data, 'Wallet proven', 201)
}
