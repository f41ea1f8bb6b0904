// The module the root README's page imports `show` from: what the shopper sees once paid.
export { show } from './partner'
