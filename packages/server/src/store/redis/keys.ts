/**
 * Every key the Redis engine writes, built from the prefix in this one place. Scripts that
 * build a key from an id (`lua/`) are handed the prefix of that key from here, never a layout
 * of their own.
 *
 * @example
 * redisKeys('rampkit:').delivery('dlv_1') // 'rampkit:d:dlv_1'
 */
export function redisKeys(prefix: string) {
  const keys = {
    /** A delivery's hash. */
    delivery: (id: string) => `${prefix}d:${id}`,
    /** A delivery id by its signature (a replay under a fresh id is a duplicate). */
    signature: (signature: string) => `${prefix}sig:${signature}`,
    /** Pending deliveries by due time. */
    due: `${prefix}due`,
    /** Applied deliveries by receipt time (pruned past the retention). */
    applied: `${prefix}applied`,
    /** Parked deliveries by the time they were parked. */
    parked: `${prefix}parked`,
    /** An order record (`json` and its version `v`). */
    order: (id: string) => `${prefix}o:${id}`,
    /** An order's kit id by the service's `order_id`. */
    orderId: (orderId: string) => `${prefix}oid:${orderId}`,
    /** An order's kit id by its creation hash. */
    txHash: (txHash: string) => `${prefix}tx:${txHash}`,
    /** An owner's orders by creation time. */
    owner: (owner: string) => `${prefix}owner:${owner}`,
    /** Non-final orders by when they were last touched or polled. */
    open: `${prefix}open`,
    /** One fixed window of a rate-limit counter. */
    rate: (key: string, window: number) => `${prefix}rl:${window}:${key}`,
    /** A key of the small key-value space. */
    kv: (key: string) => `${prefix}kv:${key}`,
    /** A user's customer link (a hash), by the partner's user. */
    customerLink: (owner: string) => `${prefix}cl:o:${owner}`,
    /** The owner of the link that names a vault customer. */
    customerLinkByCustomer: (customerId: string) => `${prefix}cl:c:${customerId}`,
    /** The owner of the link with a `partner_customer_ref`. */
    customerLinkByRef: (ref: string) => `${prefix}cl:r:${ref}`,
  }
  return {
    ...keys,
    /** What `commit-order.lua` appends an id (or owner) to. */
    orderPrefixes: {
      order: keys.order(''),
      orderId: keys.orderId(''),
      txHash: keys.txHash(''),
      owner: keys.owner(''),
      open: keys.open,
    },
  }
}

/** The key builders of one prefix. */
export type RedisKeys = ReturnType<typeof redisKeys>
