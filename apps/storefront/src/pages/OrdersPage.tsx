import type { KitOrder } from '@rampkit/core'
import { isOrderFinal, ordersQueryOptions, useOrderStatus, useRampKit } from '@rampkit/react'
import { useQuery } from '@tanstack/react-query'

/**
 * This shopper's orders, newest first, with live status. The list comes from the kit's GET
 * /orders (only this shopper's orders: the kit scopes them to the session); each open order
 * streams its status over SSE with `useOrderStatus`. The list itself refreshes every few
 * seconds, since even a settled order can later be refunded.
 */
export function OrdersPage() {
  const { client } = useRampKit()
  const orders = useQuery({ ...ordersQueryOptions(client), refetchInterval: 3000 })

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Your orders</h1>
      {orders.isPending ? <p>Loading orders…</p> : null}
      {orders.isError ? <p role="alert">Could not load orders: {orders.error.message}</p> : null}
      {orders.data?.length === 0 ? <p>No orders yet. Buy or sell some crypto first.</p> : null}
      {orders.data?.length ? (
        <table className="orders">
          <caption className="visually-hidden">Orders and their status</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Type</th>
              <th scope="col">Fiat</th>
              <th scope="col">Crypto</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

function OrderRow({ order: listed }: { order: KitOrder }) {
  const live = useOrderStatus(listed.id, { enabled: !isOrderFinal(listed.status) })
  // The newer of the two: the stream moves first, the list catches up (or sees a refund).
  const order = live.data && live.data.updated_at > listed.updated_at ? live.data : listed
  return (
    <tr data-testid="order-row" data-order-id={order.id}>
      <td data-label="Order">
        <code>{order.order_id ?? order.tx_hash ?? order.id}</code>
      </td>
      <td data-label="Type">{order.order_type === 'OnRamp' ? 'Buy' : 'Sell'}</td>
      <td data-label="Fiat">
        {order.amount_fiat ?? '—'} {order.currency ?? ''}
      </td>
      <td data-label="Crypto">
        {order.amount_crypto ?? '—'} {order.token ?? ''}
      </td>
      <td data-label="Status">
        <span className="status" data-status={order.status}>
          {order.status}
        </span>
      </td>
      <td data-label="Created">{new Date(order.created_at).toLocaleString()}</td>
    </tr>
  )
}
