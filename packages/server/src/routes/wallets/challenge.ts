import { walletChallengeRequest } from '@rampkit/core/internal'
import type { WalletChallenge } from '@rampkit/core/kit'
import { validateEvmAddress } from '@rampkit/core/validation'
import { createSiweMessage } from 'viem/siwe'
import { invalid } from '../../http/body.js'
import { fail, ok } from '../../http/envelope.js'
import { limitBody } from '../../middleware/body-limit/index.js'
import { defineRoute } from '../define.js'
import { readOwnedBody } from '../owned-body.js'
import { newNonce, notConfigured, proofOrigin, proofOrigins } from '../wallet-origin.js'
import { type ChallengeRecord, challengeKey } from './options.js'

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
export const walletChallenge = defineRoute({
  route: 'walletChallenge',
  guards: ['origin', 'session'],
  needs: [
    'store',
    'now',
    'logger',
    'environment',
    'allowedOrigins',
    'walletProof',
    'bodyLimitBytes',
  ],
  middleware: ({ bodyLimitBytes }) => [limitBody({ maxBytes: bodyLimitBytes })],
  handler: async (c, kit) => {
    c.header('Cache-Control', 'no-store')
    const request = await readOwnedBody(c, walletChallengeRequest)
    if (!request.ok) return request.response
    const { owner } = request
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
    const expirationTime = new Date(issuedAt.getTime() + kit.walletProof.challengeTtlMs)
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
      ttlMs: kit.walletProof.challengeTtlMs,
    })
    const data: WalletChallenge = {
      address: address.value,
      chain_id: chainId,
      message,
      expires_at: expirationTime.toISOString(),
    }
    return ok(c, data, 'Sign this message in your wallet', 201)
  },
})
