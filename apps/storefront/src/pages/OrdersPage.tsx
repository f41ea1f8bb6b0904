import type { MetaToken } from '@rampkit/core'
import type { CheckoutPaymentInstructions } from '@rampkit/core/checkout'
import { parseCheckout, tokenDisplayName } from '@rampkit/core/checkout'
import type { KitOrder } from '@rampkit/core/kit'
import { isKnownOrderStatus, orderStatusRank, orderStatusText } from '@rampkit/core/kit'
import {
  formatExact,
  isOrderFinal,
  ordersQueryOptions,
  PaymentInstructions,
  type RampKitContextValue,
  useOrderStatus,
  useRampKit,
  useTokens,
} from '@rampkit/react'
import { useQuery } from '@tanstack/react-query'
import { Fragment, useContext, useId, useState } from 'react'
import { WagmiContext } from 'wagmi'
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
 * /orders, which answers for the signed-in shopper only (in this demo: the wallet signed in with,
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
          Orders of the wallet <code>{shortHash(shopper)}</code>, signed in with it: they follow the
          wallet into any browser.
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
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((order) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    tokens={tokens.data?.tokens}
                    shopper={shopper}
                  />
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
  shopper,
}: {
  order: KitOrder
  tokens: readonly MetaToken[] | undefined
  shopper: string | undefined
}) {
  const { t, locale } = useRampKit()
  const live = useOrderStatus(listed.id, { enabled: !isOrderFinal(listed.status) })
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  // The newer of the two: the stream moves first, the list catches up (or sees a refund).
  const order = live.data && live.data.updated_at > listed.updated_at ? live.data : listed
  const fiat = formatFiat(order.amount_fiat, order.currency, locale)
  const crypto = formatToken(order.amount_crypto, tokenName(order.token, tokens), locale)
  const buying = order.order_type === 'OnRamp'
  const reference = order.order_id ?? order.tx_hash ?? order.id
  return (
    <Fragment>
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
        <td className="order-toggle">
          <button
            type="button"
            className="details-button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden">
              {' '}
              of the order of {formatDate(order.created_at, locale)}
            </span>
          </button>
        </td>
      </tr>
      {open ? (
        <tr className="order-details-row">
          <td colSpan={7}>
            <OrderDetails
              id={detailsId}
              order={order}
              tokens={tokens}
              shopper={shopper}
              fiat={fiat}
              crypto={crypto}
            />
          </td>
        </tr>
      ) : null}
    </Fragment>
  )
}

/** The order's life as three stages; the last one is how it ended, once it has. */
const TIMELINE = ['submitted', 'processing', 'settled'] as const

/**
 * One order in full: its amounts and rate, where it is in its life (with the times the kit
 * knows: created, last changed), why it failed and what next when it did, how to pay it while it
 * is open (the instructions the checkout in this tab received when the order was accepted), and
 * its transactions, linked to the chain's block explorer when the wallet's chain has one.
 */
