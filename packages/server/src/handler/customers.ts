import { ConfigurationError } from '@rampkit/core'
import { createFanout } from '../bus/fanout.js'
import type { OrderBus } from '../bus/types.js'
import { type CustomerRefOf, customerRefs } from '../customers/ref.js'
import { type CustomerVault, createCustomerVault } from '../customers/vault.js'
import { createReadCache } from '../http/cache.js'
import { MIN_SESSION_SECRET_LENGTH, randomSessionSecret } from '../middleware/session/index.js'
import type { CustomerMode, KitCustomers, KitSignals } from '../routes/context.js'
import { memoryCustomerLinks } from '../store/memory/customers.js'
import type { RampStore } from '../store/types.js'
import type { WorkerCustomerOptions } from '../worker/worker.js'
import type { RampHandlerOptions, ResolvedOptions } from './options.js'

/**
 * The end users' vault customers: where their links live, how quotes name the customer, the
 * secret their refs are keyed with (joining `resolved.secrets`), the vault, and the signals to
 * customer streams; with what the worker needs for `customer.*` and `account.*` events.
 */
export function createCustomers(
  options: RampHandlerOptions,
  resolved: ResolvedOptions,
  store: RampStore,
  bus: OrderBus,
): { customers: KitCustomers; worker: WorkerCustomerOptions } {
  const { client, environment, logger, secrets } = resolved
  const links = options.customerLinks ?? store.customerLinks ?? memoryCustomerLinks()
  if (!options.customerLinks && !store.customerLinks) {
    logger.warn(
      'The store carries no customer links: end users’ links to their vault customers live in this process only. Pass customerLinks.',
    )
  }
  const mode: CustomerMode =
    options.customerMode ?? (environment === 'production' ? 'vault' : 'inline')
  if (mode !== 'vault' && mode !== 'inline') {
    throw new ConfigurationError('invalid_option', "customerMode must be 'vault' or 'inline'.")
  }
  // Signals to customer streams go over the bus when it carries them (every kit engine does).
  const localSignals = createFanout()
  const signals: KitSignals = {
    send: (signal) =>
      bus.signal ? bus.signal(signal) : Promise.resolve(localSignals.dispatchSignal(signal)),
    on: (topic, listener) =>
      bus.onSignal ? bus.onSignal(topic, listener) : localSignals.onSignal(topic, listener),
  }
  const refSecret = (options.customerRefSecret ?? options.sessionSecret)?.trim()
  if (options.customerRefSecret !== undefined) {
    if (refSecret === undefined || refSecret.length < MIN_SESSION_SECRET_LENGTH) {
      throw new ConfigurationError(
        'invalid_option',
        `customerRefSecret must be at least ${MIN_SESSION_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 48\`.`,
      )
    }
    if (secrets.includes(refSecret)) {
      if (refSecret !== options.sessionSecret?.trim()) {
        throw new ConfigurationError(
          'invalid_option',
          'customerRefSecret must differ from the API key and the webhook secret.',
        )
      }
    } else {
      secrets.push(refSecret)
    }
  }
  let refOf: CustomerRefOf | null = refSecret === undefined ? null : customerRefs(refSecret)
  if (refSecret === undefined) {
    if (environment === 'production') {
      logger.error(
        `No customerRefSecret (CUSTOMER_REF_SECRET) nor sessionSecret (SESSION_SECRET) with a production key: the customer routes and vault quotes${mode === 'vault' ? ' (customerMode is vault: every quote)' : ''} answer 503 configuration_error. Set customerRefSecret, kept stable: it names your users in the vault.`,
      )
    } else {
      logger.warn(
        'No customerRefSecret nor sessionSecret: vault customer refs use a random per-process secret, so a restart starts new customers. Pass customerRefSecret outside development.',
      )
      // Made on the first ref, not here: edge runtimes refuse randomness while a module loads.
      refOf = customerRefs(() => {
        const secret = randomSessionSecret()
        secrets.push(secret)
        return secret
      })
    }
  }
  const vault: CustomerVault | null =
    refOf === null
      ? null
      : createCustomerVault({
          client,
          links,
          refOf,
          cache: createReadCache({ ttlMs: Math.max(resolved.cacheTtlMs, 60_000) }),
          now: () => new Date(),
        })

  return {
    customers: { mode, links, vault, signals },
    worker: {
      links,
      fetchCustomer: async (customerId) => {
        const customer = await client.getCustomer({ customer_id: customerId })
        return {
          status: customer.status,
          depositAccountStatus: customer.products.deposit_account?.status ?? null,
        }
      },
      signal: (signal) => signals.send(signal),
    },
  }
}
