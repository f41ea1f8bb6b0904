import { walletProofRequest } from '@rampkit/core/internal'
import type { WalletProof } from '@rampkit/core/kit'
import type { Context } from 'hono'
import { type Address, verifyMessage } from 'viem'
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe'
import { fail, ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import type { RampEnv } from '../context.js'
import { defineRoute, type RouteDeps } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import { notConfigured, proofOrigin, proofOrigins } from '../wallet-origin.js'
import { type ProofRecord, walletProofKey } from '../wallet-proof.js'
import { type ChallengeRecord, challengeKey, type WalletProofSettings } from './options.js'

const NEEDS = ['store', 'now', 'logger', 'environment', 'allowedOrigins', 'walletProof'] as const
type ProveDeps = RouteDeps<(typeof NEEDS)[number]>

/**
 * POST /wallets/proofs (see `challenge.ts` for the whole proof): takes the challenge's nonce once, checks the message is the one issued
 * to this session and still names the configured app, on the chain asked, unexpired, then
 * verifies the signature and binds the session to the wallet on that chain.
 */
export const proveWallet = defineRoute({
  route: 'walletProofs',
  guards: ['origin', 'session'],
  needs: [...NEEDS, 'bodyLimitBytes'],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: (c, kit) => acceptProof(c, kit),
})

async function verifySignature(
  options: WalletProofSettings,
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

async function acceptProof(c: Context<RampEnv>, kit: ProveDeps): Promise<Response> {
  const { ttlMs } = kit.walletProof
  c.header('Cache-Control', 'no-store')
  const request = await readOwnedBody(c, walletProofRequest)
  if (!request.ok) return request.response
  const { owner } = request
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
    kit.walletProof,
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
