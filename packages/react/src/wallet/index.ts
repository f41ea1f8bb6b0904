'use client'
/**
 * `@rampkit/react/wallet`: the hooks that need wagmi, for a sale in your own UI: the token
 * allowance (`useAllowance`), the wallet proof (`useWalletProof`) and the signed accept
 * (`useSignedAccept`). wagmi and viem are optional peers of `@rampkit/react`: install them and
 * render under a `WagmiProvider` to use this entry. `<RampCheckout />` loads the same hooks
 * lazily when a sale is chosen, so an on-ramp page loads neither.
 */
export {
  type AllowancePhase,
  type AllowanceToken,
  ApprovalError,
  type ApprovalErrorReason,
  type UseAllowanceParameters,
  type UseAllowanceReturnType,
  useAllowance,
} from '../hooks/useAllowance.js'
export {
  SignedAcceptError,
  type SignedAcceptErrorReason,
  type UseSignedAcceptReturnType,
  useSignedAccept,
} from '../hooks/useSignedAccept.js'
export {
  type UseWalletProofParameters,
  type UseWalletProofReturnType,
  useWalletProof,
  WalletProofError,
  type WalletProofErrorReason,
} from '../hooks/useWalletProof.js'
