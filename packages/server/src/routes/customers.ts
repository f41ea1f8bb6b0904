import {
  customerDocumentQuery,
  KIT_CUSTOMER_SSE_EVENTS,
  type KitCustomer,
  kitCustomerQuery,
  MAX_CUSTOMER_DOCUMENT_BYTES,
  saveCustomerRequest,
  submitCustomerRequest,
} from '@rampkit/core'
import {
  DOCUMENT_MAGIC_BYTES,
  DOCUMENT_TOO_LARGE,
  type DocumentRefusal,
  declaredDocumentType,
  documentRefusal,
} from '@rampkit/core/kit'
import type { Context, Hono } from 'hono'
import { customerTopic } from '../bus/topics.js'
import type { BusSignal } from '../bus/types.js'
import { type CustomerVault, VaultRefusal } from '../customers/vault.js'
import { parseQuery, parseWith, readJsonObject } from '../http/body.js'
import { fail, ok } from '../http/envelope.js'
import { GENERIC_MESSAGES, upstreamError } from '../http/errors.js'
import { BodyTooLargeError, limitBody, readLimited } from '../middleware/body-limit/index.js'
import type { KitContext, RampEnv } from './context.js'
import { mountRoute, sessionOwner } from './guards.js'
import { admitStream, MAX_BUFFERED_BYTES, openSseStream, RECONNECT_MS, SSE_HEADERS } from './sse.js'

/** Milliseconds the browser waits before reconnecting a dropped stream. */
const encoder = new TextEncoder()
const PING = encoder.encode(`event: ${KIT_CUSTOMER_SSE_EVENTS.ping}\ndata: \n\n`)

/** The answer to a vault error: the kit's own refusal, or the service's (`upstreamError`). */
export function vaultError(
  c: Context,
  kit: Pick<KitContext, 'logger' | 'secrets'>,
  error: unknown,
  operation: string,
) {
  if (error instanceof VaultRefusal) return fail(c, error.status, error.message, error.data)
  return upstreamError(c, error, { logger: kit.logger, secrets: kit.secrets, operation })
}

/**
 * The vault, or the 503 of a kit without a secret to derive customer refs from (a production
 * key with neither `customerRefSecret` nor `sessionSecret`; logged once at start).
 */
export function vaultOf(
  c: Context,
  kit: Pick<KitContext, 'customers'>,
): { ok: true; vault: CustomerVault } | { ok: false; response: Response } {
  const vault = kit.customers.vault
  if (vault) return { ok: true, vault }
  return { ok: false, response: fail(c, 503, GENERIC_MESSAGES.notConfigured) }
}

/**
 * The end user's verified customer (KYC): GET /customer, POST /customer (save the profile;
 * the first save creates the vault customer), POST /customer/documents (one file as its raw
 * bytes), POST /customer/submit and the live GET /customer/events. Every route is the signed-in
 * user's own: no id in the path, the customer is found through the user's link. Bodies are
 * checked with core's schemas; a document is checked for size (the vault's 8 MiB), declared
 * type and magic number before it reaches the service. Nothing here logs a profile or a
 * document.
 */
export function registerCustomerRoutes(app: Hono<RampEnv>, kit: KitContext) {
  // JSON bodies have the kit's limit; a document has its own (the vault's 8 MiB), counted by
  // its route.
  const withinLimit = limitBody({ maxBytes: kit.bodyLimitBytes })
  mountRoute(app, kit, 'customer', async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const query = parseQuery(c, kitCustomerQuery)
    if (!query.ok) return query.response
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.view(owner, query.data))
    } catch (error) {
      return vaultError(c, kit, error, 'getCustomer')
    }
  })

  mountRoute(app, kit, 'saveCustomer', withinLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c)
    if (!body.ok) return body.response
    const parsed = parseWith(c, saveCustomerRequest, body.data)
    if (!parsed.ok) return parsed.response
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.save(owner, parsed.data), 'Customer saved')
    } catch (error) {
      return vaultError(c, kit, error, 'saveCustomer')
    }
  })

  mountRoute(app, kit, 'customerDocuments', async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const refuse = (refusal: DocumentRefusal) =>
      fail(c, refusal.status, refusal.message, { field: refusal.field })
    const declaredLength = c.req.header('content-length')
    if (declaredLength !== undefined && Number(declaredLength) > MAX_CUSTOMER_DOCUMENT_BYTES) {
      return refuse(DOCUMENT_TOO_LARGE)
    }
    // Read (up to the limit) before any other refusal: a connection left with an unread body
    // would be closed under the browser's next request.
    let bytes: Uint8Array
    try {
      bytes = c.req.raw.body
        ? await readLimited(c.req.raw.body, MAX_CUSTOMER_DOCUMENT_BYTES)
        : new Uint8Array()
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(DOCUMENT_TOO_LARGE)
      throw error
    }
    const declared = declaredDocumentType(c.req.header('content-type'))
    const refusal = documentRefusal({
      size: bytes.byteLength,
      contentType: declared,
      head: bytes.subarray(0, DOCUMENT_MAGIC_BYTES),
    })
    // A missing type is refused before the query, the bytes' own faults after it.
    if (!declared) return refuse(refusal!)
    const query = parseQuery(c, customerDocumentQuery)
    if (!query.ok) return query.response
    if (refusal) return refuse(refusal)
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      const customer = await vault.vault.upload(owner, {
        category: query.data.category,
        side: query.data.side,
        contentType: declared,
        bytes,
      })
      return ok(c, customer, 'Document uploaded', 201)
    } catch (error) {
      return vaultError(c, kit, error, 'uploadCustomerDocument')
    }
  })

  mountRoute(app, kit, 'submitCustomer', withinLimit, async (c) => {
    c.header('Cache-Control', 'no-store')
    const owner = sessionOwner(c)
    const body = await readJsonObject(c, { optional: true })
    if (!body.ok) return body.response
    const parsed = parseWith(c, submitCustomerRequest, body.data)
    if (!parsed.ok) return parsed.response
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    try {
      return ok(c, await vault.vault.submit(owner), 'Customer submitted')
    } catch (error) {
      return vaultError(c, kit, error, 'submitCustomer')
    }
  })

  mountRoute(app, kit, 'customerEvents', async (c) => {
    const vault = vaultOf(c, kit)
    if (!vault.ok) return vault.response
    return customerStream(c, kit, vault.vault, sessionOwner(c))
  })
}

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
async function customerStream(c: Context, kit: KitContext, vault: CustomerVault, owner: string) {
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

function logFailure(kit: KitContext, error: unknown) {
  kit.logger.error('customer events stream failed', {
    error: error instanceof Error ? error.name : typeof error,
  })
}
