export { compareDecimal, toDecimalString } from './decimal.js'
export { UnitsError, type UnitsErrorReason } from './errors.js'
export {
  assertDecimals,
  type FormatTokenAmountOptions,
  formatTokenAmount,
  fromBaseUnits,
  MAX_TOKEN_DECIMALS,
  toBaseUnits,
} from './units.js'
