'use client'
import { type ReactNode, useState } from 'react'
import { useConnection } from 'wagmi'
import { SignedAcceptError, useSignedAccept } from '../../hooks/useSignedAccept.js'
import type { MessageKey } from '../../messages/index.js'
import { useRampKit } from '../../provider.js'
import { isUserRejection } from '../../utils/wallet.js'
import { useWidget } from '../context.js'
import { errorText } from '../errors.js'
import { shortHash } from '../format.js'
import { Alert, Loading } from '../parts.js'
import { RequoteButton } from './quote.js'

/** The words for a failed enrollment or signature. */
function problemOf(error: unknown): MessageKey | 'error' {
  if (error instanceof SignedAcceptError) {
    if (error.reason === 'rejected') return 'signed.rejected'
    if (error.reason === 'expired') return 'signed.expired'
    if (error.reason === 'no_wallet') return 'signed.noWallet'
    return 'signed.refused'
  }
  return isUserRejection(error) ? 'signed.rejected' : 'error'
}

/**
 * The confirm of a checkout whose kit runs with signed accepts: the connected wallet approves
 * the order. Enrolls the wallet first when it is not the user's signing key (a first time, a
 * changed or lost wallet), then has a new quote made for it; on confirm, the wallet signs the
 * quote's typed data as the service sent it and the signature goes with the accept. Rendered
 * only under wagmi (`widget/walletParts.tsx`), in place of the confirm button.
 */
export function SignedConfirm(props: { disabled: boolean; label: string }): ReactNode {
  const { t } = useRampKit()
  const { checkout } = useWidget()
  const { address } = useConnection()
  const signed = useSignedAccept(address)
  const [problem, setProblem] = useState<{ key: MessageKey | 'error'; error: unknown }>()
  const quote = checkout.state.quote
  if (!address) {
    return (
      <Alert>
        <p>{t('signed.noWallet')}</p>
      </Alert>
    )
  }
  if (signed.isLoading || !quote) return <Loading />
  const message = problem ? (
    <Alert>
      <p>{problem.key === 'error' ? errorText(t, problem.error) : t(problem.key)}</p>
    </Alert>
  ) : null

  if (!signed.enrolled) {
    const enroll = async () => {
      setProblem(undefined)
      try {
        await signed.enroll()
        // The quote was made before this wallet was the signer: it has nothing for it to sign.
        checkout.send({ type: 'REQUOTE' })
      } catch (error) {
        setProblem({ key: problemOf(error), error })
      }
    }
    const before = quote.signing?.signer_address
    return (
      <section className="rk-stack" aria-labelledby="rk-signed-title">
        <p id="rk-signed-title">
          <strong>{t('signed.title')}</strong>
        </p>
        <p>
          {before && before.toLowerCase() !== address.toLowerCase()
            ? t('signed.changed', { address: shortHash(address) })
            : t('signed.intro', { address: shortHash(address) })}
        </p>
        {message}
        <div role="status" aria-live="polite" className="rk-live">
          {signed.isEnrolling ? t('signed.enrolling') : ''}
        </div>
        <button
          type="button"
          className="rk-button"
          disabled={signed.isEnrolling}
          onClick={() => void enroll()}
        >
          {t('signed.enroll')}
        </button>
      </section>
    )
  }

  if (!signed.canSign(quote.signing)) {
    return (
      <div className="rk-stack">
        <p>{t('signed.requote')}</p>
        <RequoteButton />
      </div>
    )
  }

  const approve = async () => {
    setProblem(undefined)
    let signature: string
    try {
      signature = await signed.sign(quote.signing!.typed_data)
    } catch (error) {
      setProblem({ key: problemOf(error), error })
      return
    }
    await checkout.confirm({ acceptBody: { signed_accept: { signature } } })
    // A refusal may mean the key was revoked since: read the user's keys again.
    signed.refresh()
  }
  return (
    <div className="rk-stack">
      {message}
      <div role="status" aria-live="polite" className="rk-live">
        {signed.isSigning ? t('signed.signing') : ''}
      </div>
      <button
        type="button"
        className="rk-button"
        disabled={props.disabled || signed.isSigning}
        aria-disabled={props.disabled || signed.isSigning}
        onClick={() => void approve()}
      >
        {props.label}
      </button>
    </div>
  )
}
