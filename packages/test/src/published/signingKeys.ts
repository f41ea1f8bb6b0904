/**
 * Signing-key answers shaped as the signed-accepts guide and the interface description (2.9)
 * publish them, with rampkit's own values. Test-only.
 */

export const SIGNER = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4'
export const KEY_ID = 'skey_4e1f0a9b7c3d'

/** The challenge answer: a pending key and the typed data the wallet signs, opaque. */
export const signingKeyChallenge = {
  key_id: KEY_ID,
  address: SIGNER,
  expires_at: '2026-09-03T10:10:00+00:00',
  typed_data: {
    primaryType: 'RegisterSigningKey',
    domain: { name: 'Example Partner Orders', version: '1', chainId: 84532 },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      RegisterSigningKey: [
        { name: 'keyId', type: 'string' },
        { name: 'signer', type: 'address' },
      ],
    },
    message: { keyId: KEY_ID, signer: SIGNER },
  },
}

/** The completion answer: `active`, nonces; no `created_at` nor `revoked_at` shown. */
export const activeSigningKey = {
  key_id: KEY_ID,
  address: SIGNER,
  status: 'active',
  nonce_high_water: 0,
  next_nonce: 1,
  activated_at: '2026-09-03T10:01:00+00:00',
}

/** A revoked key as the list and revoke show it (2.9: `revoked_at` set, no `next_nonce`). */
export const revokedSigningKey = {
  key_id: 'skey_0b9a8c7d6e5f',
  address: '0x0000000000000000000000000000000000c0FFee',
  status: 'revoked',
  nonce_high_water: 4,
  activated_at: '2026-08-01T08:00:00+00:00',
  revoked_at: '2026-09-01T08:00:00+00:00',
  created_at: '2026-08-01T07:58:00+00:00',
}

/** The list answer. */
export const signingKeyList = { keys: [activeSigningKey, revokedSigningKey] }

/** An unknown key on revoke: `data.field` names `key_id`. */
export const signingKeyNotFound = {
  status: 'error',
  message: 'Signing key not found',
  data: { field: 'key_id' },
}
