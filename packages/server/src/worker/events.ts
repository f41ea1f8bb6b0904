import {
  normalizeOrderStatus,
  type OrderStatus,
  type WebhookAccount,
  type WebhookCustomer,
  type WebhookOrder,
  webhookAccount,
  webhookCustomer,
  webhookOrder,
} from '@rampkit/core'
import type { KitOrder } from '@rampkit/core/kit'
import type { WebhookEvent } from '@rampkit/core/webhooks'
import type { OrderConflict } from '../store/types.js'

export type OrderEvent = Extract<WebhookEvent, `order.${string}`>
/**
 * `order.<status>` of the status the signed body carries. `order.submitted` has no webhook and
 * a poll can still report it; `order.pending_settlement` and statuses the kit does not know
 * reach `onEvent` only.
 */
export type OrderEventName = OrderEvent | `order.${string}`
export type CustomerEvent = Extract<WebhookEvent, `customer.${string}`>
export type AccountEvent = Extract<WebhookEvent, `account.${string}`>

/** Where the event came from: a webhook delivery, or the backup GET of a late order. */
export type EventSource = 'webhook' | 'poll'

type BaseContext<E extends string, P> = {
  /**
   * The delivery being applied: `X-Webhook-Id`, or `poll:<order id>:<status>`. Delivery is at
   * least once (a handler that throws is retried), so make side effects idempotent on it.
   */
  deliveryId: string
  event: E
  payload: P
  receivedAt: Date
  source: EventSource
}

/**
 * An order event. `order` is the kit's record after the update (its current state, which may
 * already be further along when a retried handler runs); `owner` is its end user, or `null` when
 * the service reported an order the kit has not linked to anyone yet.
 */
export type OrderEventContext<E extends OrderEventName = OrderEventName> = BaseContext<
  E,
  WebhookOrder
> & {
  order: KitOrder
  owner: string | null
}
/**
 * A customer event. `payload` is the customer as the service's webhooks carry it: `customer_id`
 * (`pcus_…`), `partner_customer_ref`, `status`, the review times and
 * `products.deposit_account.status` (and `can_open_deposit_account` on
 * `customer.deposit_account.updated`). Customer events are sent once: confirm with
 * `getCustomer` when one matters.
 */
export type CustomerEventContext<E extends CustomerEvent = CustomerEvent> = BaseContext<
  E,
  WebhookCustomer
>
/**
 * An account event. `payload` is the published body: `event_type`, `customer_id` (or the older
 * `customer_uid` and `entity_id`), `account_id`, and the nested `account` (opened, ready,
 * credited), `credit` (credited: `amount` a decimal string) or `send` (send completed or
 * failed). Account events are sent once: reconcile with `getAccount` after a credit or send.
 */
export type AccountEventContext<E extends AccountEvent = AccountEvent> = BaseContext<
  E,
  WebhookAccount
>
/** An event name the kit does not know yet (the service may add some): raw payload. */
export type UnknownEventContext = BaseContext<string, unknown> & { unknown: true }

/** What `onEvent` receives: the context of an order, customer, account or unknown event. */
export type AnyEventContext =
  | OrderEventContext
  | CustomerEventContext
  | AccountEventContext
  | UnknownEventContext

type Handler<C> = (context: C) => unknown

/**
 * The partner's reactions to events, all optional. The typed handler of an event runs first,
 * then `onEvent`; if either throws, the delivery is retried with backoff and parked after
 * `maxAttempts`.
 *
 * Order handlers run once per order and status: only for the delivery that moved the order into
 * that status (or a retry of that same delivery). A replay under a fresh id, a second event for
 * the same status, or a late `processing` after `settled` fires nothing, because these move money.
 * Customer and account handlers run once per stored delivery (deduplicated on id and
 * signature); they carry no state to compare, so key side effects on `deliveryId` or on the
 * payload's ids.
 */
export type WebhookHandlers = {
  onOrderProcessing?: Handler<OrderEventContext<'order.processing'>>
  onOrderSettled?: Handler<OrderEventContext<'order.settled'>>
  onOrderFailed?: Handler<OrderEventContext<'order.failed'>>
  onOrderRefunded?: Handler<OrderEventContext<'order.refunded'>>
  onCustomerSubmitted?: Handler<CustomerEventContext<'customer.submitted'>>
  onCustomerApproved?: Handler<CustomerEventContext<'customer.approved'>>
  onCustomerRejected?: Handler<CustomerEventContext<'customer.rejected'>>
  onCustomerUpdated?: Handler<CustomerEventContext<'customer.updated'>>
  onCustomerDepositAccountUpdated?: Handler<
    CustomerEventContext<'customer.deposit_account.updated'>
  >
  onCustomerRevoked?: Handler<CustomerEventContext<'customer.revoked'>>
  onAccountOpened?: Handler<AccountEventContext<'account.opened'>>
  onAccountReady?: Handler<AccountEventContext<'account.ready'>>
  onAccountCredited?: Handler<AccountEventContext<'account.credited'>>
  onAccountSendCompleted?: Handler<AccountEventContext<'account.send.completed'>>
  onAccountSendFailed?: Handler<AccountEventContext<'account.send.failed'>>
  /** Every applied event, after its typed handler; also events the kit does not know. */
  onEvent?: Handler<AnyEventContext>
}

