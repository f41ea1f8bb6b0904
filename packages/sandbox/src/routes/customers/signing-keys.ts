import { Hono } from 'hono'
import type { Address, Hex } from 'viem'
import { isoOffset } from '../../clock/index.js'
import { completeSigningKeyRequest, signingKeyChallengeRequest } from '../../core.js'
import { readJsonBody } from '../../http/body.js'
import { ApiError, ok } from '../../http/envelope.js'
import type { SandboxEnv } from '../../http/types.js'
import type { SandboxContext } from '../../service/context.js'
import {
  challengeSigningKey,
  challengeTypedData,
  completeSigningKey,
} from '../../service/customers.js'
import { signingKeyView } from '../../service/views.js'
import { customerOf, KEY_ID, parse } from './shared.js'

/** Signing keys: challenge, complete, list, revoke. */
export function signingKeyRoutes(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>()

  app.post('/:customer_id/signing-keys/challenge', async (c) => {
    const customer = customerOf(ctx, c)
    const request = parse(signingKeyChallengeRequest, await readJsonBody(c))
    const key = challengeSigningKey(ctx, customer, request.address as Address)
    return ok(
      c,
      'Signing key challenge created',
      {
        key_id: key.id,
        address: key.address,
        expires_at: isoOffset(key.challengeExpiresAt),
        typed_data: challengeTypedData(ctx, key),
      },
      201,
    )
  })

  app.post('/:customer_id/signing-keys/complete', async (c) => {
    const customer = customerOf(ctx, c)
    const request = parse(completeSigningKeyRequest, await readJsonBody(c))
    const key = ctx.store.signingKeys.get(request.key_id)
    if (!key || key.customerId !== customer.id) {
      throw new ApiError(404, 'Signing key not found', { field: 'key_id' })
    }
    const active = await completeSigningKey(ctx, customer, key, request.signature as Hex)
    return ok(c, 'Signing key activated', signingKeyView(active))
  })

  app.get('/:customer_id/signing-keys', (c) => {
    const customer = customerOf(ctx, c)
    // A challenge not completed is no key yet.
    const keys = ctx.store
      .keysOf(customer.id)
      .filter((key) => key.status !== 'pending')
      .map(signingKeyView)
    return ok(c, `${keys.length} signing keys`, { keys })
  })

  app.post('/:customer_id/signing-keys/:key_id/revoke', (c) => {
    const customer = customerOf(ctx, c)
    const keyId = c.req.param('key_id')
    const key = KEY_ID.test(keyId) ? ctx.store.signingKeys.get(keyId) : undefined
    if (!key || key.customerId !== customer.id || key.status === 'pending') {
      throw new ApiError(404, 'Signing key not found', { field: 'key_id' })
    }
    // Revoking twice succeeds and changes nothing (interface description, section 3).
    if (key.status === 'active') {
      key.status = 'revoked'
      key.revokedAt = ctx.clock.now()
    }
    return ok(c, 'Signing key revoked', signingKeyView(key))
  })

  return app
}
