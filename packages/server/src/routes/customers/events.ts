import { KIT_CUSTOMER_SSE_EVENTS, type KitCustomer } from '@rampkit/core/kit'
import type { Context } from 'hono'
import { customerTopic } from '../../bus/topics.js'
import type { BusSignal } from '../../bus/types.js'
import type { CustomerVault } from '../../customers/vault.js'
import { defineRoute, type RouteDeps } from '../define.js'
import { sessionOwner } from '../guards.js'
import {
  admitStream,
  MAX_BUFFERED_BYTES,
  openSseStream,
  RECONNECT_MS,
  SSE_HEADERS,
} from '../sse.js'
import { CUSTOMER_NEEDS, vaultError, vaultOf } from './vault.js'

const encoder = new TextEncoder()
const PING = encoder.encode(`event: ${KIT_CUSTOMER_SSE_EVENTS.ping}\ndata: \n\n`)

const NEEDS = [...CUSTOMER_NEEDS, 'streams', 'clientAddress', 'heartbeatMs'] as const
type EventDeps = RouteDeps<(typeof NEEDS)[number]>

/**
 * The end user's verified customer (KYC): GET /customer, POST /customer (save the profile;
 * the first save creates the vault customer), POST /customer/documents (one file as its raw
 * bytes), POST /customer/submit and the live GET /customer/events. Every route is the signed-in
 * user's own: no id in the path, the customer is found through the user's link. Bodies are
 * checked with core's schemas; a document is checked for size (the vault's 8 MiB), declared
 * type and magic number before it reaches the service. Nothing here logs a profile or a
 * document.
 */
export const customerEvents = defineRoute({
  route: 'customerEvents',
  guards: ['session'],
  needs: NEEDS,
  handler: async (c, kit) => {
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    return customerStream(c, kit, vault.vault, sessionOwner(c))
  },
})

const frame = (event: string, data: unknown) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

/**
 * The user's customer as server-sent events: a `customer` event with the current view, then
 * one after each `customer.*` or `account.*` webhook of that customer (a signal on the bus,
 * from any instance), and after an `account.*` one an `account` event too. Each heartbeat sends
 * a `ping` and compares the stored status with the one last sent, so a signal lost between
 * instances is caught up. The first view is read before answering (its failure is the
 * envelope's error, not a broken stream), after subscribing, so no signal falls between the
 * two. Later views are built one at a time, in order; their errors are logged by name, never
 * written to the stream. The stream is `openSseStream`'s, as the order events': straight to the
 * Node response where there is one, and a client more than `MAX_BUFFERED_BYTES` behind is
 * dropped (it reconnects and starts from the current view).
 */
async function customerStream(c: Context, kit: EventDeps, vault: CustomerVault, owner: string) {
  const early: BusSignal[] = []
  let onSignal: (received: BusSignal) => void = (received) => early.push(received)
  let unsubscribe: () => void = () => {}
  let first: KitCustomer
  try {
    const ref = await vault.refOf(owner)
    unsubscribe = kit.customers.signals.on(customerTopic(ref), (received) => onSignal(received))
    first = await vault.view(owner)
  } catch (error) {
    unsubscribe()
    c.header('Cache-Control', 'no-store')
    return vaultError(c, kit, error, 'getCustomer')
  }

  // Counted while open, per user and per address; nothing awaits between this and the add.
  const admitted = admitStream(c, kit, owner)
  if (!admitted.ok) {
    unsubscribe()
    return admitted.response
  }
  let closed = false
  let lastStatus: string = first.status
  let queue: Promise<void> = Promise.resolve()
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let forget = () => {}
  const { response, stream } = openSseStream(c, {
    headers: { ...SSE_HEADERS },
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    onClose: () => {
      closed = true
      forget()
      clearInterval(heartbeat)
      unsubscribe()
    },
  })
  if (closed) return response
  forget = kit.streams.add(() => stream.close(), admitted.holder)

  const sendView = async () => {
    if (closed) return
    const view = await vault.view(owner)
    lastStatus = view.status
    stream.write(frame(KIT_CUSTOMER_SSE_EVENTS.customer, view))
  }
  const later = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => logFailure(kit, error))
  }
  heartbeat = setInterval(() => {
    stream.ping(PING)
    later(async () => {
      const link = await kit.customers.links.get(owner)
      const stored = link?.customerId ? link.status : 'none'
      if (stored !== lastStatus) await sendView()
    })
  }, kit.heartbeatMs)
  onSignal = ({ data }) =>
    later(async () => {
      const event = data.event ?? ''
      await sendView()
      if (event.startsWith('account.')) {
        stream.write(
          frame(KIT_CUSTOMER_SSE_EVENTS.account, { event, account_id: data.account_id ?? null }),
        )
      }
    })
  stream.write(
    encoder.encode(
      `event: ${KIT_CUSTOMER_SSE_EVENTS.customer}\ndata: ${JSON.stringify(first)}\nretry: ${RECONNECT_MS}\n\n`,
    ),
  )
  for (const received of early.splice(0)) onSignal(received)
  return response
}

function logFailure(kit: RouteDeps<'logger'>, error: unknown) {
  kit.logger.error('customer events stream failed', {
    error: error instanceof Error ? error.name : typeof error,
  })
}
