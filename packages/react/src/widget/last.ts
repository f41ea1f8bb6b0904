import {
  type CheckoutCorridor,
  type CheckoutDirection,
  type CheckoutState,
  tokenKey,
} from '@rampkit/core/checkout'

/**
 * The choices of the user's last order, kept in localStorage so the next checkout starts from
 * them: direction, corridor, payment method, provider and token. Nothing about the person (no
 * name, phone, account or wallet) is kept.
 */
export type LastChoice = {
  direction: CheckoutDirection
  corridor: { country: string | null; currency: string }
  paymentMethod: string
  provider: string
  /** `chainId-address` of the token. */
  token: string
}

const keyOf = (storageKey: string | undefined) => `${storageKey ?? 'rampkit:checkout'}:last`

export function sameCorridor(
  a: Pick<CheckoutCorridor, 'country' | 'currency'>,
  b: Pick<CheckoutCorridor, 'country' | 'currency'>,
): boolean {
  return a.country === b.country && a.currency === b.currency
}

/** The last order's choices, or undefined when none was kept (or storage is unreadable). */
export function readLastChoice(storageKey: string | undefined): LastChoice | undefined {
  try {
    if (typeof window === 'undefined') return undefined
    const value = JSON.parse(window.localStorage.getItem(keyOf(storageKey)) ?? 'null') as unknown
    if (typeof value !== 'object' || value === null) return undefined
    const last = value as Partial<LastChoice>
    const valid =
      (last.direction === 'OnRamp' || last.direction === 'OffRamp') &&
      typeof last.corridor?.currency === 'string' &&
      (last.corridor.country === null || typeof last.corridor.country === 'string') &&
      typeof last.paymentMethod === 'string' &&
      typeof last.provider === 'string' &&
      typeof last.token === 'string'
    return valid ? (last as LastChoice) : undefined
  } catch {
    return undefined
  }
}

/** Keeps the choices of an order just created, for the next checkout's defaults. */
export function writeLastChoice(storageKey: string | undefined, state: CheckoutState): void {
  const { direction, corridor, paymentMethod, provider, token } = state
  if (!direction || !corridor || !paymentMethod || !provider || !token) return
  const last: LastChoice = {
    direction,
    corridor: { country: corridor.country, currency: corridor.currency },
    paymentMethod: paymentMethod.type,
    provider: provider.id,
    token: tokenKey(token),
  }
  try {
    window.localStorage.setItem(keyOf(storageKey), JSON.stringify(last))
  } catch {
    // storage full or disabled: the next checkout starts from the partner's props alone
  }
}
