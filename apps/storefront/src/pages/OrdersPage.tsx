import {
  isKnownOrderStatus,
  type KitOrder,
  type MetaToken,
  orderStatusText,
  tokenDisplayName,
} from '@rampkit/core'
import {
  isOrderFinal,
  ordersQueryOptions,
  type RampKitContextValue,
  useOrderStatus,
  useRampKit,
  useTokens,
} from '@rampkit/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from '../router.js'

/** The status filter's choices: every order, or those whose status is in a group. */
const FILTERS = {
  all: { label: 'All orders', test: () => true },
  open: { label: 'In progress', test: (status: string) => !isOrderFinal(status) },
  settled: { label: 'Settled', test: (status: string) => status === 'settled' },
  failed: { label: 'Failed', test: (status: string) => status === 'failed' },
  refunded: { label: 'Refunded', test: (status: string) => status === 'refunded' },
} as const
type Filter = keyof typeof FILTERS

/**
 * This shopper's orders, newest first, with live status. The list comes from the kit's GET
 * /orders, which answers for the session's shopper only (in this demo: the chosen test account,
 * see server/session.ts); each open order streams its status over SSE with `useOrderStatus`.
 * The list itself refreshes every few seconds, since even a settled order can later be refunded.
 */
export function OrdersPage({ shopper }: { shopper?: string | undefined }) {
  const { client } = useRampKit()
  const orders = useQuery({ ...ordersQueryOptions(client), refetchInterval: 3000 })
  const tokens = useTokens()
  const [filter, setFilter] = useState<Filter>('all')
  const filterId = useId()
  const shown = orders.data?.filter((order) => FILTERS[filter].test(order.status))

  return (
    <section aria-labelledby="orders-title" className="orders-page">
      <h1 id="orders-title">Your orders</h1>
      {shopper ? (
        <p className="orders-owner">
          Orders of test account <code>{shortHash(shopper)}</code>. Each test account is a shopper
          of its own.
        </p>
      ) : null}
      {orders.isPending ? <p>Loading orders…</p> : null}
      {orders.isError ? <p role="alert">Could not load orders: {orders.error.message}</p> : null}
      {orders.data?.length === 0 ? (
        <div className="orders-empty" data-testid="orders-empty">
          <p>No orders yet.</p>
          <p>
            <Link to="buy">Buy crypto</Link> or <Link to="sell">sell crypto</Link> to see your
            orders here.
          </p>
        </div>
      ) : null}
      {orders.data?.length ? (
        <>
          <p className="orders-filter">
            <label htmlFor={filterId}>Show</label>
            <select
              id={filterId}
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
            >
              {(Object.keys(FILTERS) as Filter[]).map((key) => (
                <option key={key} value={key}>
                  {FILTERS[key].label}
                </option>
              ))}
            </select>
          </p>
          {shown?.length ? (
            <table className="orders">
              <caption className="visually-hidden">Your orders and their status</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">You pay</th>
                  <th scope="col">You receive</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reference</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((order) => (
                  <OrderRow key={order.id} order={order} tokens={tokens.data?.tokens} />
                ))}
              </tbody>
            </table>
          ) : (
            <p>No orders with this status.</p>
          )}
        </>
      ) : null}
    </section>
  )
}

function OrderRow({
  order: listed,
  tokens,
}: {
  order: KitOrder
  tokens: readonly MetaToken[] | undefined
}) {
  const { t, locale } = useRampKit()
  const live = useOrderStatus(listed.id, { enabled: !isOrderFinal(listed.status) })
  // The newer of the two: the stream moves first, the list catches up (or sees a refund).
  const order = live.data && live.data.updated_at > listed.updated_at ? live.data : listed
  const fiat = formatFiat(order.amount_fiat, order.currency, locale)
  const crypto = formatToken(order.amount_crypto, tokenName(order.token, tokens), locale)
  const buying = order.order_type === 'OnRamp'
  const reference = order.order_id ?? order.tx_hash ?? order.id
  return (
    <tr data-testid="order-row" data-order-id={order.id}>
      <td data-label="Date">
        <time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time>
      </td>
      <td data-label="Type">{buying ? 'Buy' : 'Sell'}</td>
      <td data-label="You pay" className="amount">
        {buying ? fiat : crypto}
      </td>
      <td data-label="You receive" className="amount">
        {buying ? crypto : fiat}
      </td>
      <td data-label="Status">
        <span className="status" data-status={order.status}>
          {statusLabel(t, order.status)}
        </span>
      </td>
      <td data-label="Reference">
        <code title={reference}>{shortHash(reference)}</code>
      </td>
    </tr>
  )
}

/** A status's label from the widget's messages; a status they do not name, in plain words. */
function statusLabel(t: RampKitContextValue['t'], status: string): string {
  return isKnownOrderStatus(status)
    ? t(`status.${status}`)
    : t('status.other', { status: orderStatusText(status) })
}

/**
 * A token named for people ("USDC on Base") when the token list tells which one the order's
 * token is: the kit keeps the quote's asset (a label such as `BASE_USDC(Testnet)`), a direct
 * order's address, or a symbol; a bare symbol is named only when one listed token has it.
 * Otherwise the order's own word: a symbol alone does not say the network.
 */
function tokenName(token: string | null, tokens: readonly MetaToken[] | undefined): string {
  if (!token) return ''
  const wanted = token.toLowerCase()
  const exact = tokens?.find(
    (t) => t.label.toLowerCase() === wanted || t.address.toLowerCase() === wanted,
  )
  const bySymbol = tokens?.filter((t) => t.symbol.toLowerCase() === wanted)
  const match = exact ?? (bySymbol?.length === 1 ? bySymbol[0] : undefined)
  if (!match) return token
  return tokenDisplayName({
    symbol: match.symbol,
    label: match.label,
    address: match.address,
    chainId: match.chain_id,
    ...(match.chain ? { chain: match.chain } : {}),
  })
}

function formatFiat(amount: number | null, currency: string | null, locale: string): string {
  if (amount === null) return '—'
  if (!currency) return new Intl.NumberFormat(locale).format(amount)
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
  } catch {
    // Not an ISO 4217 code Intl knows: the number and the code as sent.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`
  }
}

// Six significant digits, as the widget's estimates: 5.94999132 USDC reads 5.94999 USDC.
function formatToken(amount: number | null, name: string, locale: string): string {
  if (amount === null) return '—'
  const figure = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(amount)
  return name ? `${figure} ${name}` : figure
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

function shortHash(value: string): string {
  return value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value
}