/** The typed handler of each event. */
export const HANDLER_NAMES = {
  'order.processing': 'onOrderProcessing',
  'order.settled': 'onOrderSettled',
  'order.failed': 'onOrderFailed',
  'order.refunded': 'onOrderRefunded',
  'customer.submitted': 'onCustomerSubmitted',
  'customer.approved': 'onCustomerApproved',
  'customer.rejected': 'onCustomerRejected',
  'customer.updated': 'onCustomerUpdated',
  'customer.deposit_account.updated': 'onCustomerDepositAccountUpdated',
  'customer.revoked': 'onCustomerRevoked',
  'account.opened': 'onAccountOpened',
  'account.ready': 'onAccountReady',
  'account.credited': 'onAccountCredited',
  'account.send.completed': 'onAccountSendCompleted',
  'account.send.failed': 'onAccountSendFailed',
} as const satisfies Record<WebhookEvent, keyof WebhookHandlers>

/** A payload that can never be applied, however often it is retried. */
export class UnprocessableEventError extends Error {
  override name = 'UnprocessableEventError'
}

/**
 * An order event whose `order_id` and creation hash name two different end users' orders (a
 * mistake by the service, or a body signed with a leaked secret). Neither order was changed; a
 * retry would meet the same two records, so the delivery is parked for a person. The message
 * and `details` carry the event's ids and the two kit order ids, never an owner.
 */
export class OrderConflictError extends UnprocessableEventError {
  override name = 'OrderConflictError'
  readonly details: { orderId: string | null; txHash: string | null; orders: [string, string] }

  constructor(event: { orderId: string | null; txHash: string | null }, conflict: OrderConflict) {
    const orders: [string, string] = [conflict.byOrderId.order.id, conflict.byTxHash.order.id]
    super(
      `order_id ${event.orderId} and creation hash ${event.txHash} belong to two different end users' orders (kit orders ${orders[0]} and ${orders[1]}); neither was changed. Ask the service which order the event is about and correct that order, then requeue the delivery, or leave it parked.`,
    )
    this.details = { orderId: event.orderId, txHash: event.txHash, orders }
  }
}

export type ParsedEvent =
  | {
      family: 'order'
      event: OrderEventName
      payload: WebhookOrder
      status: OrderStatus
      orderId: string | null
      txHash: string | null
      headerEvent: string
    }
  | { family: 'customer'; event: CustomerEvent; payload: WebhookCustomer; headerEvent: string }
  | { family: 'account'; event: AccountEvent; payload: WebhookAccount; headerEvent: string }
  | { family: 'unknown'; event: string; payload: unknown; headerEvent: string }

function issues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
}

/**
 * The account an `account.*` body is about: `account_id`, else the nested `account.id`, else
 * `send.account_id`; null when it names none.
 */
export function accountIdOf(body: WebhookAccount): string | null {
  const id = body.account_id ?? body.account?.id ?? body.send?.account_id
  return id === undefined || id === '' ? null : String(id)
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field !== '' ? field : null
}

/**
 * Which family a signed body belongs to, read from the body alone: its own `event_type`, else an
 * order (`order_id` or a creation hash), else an account (`account_id`, `account`, `send` or
 * `credit`), else a customer (`customer_id`); else none.
 */
function familyOfBody(object: Record<string, unknown>): EventFamily | null {
  const named = familyOf(stringField(object, 'event_type') ?? '')
  if (named !== null) return named
  if (
    stringField(object, 'order_id') ??
    stringField(object, 'tx_hash') ??
    stringField(object, 'creation_transaction_hash')
  ) {
    return 'order'
  }
  if (['account_id', 'account', 'send', 'credit'].some((key) => object[key] != null)) {
    return 'account'
  }
  if (stringField(object, 'customer_id')) return 'customer'
  return null
}

type EventFamily = 'order' | 'customer' | 'account'

function familyOf(event: string): EventFamily | null {
  const family = event.split('.')[0]
  return family === 'order' || family === 'customer' || family === 'account' ? family : null
}

/**
 * The customer events a customer body can be, by its signed `status` (and
 * `can_open_deposit_account`, which only the deposit-account event carries). `customer.updated`
 * fits every body, and is the event when the header names none of them.
 */
