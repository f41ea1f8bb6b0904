import { expect, it } from 'vitest'
import * as units from './index.js'

it('exports the public units API', () => {
  expect(Object.keys(units).sort()).toMatchInlineSnapshot(`
    [
      "MAX_TOKEN_DECIMALS",
      "UnitsError",
      "assertDecimals",
      "compareDecimal",
      "formatTokenAmount",
      "fromBaseUnits",
      "toBaseUnits",
      "toDecimalString",
    ]
  `)
})
