'use client'
/**
 * `@rampkit/react/accounts`: `<RampAccounts />`, the user's accounts (balances, deposit
 * instructions, payout banks, opening one), live. An entry of its own: a page with only the
 * checkout never loads it. Use it inside `RampKitProvider`.
 */
export {
  DEFAULT_ACCOUNT_CHOICES,
  type RampAccountChoice,
  RampAccounts,
  type RampAccountsProps,
} from './RampAccounts.js'
