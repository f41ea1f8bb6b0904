import { customerTopic } from '../bus/topics.js'
import type { CustomerLink } from '../store/customers/types.js'
import type { Delivery } from '../store/types.js'
import { accountIdOf, type ParsedEvent } from './events.js'
import { errorName, type WorkerSettings } from './settings.js'
import type { PolledCustomer } from './types.js'

/**
 * A customer or account event for a linked customer: the link's status as the service
 * confirms it (or as the signed body says, when the read fails), then a signal to the
 * customer's streams. A customer the kit never linked changes nothing here.
 */
export async function applyToCustomer(
  { customers, logger, now }: Pick<WorkerSettings, 'customers' | 'logger' | 'now'>,
  delivery: Delivery,
  parsed: ParsedEvent,
): Promise<void> {
  if (!customers || (parsed.family !== 'customer' && parsed.family !== 'account')) return
  let link: CustomerLink | null = null
  if (parsed.family === 'customer') {
    link = await customers.links.findByCustomerId(parsed.payload.customer_id)
    if (link?.customerId) {
      let confirmed: PolledCustomer | null = null
      try {
        confirmed = (await customers.fetchCustomer?.(link.customerId)) ?? null
      } catch (error) {
        logger.warn('Could not confirm a customer event with the service; the body is stored', {
          deliveryId: delivery.id,
          error: errorName(error),
        })
      }
      const deposit = parsed.payload.products?.deposit_account?.status
      await customers.links.setStatus({
        customerId: link.customerId,
        status: confirmed?.status ?? parsed.payload.status,
        depositAccountStatus: confirmed ? confirmed.depositAccountStatus : deposit,
        now: now(),
      })
    }
  } else {
    const { customer_id: customerId, customer_uid: ref } = parsed.payload
    link =
      (customerId ? await customers.links.findByCustomerId(customerId) : null) ??
      (ref ? await customers.links.findByRef(ref) : null)
  }
  if (!link || !customers.signal) return
  try {
    await customers.signal({
      topic: customerTopic(link.ref),
      data: {
        event: parsed.event,
        account_id: parsed.family === 'account' ? accountIdOf(parsed.payload) : null,
      },
    })
  } catch (error) {
    logger.warn('Live customer signal failed; the event is applied', {
      deliveryId: delivery.id,
      error: errorName(error),
    })
  }
}
