// What the README's server snippet leaves to the app: its fulfilment. The test reads this line.

export function fulfil(owner: string | null, order: { id: string }, deliveryId?: string) {
  console.log(`fulfil ${owner} ${order.id} ${deliveryId ?? ''}`)
}
