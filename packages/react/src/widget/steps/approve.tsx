'use client'
import { formatTokenAmount } from '@rampkit/core'
import { type ReactNode, useState } from 'react'
import { useConnection } from 'wagmi'
import { useTokens } from '../../hooks/reads.js'
import { useAllowance } from '../../hooks/useAllowance.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { Alert, Hash, Loading } from '../parts.js'

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
  const [failure, setFailure] = useState<string>()
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
      setFailure(error instanceof Error ? error.message : String(error))
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
          <p className="rk-hint">{failure.split('\n')[0]}</p>
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
  if (checkout.state.quote?.expired) {
    return (
      <Alert>
        <p>{t('quote.expired')}</p>
        <button
          type="button"
          className="rk-button"
          onClick={() => checkout.send({ type: 'REQUOTE' })}
        >
          {t('quote.requote')}
        </button>
      </Alert>
    )
  }
  return <ApproveWithWallet />
}
