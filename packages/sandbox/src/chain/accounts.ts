import { pbkdf2Sync } from 'node:crypto'
import { type Hex, toHex } from 'viem'
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

/**
 * Anvil's default mnemonic. Its accounts are public knowledge: fine for a local chain, never for
 * anything holding value.
 *
 * @example
 * await startChain({ mnemonic: ANVIL_DEFAULT_MNEMONIC })
 */
export const ANVIL_DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk'

/**
 * Derives accounts `0..count-1` of a BIP-39 mnemonic on anvil's path `m/44'/60'/0'/0/i`. The seed
 * is computed once with node's native PBKDF2: viem's `mnemonicToAccount` recomputes it in
 * JavaScript for every account, which alone would cost a noticeable part of a chain start.
 *
 * @example
 * const [operator] = deriveAccounts(ANVIL_DEFAULT_MNEMONIC, 11) // operator.account, operator.privateKey
 */
export function deriveAccounts(
  mnemonic: string,
  count: number,
): { account: PrivateKeyAccount; privateKey: Hex }[] {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/)
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new Error(`a mnemonic has 12, 15, 18, 21 or 24 words; this one has ${words.length}`)
  }
  const seed = pbkdf2Sync(words.join(' '), 'mnemonic', 2048, 64, 'sha512')
  const parent = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0")
  return Array.from({ length: count }, (_, index) => {
    const privateKey = parent.deriveChild(index).privateKey
    if (!privateKey) throw new Error(`cannot derive the private key of account ${index}`)
    const hex = toHex(privateKey)
    return { account: privateKeyToAccount(hex), privateKey: hex }
  })
}