function customerEventsOf(body: WebhookCustomer): readonly CustomerEvent[] {
  const status = body.status.toLowerCase()
  const events: CustomerEvent[] = []
  if (status === 'approved') events.push('customer.approved')
  if (status === 'rejected') events.push('customer.rejected')
  if (status === 'suspended') events.push('customer.revoked')
  if (status === 'pending_review') events.push('customer.submitted')
  if (body.can_open_deposit_account !== undefined)
    events.unshift('customer.deposit_account.updated')
  events.push('customer.updated')
  return events
}

/**
 * Reads a stored delivery into a typed event. The event comes from the signed body, never from
 * the unsigned `X-Webhook-Event` header (`headerEvent`), which a replay within the signature's
 * five minutes may change at will:
 * - the family is the body's (`familyOfBody`): an order body is an order event whatever the
 *   header says, and so on;
 * - an order's event is `order.<status>` from `payload.status`, so a captured `order.processing`
 *   replayed under the header `order.settled` is still a `processing`;
 * - an account event is the body's own `event_type` (a body without one: the header's account
 *   event, which changes nothing the kit stores);
 * - a customer event is one the body's status supports (`customerEventsOf`): the header may only
 *   say which of those (`customer.updated` or `customer.approved` for an approved body), never
 *   name a status the body does not carry; what is stored comes from the body either way.
 * Bodies are parsed tolerantly (unknown fields kept); an order body without `order_id` nor
 * creation hash, a customer body without `customer_id`, or an account body that names no account
 * (`account_id`, `account.id`, `send.account_id`) cannot be applied: a body of no family under an
 * order, customer or account header is parked as such. Any other is an `unknown` event named by
 * its `event_type`, else by the header: it changes nothing, and reaches only `onEvent` flagged
 * `unknown`.
 * A poll of a direct order that the service has not given an `order_id` yet carries the creation
 * hash as `payload.order_id`.
 */
export function parseEvent(headerEvent: string, body: unknown): ParsedEvent {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  // A body of no family is checked as the header's family only to be refused (parked): the
  // header never makes a body apply as something it is not.
  const family = familyOfBody(object) ?? familyOf(headerEvent)
  const named = stringField(object, 'event_type')
  if (family === 'order') {
    const txHash =
      stringField(object, 'tx_hash') ?? stringField(object, 'creation_transaction_hash')
    // The service always sends order_id; a poll by creation hash may not know it yet. The
    // status is never taken from the unsigned header: a body without one cannot be applied.
    const parsed = webhookOrder.safeParse({
      ...object,
      order_id: stringField(object, 'order_id') ?? txHash ?? undefined,
    })
    if (!parsed.success) {
      throw new UnprocessableEventError(`The order body is not an order: ${issues(parsed.error)}`)
    }
    const status = normalizeOrderStatus(parsed.data.status)
    if (status === undefined) {
      throw new UnprocessableEventError('The order body has a blank status')
    }
    return {
      family: 'order',
      event: `order.${status}`,
      payload: parsed.data,
      status,
      orderId: stringField(object, 'order_id'),
      txHash,
      headerEvent,
    }
  }
  if (family === 'customer') {
    if (named !== null && !(named in HANDLER_NAMES)) {
      return { family: 'unknown', event: named, payload: body, headerEvent }
    }
    const parsed = webhookCustomer.safeParse(body)
    if (!parsed.success) {
      throw new UnprocessableEventError(
        `The customer body is not a customer: ${issues(parsed.error)}`,
      )
    }
    const events = customerEventsOf(parsed.data)
    const asked = (named ?? headerEvent) as CustomerEvent
    const event = events.includes(asked) ? asked : 'customer.updated'
    return { family: 'customer', event, payload: parsed.data, headerEvent }
  }
  if (family === 'account') {
    // A body without its own `event_type` is an account event all the same (its shape says
    // so); then the header may say which one, and nothing the kit stores depends on it.
    const event = named ?? (familyOf(headerEvent) === 'account' ? headerEvent : null)
    if (event === null || !(event in HANDLER_NAMES)) {
      return { family: 'unknown', event: event ?? 'unknown', payload: body, headerEvent }
    }
    const parsed = webhookAccount.safeParse(body)
    if (!parsed.success) {
      throw new UnprocessableEventError(
        `The ${named} body is not an account: ${issues(parsed.error)}`,
      )
    }
    if (accountIdOf(parsed.data) === null) {
      throw new UnprocessableEventError(
        `The ${event} body names no account (account_id, account.id or send.account_id)`,
      )
    }
    return { family: 'account', event: event as AccountEvent, payload: parsed.data, headerEvent }
  }
  return { family: 'unknown', event: named ?? headerEvent, payload: body, headerEvent }
}
