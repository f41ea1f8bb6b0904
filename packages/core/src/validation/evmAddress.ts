import type { Address } from 'viem'
import { getAddress } from 'viem/utils'
import { VALIDATION_FIELDS } from './fields.js'
import { fail, ok, text, type ValidationResult } from './result.js'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

/** Options of `validateEvmAddress`: the field to name in a refusal. */
export type ValidateEvmAddressOptions = {
  /** `data.field` to report, `user_address` (create order) unless given (`wallet_address` on a quote). */
  field?: string
}

/**
 * Checks an EVM address and returns it checksummed (EIP-55). All-lowercase and all-uppercase hex
 * carry no checksum and are accepted; mixed case is a checksum, and a wrong one is refused because
 * it usually means a mistyped character. The zero address is refused: tokens sent there are
 * lost.
 *
 * @example
 * validateEvmAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 * // { ok: true, value: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }
 * validateEvmAddress(input, { field: 'wallet_address' })
 */
export function validateEvmAddress(
  input: unknown,
  options: ValidateEvmAddressOptions = {},
): ValidationResult<Address> {
  const field = options.field ?? VALIDATION_FIELDS.userAddress
  const value = text(input)
  if (value === undefined) return fail(field, 'required', 'Enter a wallet address')
  if (!HEX_ADDRESS.test(value)) {
    return fail(field, 'invalid_format', 'Enter a wallet address: 0x followed by 40 hex characters')
  }
  const hex = value.slice(2)
  const hasChecksum = hex !== hex.toLowerCase() && hex !== hex.toUpperCase()
  const checksummed = getAddress(`0x${hex.toLowerCase()}`)
  if (hasChecksum && checksummed !== value) {
    return fail(field, 'bad_checksum', 'The address checksum is wrong: check it for typos')
  }
  if (value.toLowerCase() === ZERO_ADDRESS) {
    return fail(field, 'zero_address', 'This address cannot receive funds')
  }
  return ok(checksummed)
}
