import { SANDBOX_TEST_VALUES } from '@rampkit/core/validation'
import { useKitConfig } from '@rampkit/react'
import { useId } from 'react'

const { phoneDigits, accountNumber, customerName } = SANDBOX_TEST_VALUES

/**
 * The sandbox's documented test values, where the demo shopper looks (core's
 * `SANDBOX_TEST_VALUES`, the list the sandbox and the widget's validation read): what to type for
 * an order that settles or fails, on every rail the demo offers. Shown only in a sandbox.
 */
export function TestValues() {
  const titleId = useId()
  const config = useKitConfig()
  if (config.data?.environment !== 'sandbox') return null
  const rows = [
    {
      where: 'Mobile money number',
      settles: `+254${phoneDigits.settle}`,
      fails: `+254${phoneDigits.fail}`,
      note: 'The same digits after +234 in Nigeria',
    },
    {
      where: 'Bank account number, or IBAN (EUR and USD bank pay-ins)',
      settles: accountNumber.settle,
      fails: accountNumber.fail,
    },
    {
      where: 'Name of a seller (selling)',
      settles: `${customerName.settle} Jane Doe`,
      fails: `${customerName.fail} Jane Doe`,
    },
  ]
  return (
    <section className="test-values" aria-labelledby={titleId} data-testid="test-values">
      <h2 id={titleId}>Sandbox test values</h2>
      <p>An order ends by what you type; anything else waits for its payment.</p>
      {rows.map((row) => (
        <dl key={row.where}>
          <dt>{row.where}</dt>
          <dd>
            Settles: <code>{row.settles}</code>
          </dd>
          <dd>
            Fails: <code>{row.fails}</code>
          </dd>
          {row.note ? <dd className="test-values-note">{row.note}</dd> : null}
        </dl>
      ))}
    </section>
  )
}
