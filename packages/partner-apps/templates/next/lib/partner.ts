// What the README snippets leave to the app: its sign-in, its fulfilment, what it shows once an
// order settles. The page marks the settled order on <body>, so the test sees onSettled ran.

export async function auth(_request: Request): Promise<{ userId: string } | null> {
  return { userId: 'partner-app-shopper' }
}

export function fulfil(owner: string | null, order: { id: string }, deliveryId?: string) {
  console.log(`fulfil ${owner} ${order.id} ${deliveryId ?? ''}`)
}

export function show(order: { id: string }) {
  document.body.dataset.settledOrder = order.id
}
