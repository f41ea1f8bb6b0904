'use client'
import { type CheckoutError, formatTokenAmount } from '@rampkit/core'
import { type ReactNode, useState } from 'react'
import { useConnection } from 'wagmi'
import { useTokens } from '../../hooks/reads.js'
import { ApprovalError, useAllowance } from '../../hooks/useAllowance.js'
import { useRampKit } from '../../provider.js'
import { toCheckoutError } from '../../utils/errors.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { Alert, Hash, Loading } from '../parts.js'
import { QuoteExpiredAlert } from './quote.js'

/** An approval failure as the checkout reports it: `code` says declined, reverted or other. */
function approvalError(error: unknown): CheckoutError {
  const base = toCheckoutError(error)
  // Wallet libraries put pages of details under the first line: onError gets the summary.
  const message = base.message.split('\n')[0] ?? base.message
  if (error instanceof ApprovalError && error.reason !== 'missing_input') {
    return { ...base, message, code: error.reason }
  }
  return { ...base, message, code: base.code ?? 'approval_failed' }
}

function ApproveWithWallet(): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { state, send } = checkout
  const token = state.token
  const quote = state.quote
  const tokens = useTokens()
  const spender = tokens.data?.spender
  const { address } = useConnection()
  const owner = state.details?.walletAddress
  const [failure, setFailure] = useState<CheckoutError>()
  const allowance = useAllowance({
    token,
    owner,
    spender,
    amount: quote?.amountCrypto,
    onTransaction: (hash, kind) =>
      send({ type: 'APPROVAL_SUBMITTED', txHash: hash, reset: kind === 'reset' }),
  })
  if (!token || !quote) return null
  if (tokens.isPending || allowance.isLoading) return <Loading />
  if (!address) return <Alert>{t('approve.noWallet')}</Alert>
  if (owner && address.toLowerCase() !== owner.toLowerCase()) {
    return <Alert>{t('approve.wrongWallet', { address: owner })}</Alert>
  }
  const fmt = (value: bigint) => formatTokenAmount(value, token.decimals)
  const required = allowance.required ?? 0n
  const busy = ['resetting', 'approving', 'waiting'].includes(allowance.phase)
  const enough = !allowance.needsApproval && allowance.allowance !== undefined

  async function approve() {
    if (!spender || allowance.required === undefined) return
    setFailure(undefined)
    send({ type: 'APPROVAL_REQUIRED', amount: allowance.required.toString(), spender })
    try {
      await allowance.approve()
      send({ type: 'APPROVAL_CONFIRMED' })
    } catch (error) {
      const failed = approvalError(error)
      setFailure(failed)
      checkout.reportError(failed)
    }
  }

  const phaseText =
    allowance.phase === 'resetting'
      ? t('approve.resetting')
      : allowance.phase === 'approving'
        ? t('approve.approving')
        : allowance.phase === 'waiting'
          ? t('approve.waiting')
          : allowance.phase === 'confirmed'
            ? t('approve.confirmed')
            : ''
  return (
    <div className="rk-stack" data-state={allowance.phase}>
      <p>{t('approve.intro', { amount: fmt(required), symbol: token.symbol })}</p>
      {allowance.allowance !== undefined ? (
        <p className="rk-hint">
          {t('approve.current', { amount: fmt(allowance.allowance), symbol: token.symbol })}
        </p>
      ) : null}
      {token.requiresZeroAllowanceReset ? (
        <p className="rk-hint">{t('approve.resetNote', { symbol: token.symbol })}</p>
      ) : null}
      <div role="status" aria-live="polite" className="rk-live">
        {phaseText}
      </div>
      {allowance.resetTxHash ? (
        <p>
          {t('approve.tx', { hash: '' })}
          <Hash value={allowance.resetTxHash} />
        </p>
      ) : null}
      {allowance.txHash ? (
        <p>
          {t('approve.tx', { hash: '' })}
          <Hash value={allowance.txHash} />
        </p>
      ) : null}
      {failure ? (
        <Alert>
          <p>{t('approve.failed')}</p>
          <p className="rk-hint">{errorText(t, failure)}</p>
        </Alert>
      ) : null}
      {enough ? (
        <>
          <p>{t('approve.enough')}</p>
          <button
            type="button"
            className="rk-button"
            onClick={() => send({ type: 'APPROVAL_CONFIRMED' })}
          >
            {t('widget.continue')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="rk-button"
          disabled={busy || !spender}
          aria-disabled={busy || !spender}
          onClick={approve}
        >
          {allowance.needsReset
            ? t('approve.resetButton')
            : t('approve.button', { amount: fmt(required), symbol: token.symbol })}
        </button>
      )}
    </div>
  )
}

export function ApproveStep(): ReactNode {
  const { t, hasWagmi } = useRampKit()
  const { checkout } = useWidget()
  if (!hasWagmi) return <Alert>{t('approve.noWallet')}</Alert>
  if (checkout.state.quote?.expired) return <QuoteExpiredAlert />
  return <ApproveWithWallet />
}
