import { type Address, type Hex, parseUnits } from 'viem'
import { isoOffset } from '../clock/index.js'
import { currencyFractionDigits } from '../core.js'
import { ApiError } from '../http/envelope.js'
import { onChain, orderRef } from '../service/chain.js'
import { notify, type SandboxContext } from '../service/context.js'
import { accountEventBody, accountView } from '../service/views.js'
import { uuid } from '../state/store.js'
import { activeAccountOf } from './lookup.js'
import type { SandboxAdmin } from './types.js'

const MICROS = /^\d{1,15}(?:\.\d{1,6})?$/

function toMicros(amount: string | number, field = 'amount'): bigint {
  const text = typeof amount === 'number' ? String(amount) : String(amount ?? '').trim()
  if (!MICROS.test(text)) {
    throw new ApiError(422, `${field} must be a positive decimal with at most 6 places`, {
      field,
    })
  }
  const micros = parseUnits(text, 6)
  if (micros <= 0n) throw new ApiError(422, `${field} must be greater than 0`, { field })
  return micros
}

function decimal(micros: bigint, places: number): string {
  const whole = micros / 1_000_000n
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').slice(0, places)
  return places > 0 ? `${whole}.${fraction}` : `${whole}`
}

/** Customer accounts: money in (a credit) and stablecoins out (a send, on chain when attached). */
export function accountControls(
  ctx: SandboxContext,
): Pick<SandboxAdmin, 'creditAccount' | 'sendFromAccount'> {
  return {
    creditAccount(apiKey, accountId, credit) {
      const { owner, customer, account: target } = activeAccountOf(ctx, apiKey, accountId)
      const micros = toMicros(credit.amount)
      // Minor units of the currency (cents for most fiat, the token's 6 decimals for USDC): an
      // amount finer than that is refused rather than rounded.
      const minorDigits =
        target.assetType === 'stablecoin' ? 6 : currencyFractionDigits(target.currency)
      const unit = 10n ** BigInt(6 - minorDigits)
      if (micros % unit !== 0n) {
        throw new ApiError(
          422,
          `amount has more decimals than ${target.currency} has (${minorDigits})`,
          { field: 'amount' },
        )
      }
      target.balanceMicros += micros
      const places = target.assetType === 'stablecoin' ? 6 : 2
      notify(
        ctx,
        owner,
        'account.credited',
        accountEventBody('account.credited', customer, target, {
          credit: {
            amount: decimal(micros, places),
            amount_minor: Number(micros / unit),
            currency: target.currency,
            fee_minor: 0,
            reference: credit.reference ?? `CR-${uuid().slice(0, 8).toUpperCase()}`,
            narration: null,
          },
        }),
      )
      return accountView(target)
    },
    async sendFromAccount(apiKey, accountId, send) {
      const { owner, customer, account: target } = activeAccountOf(ctx, apiKey, accountId)
      if (target.assetType !== 'stablecoin') {
        throw new ApiError(422, 'Sends go out of stablecoin accounts', { field: 'account_id' })
      }
      const micros = toMicros(send.amount)
      const outcome = send.outcome ?? 'completed'
      const reference = send.reference ?? `SEND-${uuid().slice(0, 8).toUpperCase()}`
      const amount = decimal(micros, 6)
      const sendBody = (status: 'completed' | 'failed', extra: Record<string, unknown>) => ({
        id: uuid(),
        account_id: target.id,
        status,
        currency: target.currency,
        network: target.network,
        to_address: send.to ?? null,
        amount,
        fee: '0.00',
        receive_amount: amount,
        fee_status: 'final',
        reference,
        created_at: isoOffset(ctx.clock.now()),
        ...extra,
      })
      if (outcome === 'failed' || micros > target.balanceMicros) {
        const reason =
          outcome === 'failed' ? 'Failure forced by the sandbox controls' : 'Insufficient balance'
        notify(
          ctx,
          owner,
          'account.send.failed',
          accountEventBody('account.send.failed', customer, target, {
            send: sendBody('failed', { reason }),
          }),
        )
        return { status: 'failed', reason, amount, reference, account: accountView(target) }
      }
      let hash: Hex | undefined
      const token = ctx.chain?.tokens.find((entry) => entry.symbol === target.currency)
      if (send.to && ctx.chain && token) {
        if (!/^0x[0-9a-fA-F]{40}$/.test(send.to)) {
          throw new ApiError(422, 'to must be an EVM address', { field: 'to' })
        }
        const chain = ctx.chain
        hash = await onChain('send the tokens', () =>
          chain.payout(
            token.address,
            send.to as Address,
            parseUnits(amount, token.decimals),
            orderRef(reference),
          ),
        )
      }
      target.balanceMicros -= micros
      notify(
        ctx,
        owner,
        'account.send.completed',
        accountEventBody('account.send.completed', customer, target, {
          send: sendBody('completed', hash ? { transaction_hash: hash } : {}),
        }),
      )
      return {
        status: 'completed',
        amount,
        reference,
        transaction_hash: hash ?? null,
        account: accountView(target),
      }
    },
  }
}
