/** Whether a wallet error, or any error it wraps, is the user declining (EIP-1193 4001). */
export function isUserRejection(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 8; depth++) {
    const { code, name, cause } = current as { code?: unknown; name?: unknown; cause?: unknown }
    if (code === 4001 || name === 'UserRejectedRequestError') return true
    current = cause
  }
  return false
}
