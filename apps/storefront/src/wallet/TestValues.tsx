import type { Catalog, CatalogCountry } from '@rampkit/core'
import { SANDBOX_TEST_VALUES, sandboxTestPhonesOf } from '@rampkit/core/validation'
import { useCatalog, useKitConfig } from '@rampkit/react'
import { useId } from 'react'

const { accountNumber, customerName, customerReview } = SANDBOX_TEST_VALUES

type Row = { key: string; where: string; settles: string; fails: string; note?: string }

/** Every served country (buying or selling), once, by its catalog entry. */
function servedCountries(catalog: Catalog | undefined): CatalogCountry[] {
  const byCode = new Map<string, CatalogCountry>()
  for (const tree of [catalog?.onramp, catalog?.offramp]) {
    for (const country of Object.values(tree?.countries ?? {})) {
      if (country.enabled && !byCode.has(country.country_code)) {
        byCode.set(country.country_code, country)
      }
    }
  }
  return [...byCode.values()]
}

function countryName(country: CatalogCountry): string {
  try {
    return (
      new Intl.DisplayNames(['en'], { type: 'region' }).of(country.country_code) ??
      country.country_name ??
      country.country_code
    )
  } catch {
    return country.country_name ?? country.country_code
  }
}

/**
 * The rows of the panel: each served country's mobile-money phones (core's test phones by the
 * country's calling code), then one row for every bank rail, whose test account numbers are the
 * same in every country and currency (the international ones take them in place of an IBAN).
 */
function testValueRows(catalog: Catalog | undefined): Row[] {
  const rows: Row[] = []
  const banks: string[] = []
  for (const country of servedCountries(catalog)) {
    const phones = country.payment_methods.mobile_money
      ? sandboxTestPhonesOf(country.country_code)
      : undefined
    if (phones) {
      rows.push({
        key: `${country.country_code}:momo`,
        where: `${countryName(country)} (${country.currency}): mobile money number`,
        settles: phones.settle,
        fails: phones.fail,
      })
    }
    if (country.payment_methods.bank) banks.push(country.currency)
  }
  for (const entry of catalog?.international_bank?.currencies ?? []) banks.push(entry.currency)
  if (banks.length > 0) {
    rows.push({
      key: 'bank',
      where: `Bank account number, or IBAN (${[...new Set(banks)].join(', ')})`,
      settles: accountNumber.settle,
      fails: accountNumber.fail,
    })
  }
  return rows
}

/**
 * The sandbox's documented test values, where the demo shopper looks (core's
 * `SANDBOX_TEST_VALUES`, the list the sandbox and the widget's validation read), for every
 * country and currency the catalog serves: what to type for an order that settles or fails.
 * A failing order's value never touches the shopper's identity: only the review's own value
 * declines it. Shown only in a sandbox.
 */
export function TestValues() {
  const titleId = useId()
  const config = useKitConfig()
  const catalog = useCatalog()
  if (config.data?.environment !== 'sandbox') return null
  const rows: Row[] = [
    ...testValueRows(catalog.data),
    {
      key: 'seller',
      where: 'Your name when selling (it is your verified name)',
      settles: `${customerName.settle} Jane Doe`,
      fails: `${customerName.fail} Jane Doe`,
      note: 'A failing sale: your identity is still approved, and the next sale can settle.',
    },
  ]
  return (
    <section className="test-values" aria-labelledby={titleId} data-testid="test-values">
      <h2 id={titleId}>Sandbox test values</h2>
      <p>An order ends by what you type; anything else waits for its payment.</p>
      {rows.map((row) => (
        <dl key={row.key} data-testid="test-value">
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
      <dl data-testid="test-value">
        <dt>Identity review</dt>
        <dd>
          Declined: <code>{customerReview.reject} Jane Doe</code> as your name
        </dd>
        <dd className="test-values-note">Any other name is approved.</dd>
      </dl>
    </section>
  )
}
