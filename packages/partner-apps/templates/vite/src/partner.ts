// What the README's page snippet leaves to the app: its analytics. It marks the settled order on
// <body>, so the test sees onSettled ran.

export function track(orderId: string) {
  document.body.dataset.settledOrder = orderId
}

export function show(order: { id: string }) {
  document.body.dataset.settledOrder = order.id
}
