import { type Address, type Hex, verifyTypedData } from 'viem'
import { ApiError } from '../http/envelope.js'
import type { Quote, QuoteSigning } from '../state/store.js'
import type { SandboxContext } from './context.js'

/**
 * Customer-signed accepts (the signed-accepts guide), on when the sandbox starts with
 * `signedAccepts`: a quote names an approved vault customer, its answer carries the EIP-712
 * `typed_data` the customer's active signing key signs (a fresh nonce, a deadline), and the
 * accept must carry that signature. The sandbox verifies it with viem against the key's address
 * over exactly the typed data it issued, and refuses a reused nonce.
 */

/**
 * The EIP-712 domain name of the signed-accepts guide's example. The guide says the domain
 * differs between environments: the sandbox's is this name, version 1 and its own chain's id.
 */
export const SIGNING_DOMAIN_NAME = 'ElementPay Partner Orders'

/** The `EIP712Domain` type of every typed data the sandbox issues (name, version, chainId). */
const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
] as const

/** The sandbox's EIP-712 domain. */
export function signingDomain(ctx: SandboxContext) {
  return { name: SIGNING_DOMAIN_NAME, version: '1', chainId: ctx.chain?.chainId ?? 31_337 }
}

/** Types plus `EIP712Domain`, the form `eth_signTypedData_v4` takes. */
export function withDomainType<T extends Record<string, readonly unknown[]>>(types: T) {
  return { EIP712Domain: DOMAIN_TYPE, ...types }
}

const ACCEPT_TYPES = {
  AcceptPartnerOrder: [
    { name: 'quoteId', type: 'string' },
    { name: 'customerId', type: 'string' },
    { name: 'keyId', type: 'string' },
    { name: 'signer', type: 'address' },
    { name: 'orderType', type: 'string' },
    { name: 'userPays', type: 'string' },
    { name: 'userReceives', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** Where a refused signed accept points: the one field the browser sends. */
const FIELD = { field: 'signed_accept.signature' }

/**
 * What a quote's customer signs, when signed accepts are on and the customer has an active key:
 * the key's next nonce (its high-water mark plus one) and the quote's expiry as the deadline.
 * Returns null when the customer has no active key (the quote is answered without `signing`,
 * and its accept is refused until the wallet is enrolled and the quote asked again).
 */
export function issueQuoteSigning(
  ctx: SandboxContext,
  quote: Pick<Quote, 'id' | 'orderType' | 'amountFiat' | 'currency' | 'amountCrypto' | 'token'>,
  customerId: string,
  expiresAt: number,
): QuoteSigning | null {
  const key = ctx.store.keysOf(customerId).find((candidate) => candidate.status === 'active')
  if (!key) return null
  const fiat = `${quote.amountFiat} ${quote.currency}`
  const crypto = `${quote.amountCrypto} ${quote.token}`
  const onRamp = quote.orderType === 'OnRamp'
  return {
    keyId: key.id,
    signer: key.address,
    nonce: key.nonceHighWater + 1,
    message: {
      quoteId: quote.id,
      customerId,
      keyId: key.id,
      signer: key.address,
      orderType: quote.orderType,
      userPays: onRamp ? fiat : crypto,
      userReceives: onRamp ? crypto : fiat,
      nonce: key.nonceHighWater + 1,
      deadline: Math.floor(expiresAt / 1000),
    },
  }
}

/** The `signing` block of a quote's answer, as the guide shows it. */
export function quoteSigningView(ctx: SandboxContext, signing: QuoteSigning) {
  return {
    next_nonce: signing.nonce,
    key_id: signing.keyId,
    signer_address: signing.signer,
    typed_data: {
      types: withDomainType(ACCEPT_TYPES),
      primaryType: 'AcceptPartnerOrder',
      domain: signingDomain(ctx),
      message: signing.message,
    },
  }
}

/**
 * Checks a signed accept of a quote (signed accepts on): the signature is present, the quote's
 * key still active, its nonce unused, and the signature the key's over the quote's typed data.
 * Consumes the nonce on success. Each refusal is a 422 on `signed_accept.signature`.
 */
export async function verifySignedAccept(
  ctx: SandboxContext,
  quote: Quote,
  signature: string | undefined,
) {
  if (signature === undefined) {
    throw new ApiError(
      422,
      'signed_accept.signature is required: signed accepts are on for this API key; sign the quote’s signing.typed_data with the customer’s enrolled wallet',
      FIELD,
    )
  }
  const signing = quote.signing
  if (!signing) {
    throw new ApiError(
      422,
      'The quote’s customer had no active signing key: enroll the wallet, then request a new quote',
      FIELD,
    )
  }
  const key = ctx.store.signingKeys.get(signing.keyId)
  if (key?.status !== 'active') {
    throw new ApiError(
      422,
      'The signing key of this quote is revoked: enroll the wallet again, then request a new quote',
      FIELD,
    )
  }
  if (signing.nonce <= key.nonceHighWater) {
    throw new ApiError(
      422,
      `Nonce ${signing.nonce} is already used (the key's high-water mark is ${key.nonceHighWater}): request a new quote`,
      FIELD,
    )
  }
  let valid = false
  try {
    valid = await verifyTypedData({
      address: key.address as Address,
      domain: signingDomain(ctx),
      types: ACCEPT_TYPES,
      primaryType: 'AcceptPartnerOrder',
      message: {
        ...signing.message,
        signer: signing.message.signer as Address,
        nonce: BigInt(signing.message.nonce),
        deadline: BigInt(signing.message.deadline),
      },
      signature: signature as Hex,
    })
  } catch {
    valid = false
  }
  if (!valid) {
    throw new ApiError(
      422,
      'signed_accept.signature is not the enrolled wallet’s signature over this quote’s signing.typed_data',
      FIELD,
    )
  }
  // Checked again after the verification's await: a concurrent accept of this quote may have
  // finished meanwhile (a retry, answered with its order as any second accept is), or another
  // may have taken the nonce.
  if (quote.orderId) {
    throw new ApiError(409, 'Quote already accepted; use the returned order_id', {
      order_id: quote.orderId,
      quote_id: quote.id,
    })
  }
  if (key.status !== 'active' || signing.nonce <= key.nonceHighWater) {
    throw new ApiError(422, `Nonce ${signing.nonce} is already used: request a new quote`, FIELD)
  }
  key.nonceHighWater = signing.nonce
}
