import type { Context } from 'hono'
import { type CustomerVault, VaultRefusal } from '../../customers/vault.js'
import { fail } from '../../http/envelope.js'
import { GENERIC_MESSAGES, upstreamError } from '../../http/errors.js'
import type { KitContext } from '../context.js'

/** What every customer route needs: the vault and the error answers. */
export const CUSTOMER_NEEDS = ['customers', 'logger', 'secrets'] as const

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

/** The log line of a refused customer answer: what to set, and where. */
export const NO_CUSTOMER_REF_SECRET =
  'Refused with 503 configuration_error: the customer routes and vault quotes need customerRefSecret (CUSTOMER_REF_SECRET) or sessionSecret (SESSION_SECRET), kept stable (it names your users in the vault). Set one in the server’s environment; `rampkit doctor` checks it.'

/**
 * The vault, or the 503 of a kit without a secret to derive customer refs from (a production
 * key with neither `customerRefSecret` nor `sessionSecret`): the shopper reads a plain message,
 * the log names the setting and its variable on every refusal (and once at start).
 */
export function vaultOf(
  c: Context,
  kit: Pick<KitContext, 'customers' | 'logger'>,
): { ok: true; vault: CustomerVault } | { ok: false; response: Response } {
  const vault = kit.customers.vault
  if (vault) return { ok: true, vault }
  kit.logger.error(NO_CUSTOMER_REF_SECRET, { method: c.req.method, path: c.req.path })
  return {
    ok: false,
    response: fail(c, 503, GENERIC_MESSAGES.notConfigured, { code: 'configuration_error' }),
  }
}
