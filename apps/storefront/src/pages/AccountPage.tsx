import { useCustomer } from '@rampkit/react'
import { RampAccounts } from '@rampkit/react/accounts'
import { Link } from '../router.js'

/** The verification status in the shop's words, by the customer's status. */
const STATUS_TEXT: Record<string, string> = {
  none: 'Not verified yet. You verify once, in the checkout, before your first order.',
  incomplete: 'Verification started but not sent yet. Finish it in the checkout.',
  pending_review: 'Your details are being checked. This usually takes a minute or two.',
  approved: 'Verified. You can buy and sell without verifying again.',
  active: 'Verified. You can buy and sell without verifying again.',
  // What to do next, with the service's reason, is said once, by <RampAccounts /> below.
  rejected: 'Verification declined.',
  suspended: 'Suspended.',
}

/**
 * The shopper's account: whether the ramp has verified them (KYC, done once in the checkout)
 * and their accounts with the service, from `<RampAccounts />`: balances, how to add money,
 * opening another, live as money arrives. Everything comes from the kit's owner-only routes,
 * which answer for the shopper signed in with this wallet only.
 */
export function AccountPage({ shopper }: { shopper?: string | undefined }) {
  const customer = useCustomer()
  const status = customer.data?.status
  return (
    <section aria-labelledby="account-title" className="account-page">
      <h1 id="account-title">Your account</h1>
      {shopper ? (
        <p className="orders-owner">
          Signed in with the wallet <code>{`${shopper.slice(0, 8)}…${shopper.slice(-6)}`}</code>:
          your verified identity and your accounts follow it into any browser.
        </p>
      ) : null}
      <section aria-labelledby="verification-title" className="verification">
        <h2 id="verification-title">Identity verification</h2>
        {customer.isPending ? <p>Loading…</p> : null}
        {customer.isError ? (
          <p role="alert">Could not load your verification: {customer.error.message}</p>
        ) : null}
        {status ? (
          <p data-testid="verification-status" data-status={status}>
            {STATUS_TEXT[status] ?? `Status: ${status}`}
          </p>
        ) : null}
        {status === 'none' || status === 'incomplete' ? (
          <p>
            <Link to="buy">Buy crypto</Link> to verify.
          </p>
        ) : null}
      </section>
      <RampAccounts />
    </section>
  )
}
