'use client'
import type { CheckoutError } from '@rampkit/core/checkout'
import type { WalletProof } from '@rampkit/core/kit'
import { rampKitKeys } from '@rampkit/core/kit/query'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useConnection } from 'wagmi'
import { useTokens } from '../../hooks/reads.js'
import { ApprovalError, useAllowance } from '../../hooks/useAllowance.js'
import {
  type UseWalletProofReturnType,
  useWalletProof,
  WalletProofError,
} from '../../hooks/useWalletProof.js'
import { useRampKit } from '../../provider.js'
import { toCheckoutError } from '../../utils/errors.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { formatUnits, shortHash } from '../format.js'
import { Alert, Hash, Loading } from '../parts.js'
import { QuoteExpiredAlert } from './quote.js'
import { SellerSwitched } from './seller.js'

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

/** Whether this session proved another wallet than `address` (the user switched wallets). */
function useProvedAnotherWallet(address: string): boolean {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  const prefix = rampKitKeys.walletProof(client.endpoint, '').slice(0, 3)
  return queryClient
    .getQueriesData<WalletProof>({ queryKey: prefix })
    .some(
      ([, data]) => data?.proven === true && data.address.toLowerCase() !== address.toLowerCase(),
    )
}

/**
 * The one signature a sale needs before its approval: Sign-In with Ethereum, proving this
 * session controls the wallet the service will take the tokens from. Free, no transaction.
 */
function ProveWallet(props: { proof: UseWalletProofReturnType; address: string }): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { proof, address } = props
  const [failure, setFailure] = useState<string>()
  const signing = useRef(false)
  const changed = useProvedAnotherWallet(address)

  async function sign() {
    // One wallet prompt per click, however fast the clicks come.
    if (signing.current) return
    signing.current = true
    setFailure(undefined)
    try {
      await proof.prove()
    } catch (error) {
      const declined = error instanceof WalletProofError && error.reason === 'rejected'
      const reported = toCheckoutError(error)
      setFailure(declined ? t('prove.rejected') : `${t('prove.failed')} ${errorText(t, reported)}`)
      checkout.reportError({
        ...reported,
        message: reported.message.split('\n')[0] ?? reported.message,
        code: declined ? 'rejected' : (reported.code ?? 'wallet_proof_failed'),
      })
    } finally {
      signing.current = false
    }
  }

  return (
    <div className="rk-stack" data-state={proof.isProving ? 'signing' : 'unproven'}>
      {/* The section's heading ("Allow the token transfer") titles this part: no second title. */}
      {changed ? <p>{t('prove.changed', { address: shortHash(address) })}</p> : null}
      <p className="rk-hint">{t('prove.intro')}</p>
      <div role="status" aria-live="polite" className="rk-live">
        {proof.isProving ? t('prove.signing') : ''}
      </div>
      {failure ? (
        <Alert>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <button
        type="button"
        className="rk-button"
        disabled={proof.isProving}
        aria-disabled={proof.isProving}
        onClick={sign}
      >
        {t('prove.button')}
      </button>
    </div>
  )
}

function ApproveWithWallet(): ReactNode {
  const { t, locale } = useRampKit()
  const { checkout } = useWidget()
  const { state, send } = checkout
  const token = state.token
  const quote = state.quote
  const tokens = useTokens()
  const spender = tokens.data?.spender
  const { address } = useConnection()
  const owner = state.details?.walletAddress
  const [failure, setFailure] = useState<CheckoutError>()
  const approving = useRef(false)
  const proof = useWalletProof({ address: owner ?? address, chainId: token?.chainId })
  const allowance = useAllowance({
    token,
    owner,
    spender,
    amount: quote?.amountCrypto,
    onTransaction: (hash, kind) =>
      send({ type: 'APPROVAL_SUBMITTED', txHash: hash, reset: kind === 'reset' }),
  })
  const fmt = (value: bigint) => formatUnits(value, token?.decimals ?? 0, locale)
  const required = allowance.required ?? 0n
  const busy = ['resetting', 'approving', 'waiting'].includes(allowance.phase)
  const enough = !allowance.needsApproval && allowance.allowance !== undefined
  const switched = Boolean(address && owner && address.toLowerCase() !== owner.toLowerCase())
  // An allowance that already covers the order needs no transaction: the checkout hears what
  // the chain says (as a query hook hands its options on) and moves on to the confirm itself.
  const covered = enough && proof.proven && !busy && !switched
  const { setOptions } = checkout
  useEffect(() => {
    setOptions({ allowanceCovers: covered })
  }, [covered, setOptions])
  if (!token || !quote) return null
  if (tokens.isPending || allowance.isLoading || proof.isLoading) return <Loading />
  if (!address) return <Alert>{t('approve.noWallet')}</Alert>
  if (owner && address.toLowerCase() !== owner.toLowerCase()) {
    return <SellerSwitched connected={address} seller={owner} />
  }
  if (!proof.proven) return <ProveWallet proof={proof} address={owner ?? address} />

  async function approve() {
    if (!spender || allowance.required === undefined) return
    // A double click must not send two approvals: two prompts, two gas fees.
    if (approving.current) return
    approving.current = true
    setFailure(undefined)
    send({ type: 'APPROVAL_REQUIRED', amount: allowance.required.toString(), spender })
    try {
      await allowance.approve()
      checkout.approvalDone()
    } catch (error) {
      const failed = approvalError(error)
      setFailure(failed)
      checkout.reportError(failed)
    } finally {
      approving.current = false
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
      <p className="rk-hint" data-proven="true">
        {t('prove.done', { address: shortHash(owner ?? address) })}
      </p>
      <p>{t('approve.intro', { amount: fmt(required), symbol: token.symbol })}</p>
      {allowance.allowance !== undefined ? (
        <p className="rk-hint">
          {t('approve.current', { amount: fmt(allowance.allowance), symbol: token.symbol })}
        </p>
      ) : null}
      {allowance.needsReset ? (
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
      {enough ? null : (
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