function OrderDetails(props: {
  id: string
  order: KitOrder
  tokens: readonly MetaToken[] | undefined
  shopper: string | undefined
  fiat: string
  crypto: string
}) {
  const { t, locale } = useRampKit()
  const { order, tokens } = props
  const buying = order.order_type === 'OnRamp'
  const token = matchToken(order.token, tokens)
  const explorer = useContext(WagmiContext)?.chains.find((chain) => chain.id === token?.chain_id)
    ?.blockExplorers?.default
  const ended = order.status === 'failed' || order.status === 'refunded'
  const reached =
    order.status === 'settled'
      ? 2
      : orderStatusRank(order.status) >= orderStatusRank('processing')
        ? 1
        : 0
  const stages = TIMELINE.map((stage, index) => ({
    label: index === 2 && ended ? statusLabel(t, order.status) : t(`status.${stage}`),
    state:
      ended && index === 2
        ? 'ended'
        : index < reached
          ? 'done'
          : index === reached
            ? 'current'
            : 'upcoming',
  }))
  const instructions = isOrderFinal(order.status) ? undefined : storedInstructions(order.id)
  const transactions = [
    ['Creation transaction', order.tx_hash],
    ['Settlement transaction', order.settlement_transaction_hash],
  ].filter(
    (entry, index, all): entry is [string, string] =>
      typeof entry[1] === 'string' && all.findIndex((other) => other[1] === entry[1]) === index,
  )
  return (
    <section id={props.id} className="order-details" aria-label="Order details">
      <dl className="order-facts">
        <dt>{buying ? 'You pay' : 'You sell'}</dt>
        <dd>{buying ? props.fiat : props.crypto}</dd>
        <dt>You receive</dt>
        <dd>{buying ? props.crypto : props.fiat}</dd>
        {order.rate !== null && order.currency ? (
          <>
            <dt>Rate</dt>
            <dd>
              {formatExact(order.rate, locale)} {order.currency} per {token?.symbol ?? order.token}
            </dd>
          </>
        ) : null}
        {order.wallet_address ? (
          <>
            <dt>{buying ? 'Paid out to' : 'Sent from'}</dt>
            <dd>
              <code>{order.wallet_address}</code>
            </dd>
          </>
        ) : null}
        {order.order_id ? (
          <>
            <dt>Order id</dt>
            <dd>
              <code>{order.order_id}</code>
            </dd>
          </>
        ) : null}
      </dl>
      <h2 className="order-details-title">Status</h2>
      <ol className="timeline">
        {stages.map((stage, index) => (
          <li
            key={TIMELINE[index]}
            data-state={stage.state}
            aria-current={stage.state === 'current' ? 'step' : undefined}
          >
            <span>{stage.label}</span>
            {index === 0 ? (
              <time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time>
            ) : index === reached || (ended && index === 2) ? (
              <time dateTime={order.updated_at}>{formatDate(order.updated_at, locale)}</time>
            ) : null}
          </li>
        ))}
      </ol>
      {order.status === 'failed' ? <FailedOrder order={order} /> : null}
      {instructions ? (
        // The widget's component and styles (its CSS variables live on `.rk-root`).
        <div className="rk-root order-instructions" data-theme="auto">
          <PaymentInstructions instructions={instructions} />
        </div>
      ) : null}
      {transactions.length ? (
        <>
          <h2 className="order-details-title">Transactions</h2>
          <ul className="order-transactions">
            {transactions.map(([label, hash]) => (
              <li key={label}>
                <span>{label}</span> <code title={hash}>{shortHash(hash)}</code>
                {explorer ? (
                  <>
                    {' '}
                    <a
                      href={`${explorer.url.replace(/\/$/, '')}/tx/${hash}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      View on {explorer.name}
                      <span className="visually-hidden"> ({label.toLowerCase()})</span>
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {explorer ? null : (
            <p className="orders-owner">This chain has no block explorer (a local test chain).</p>
          )}
        </>
      ) : null}
    </section>
  )
}

/**
 * Why a failed order failed, in the service's words when the kit stored them (plain text,
 * shown as text), what to check, and the way back to the checkout, where the failed order's
 * "Change your details" waits if this tab made it.
 */
function FailedOrder({ order }: { order: KitOrder }) {
  const { t } = useRampKit()
  const buying = order.order_type === 'OnRamp'
  return (
    <div className="order-failure">
      {order.failure_reason ? (
        <p>{t('status.failedReason', { reason: order.failure_reason })}</p>
      ) : null}
      <p>{t('status.failedNext')}</p>
      <p>
        <Link to={buying ? 'buy' : 'sell'}>
          {buying ? 'Buy again with other details' : 'Sell again with other details'}
        </Link>
      </p>
    </div>
  )
}

/**
 * The payment instructions of an open order, as the checkout in this tab kept them when the
 * order was accepted (the kit gives them on the accept only): from the widget's saved state of
 * either direction.
 */
function storedInstructions(orderId: string): CheckoutPaymentInstructions | undefined {
  for (const direction of ['OnRamp', 'OffRamp']) {
    // One checkout per direction (CheckoutPage); the order id says whose it is.
    const key = `storefront:${direction}`
    let saved: string | null = null
    try {
      saved = window.sessionStorage.getItem(key)
    } catch {
      return undefined
    }
    const order = parseCheckout(saved)?.order
    if (order?.id === orderId && order.paymentInstructions) return order.paymentInstructions
  }
  return undefined
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
  const match = matchToken(token, tokens)
  if (!match) return token
  return tokenDisplayName({
    symbol: match.symbol,
    label: match.label,
    address: match.address,
    chainId: match.chain_id,
    ...(match.chain ? { chain: match.chain } : {}),
  })
}

/** The listed token an order's token word names, if exactly one (see `tokenName`). */
function matchToken(
  token: string | null,
  tokens: readonly MetaToken[] | undefined,
): MetaToken | undefined {
  if (!token) return undefined
  const wanted = token.toLowerCase()
  const exact = tokens?.find(
    (t) => t.label.toLowerCase() === wanted || t.address.toLowerCase() === wanted,
  )
  const bySymbol = tokens?.filter((t) => t.symbol.toLowerCase() === wanted)
  return exact ?? (bySymbol?.length === 1 ? bySymbol[0] : undefined)
}

// Every figure as the service sent it, the way the checkout shows it ("1,500 KES", "11.433902
// USDC"): one format for the same order on both pages.
function formatFiat(amount: number | null, currency: string | null, locale: string): string {
  if (amount === null) return '—'
  return currency ? `${formatExact(amount, locale)} ${currency}` : formatExact(amount, locale)
}

function formatToken(amount: number | null, name: string, locale: string): string {
  if (amount === null) return '—'
  const figure = formatExact(amount, locale)
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
