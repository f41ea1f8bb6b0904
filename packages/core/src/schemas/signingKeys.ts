import { z } from 'zod'
import { hexAddress, openEnum } from './common.js'

/*
 * A customer's EIP-712 signing keys (customer-signed accepts): enrollment by challenge and
 * completion, list, revoke. Paths and shapes from the signed-accepts guide and the interface
 * description (2.9, 4.13, 4.14); the OpenAPI document does not list these routes.
 */

/**
 * Signing key statuses: `active` and `revoked` (interface description); a key whose challenge
 * is not completed yet may be listed with another status, kept as it is.
 */
export const SIGNING_KEY_STATUSES = ['active', 'revoked'] as const
/** A signing key's status: one of `SIGNING_KEY_STATUSES`, or another word kept as it is. */
export const signingKeyStatus = openEnum(SIGNING_KEY_STATUSES)
/** A signing key's status (`active`, `revoked`, or another word kept as it is). */
export type SigningKeyStatus = z.infer<typeof signingKeyStatus>

/**
 * Body of `POST /partner/customers/{customer_id}/signing-keys/challenge`: the customer's EVM
 * wallet (`0x` and 40 hex digits; not a Stellar address). A new address replaces a lost wallet.
 */
export const signingKeyChallengeRequest = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, {
    error: 'address must be an EVM address (0x and 40 hex digits)',
  }),
})
/**
 * Body of `POST /partner/customers/{customer_id}/signing-keys/challenge`: the customer's EVM wallet
 * (`0x` and 40 hex digits; not a Stellar address). The type of what `signingKeyChallengeRequest`
 * accepts.
 */
export type SigningKeyChallengeRequest = z.input<typeof signingKeyChallengeRequest>

/**
 * EIP-712 typed data as the service issues it. Opaque: hand it to the wallet
 * (`eth_signTypedData_v4`) exactly as received, never rebuilt; every field it carries is kept.
 */
export const typedData = z.looseObject({
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
})
/** EIP-712 typed data as the service issues it. The type of what `typedData` parses to. */
export type TypedData = z.infer<typeof typedData>

/**
 * The `data` of a challenge: the pending key's `key_id` (`skey_…`), the address, `expires_at`
 * (about ten minutes) and the `typed_data` (`primaryType: RegisterSigningKey`) the wallet signs.
 */
export const signingKeyChallenge = z.looseObject({
  key_id: z.string(),
  address: hexAddress,
  expires_at: z.string(),
  typed_data: typedData,
})
/**
 * The `data` of a challenge: the pending key's `key_id` (`skey_…`), the address, `expires_at`
 * (about ten minutes) and the `typed_data` the wallet signs. The type of what
 * `signingKeyChallenge` parses to.
 */
export type SigningKeyChallenge = z.infer<typeof signingKeyChallenge>

/**
 * Body of `POST /partner/customers/{customer_id}/signing-keys/complete`: the challenge's
 * `key_id` and the wallet's signature over its `typed_data` (the register signature, not an
 * accept signature).
 */
export const completeSigningKeyRequest = z.strictObject({
  key_id: z.string().regex(/^skey_[A-Za-z0-9_-]+$/, { error: 'key_id must start with skey_' }),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'signature must be a 65-byte 0x hex signature' }),
})
/**
 * Body of `POST /partner/customers/{customer_id}/signing-keys/complete`: the challenge's `key_id`
 * and the wallet's signature over its `typed_data` (the register signature, not an accept
 * signature). The type of what `completeSigningKeyRequest` accepts.
 */
export type CompleteSigningKeyRequest = z.input<typeof completeSigningKeyRequest>

/**
 * Body of the kit's `POST /signing-keys/:keyId/revoke`: none, or an empty object (the service's
 * revoke takes no body). An unknown key is a 422 naming it.
 */
export const revokeSigningKeyRequest = z.strictObject({})

/**
 * A signing key (2.9). `next_nonce` is on active keys (replay protection of signed accepts);
 * `revoked_at` is set by revoke. The published answers differ in which fields they show (the
 * completion shows no `created_at`, the revoke only id, status and `revoked_at` are read), so only
 * the id, the address and the status are required.
 */
export const signingKey = z.looseObject({
  key_id: z.string(),
  address: z.string(),
  status: signingKeyStatus,
  nonce_high_water: z.number().int().optional(),
  next_nonce: z.number().int().optional(),
  activated_at: z.string().nullable().optional(),
  revoked_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
})
/** A signing key (2.9). The type of what `signingKey` parses to. */
export type SigningKey = z.infer<typeof signingKey>

/** 4.13: the `data` of the signing keys list. */
export const signingKeys = z.looseObject({ keys: z.array(signingKey) })
/** 4.13: the `data` of the signing keys list. The type of what `signingKeys` parses to. */
export type SigningKeys = z.infer<typeof signingKeys>
