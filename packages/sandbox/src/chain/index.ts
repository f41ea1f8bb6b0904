// The sandbox's local chain: anvil, the test tokens and the service's spender. Other modules of
// the sandbox import from here only.
export { ANVIL_DEFAULT_MNEMONIC } from './accounts.js'
export {
  rampSpenderAbi,
  rampSpenderBytecode,
  sandboxErrorAbi,
  testTokenAbi,
  testTokenBytecode,
  testTokenUsdtStyleAbi,
  testTokenUsdtStyleBytecode,
} from './artifacts.js'
export { SandboxChainError, type SandboxChainOperation } from './errors.js'
export { sandboxFunding, startChain, toOrderRef } from './startChain.js'
export { sandboxTokenSpecs } from './tokens.js'
export type {
  ChainToken,
  SandboxChain,
  SandboxTestAccount,
  StartChainOptions,
} from './types.js'
