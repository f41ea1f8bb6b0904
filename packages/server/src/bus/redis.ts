import type { Redis } from 'ioredis'
import { createFanout } from './fanout.js'
import { decodeMessage, encodeMessage, encodeSignal } from './message.js'
import type { OrderBus } from './types.js'

/**
 * Options of `redisBus`: the client to publish with, an optional subscriber connection, and
 * the channel.
 */
export type RedisBusOptions = {
  /** The client to publish with. */
  redis: Redis
  /**
   * A connection for listening; a client in subscriber mode can run nothing else. Default:
   * `redis.duplicate()`, closed by `close()`.
   */
  subscriber?: Redis
  /** Channel name; default `rampkit:orders`. Give each environment its own. */
  channel?: string
  onError?: (error: unknown) => void
}

/**
 * The bus across instances through Redis pub/sub: one channel, one subscription per instance on
 * a dedicated connection, and a local map of order id to listeners, so open streams cost nothing
 * in Redis. Publishing delivers to this instance's listeners at once and to the others through
 * Redis. Pub/sub is fire and forget: a stream that reconnects reads the store again.
 *
 * @example
 * import { redisBus } from '@rampkit/server/redis'
 * const bus = redisBus({ redis: new Redis(process.env.REDIS_URL!) })
 * await bus.ready()
 */
export function redisBus(options: RedisBusOptions): OrderBus {
  const { redis } = options
  const channel = options.channel ?? 'rampkit:orders'
  const owned = !options.subscriber
  const subscriber = options.subscriber ?? redis.duplicate()
  const instance = crypto.randomUUID()
  const fanout = createFanout(options.onError)

  const onMessage = (from: string, text: string) => {
    if (from !== channel) return
    const message = decodeMessage(text)
    if (message && message.src !== instance) fanout.receive(message)
  }
  subscriber.on('message', onMessage)
  const subscribed = subscriber.subscribe(channel).then(() => undefined)
  // Keep an early failure from being unhandled; ready() reports it.
  subscribed.catch((error: unknown) => options.onError?.(error))

  return {
    async publish(order, entered = []) {
      fanout.dispatch(order, entered)
      await redis.publish(channel, encodeMessage(instance, order, entered))
    },
    subscribe: (orderId, listener, subscribeOptions) =>
      fanout.subscribe(orderId, listener, subscribeOptions),
    async signal(signal) {
      fanout.dispatchSignal(signal)
      await redis.publish(channel, encodeSignal(instance, signal))
    },
    onSignal: (topic, listener) => fanout.onSignal(topic, listener),
    ready: () => subscribed,
    async close() {
      fanout.clear()
      subscriber.off('message', onMessage)
      if (owned) {
        subscriber.disconnect()
      } else {
        await subscriber.unsubscribe(channel).catch(() => {})
      }
    },
  }
}
