'use client'
import type { CustomerAccount, MetaToken, OpenAccountRequest } from '@rampkit/core'
import {
  hasBanking,
  isCustomerVerified,
  type KitAccountEvent,
  type KitCustomer,
} from '@rampkit/core/kit'
import { type ReactNode, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  useAccounts,
  useCustomer,
  useDepositInstructions,
  useOpenAccount,
  usePayoutBanks,
} from '../hooks/customer.js'
import { useCatalog, useTokens } from '../hooks/reads.js'
import { useSigningKeys } from '../hooks/useSigningKeys.js'
import { type RampTheme, useRampKit } from '../kitContext.js'
import { formatMessage, rampLocale } from '../messages/index.js'
import { RampKitLocale } from '../provider.js'
import { CopyButton } from '../widget/copy.js'
import { errorText } from '../widget/errors.js'
import { formatDecimal } from '../widget/format.js'
import { Alert, LoadError, Loading, Row } from '../widget/parts.js'
import { SupportText } from '../widget/support.js'
import { themeStyle } from '../widget/theme.js'
import { accountNetworkName, offeredChoices } from './choices.js'
import { ACCOUNTS_MESSAGES, type AccountsMessageKey } from './messages.js'

/** An account the user may open: a fiat currency, or a stablecoin on a network. */
export type RampAccountChoice = OpenAccountRequest

/**
 * The accounts `<RampAccounts />` may offer by default: of these, only the ones the app serves
 * (a fiat currency of a corridor in the catalog, a stablecoin of the token list).
 */
export const DEFAULT_ACCOUNT_CHOICES: readonly RampAccountChoice[] = [
  { asset_type: 'fiat', currency: 'KES' },
  { asset_type: 'fiat', currency: 'NGN' },
  { asset_type: 'fiat', currency: 'GHS' },
  { asset_type: 'fiat', currency: 'CAD' },
  { asset_type: 'fiat', currency: 'EUR' },
  { asset_type: 'fiat', currency: 'USD' },
  { asset_type: 'stablecoin', currency: 'USDC', network: 'Base' },
]

/** Fiat currencies whose accounts pay out to a directory of banks. */
const PAYOUT_BANK_CURRENCIES = new Set(['NGN', 'GHS', 'CAD'])

/** Props of `<RampAccounts />`. */
export type RampAccountsProps = {
  /**
   * The accounts the user may open, as given (default: those of `DEFAULT_ACCOUNT_CHOICES` the
   * catalog and the token list serve).
   */
  choices?: readonly RampAccountChoice[]
  /** Overrides the provider's locale. */
  locale?: string
  /** Overrides the provider's theme. */
  theme?: RampTheme
  className?: string
}

type Text = (key: AccountsMessageKey, values?: Record<string, string | number>) => string

function useAccountsText(): Text {
  const { locale } = useRampKit()
  const messages = ACCOUNTS_MESSAGES[rampLocale(locale)]
  return (key, values) => formatMessage(messages[key], values)
}

const choiceKey = (choice: { asset_type: string; currency: string; network?: string | null }) =>
  [choice.asset_type, choice.currency, choice.network ?? ''].join(':')

function eventMessage(event: KitAccountEvent): AccountsMessageKey {
  if (event.event === 'account.credited') return 'accounts.event.credited'
  if (event.event === 'account.send.completed') return 'accounts.event.sent'
  if (event.event === 'account.send.failed') return 'accounts.event.failed'
  return 'accounts.event.other'
}

/**
 * The user's accounts (the service's optional banking product, once their customer is verified
 * and its deposit account is ready): each with its balance and status, how to add money (with
 * copy buttons), the banks NGN, GHS and CAD accounts pay out to, and a form to open another.
 * Live: a credit or a send updates the balances as it happens and is announced. Import it from
 * `@rampkit/react/accounts`, inside `RampKitProvider`; it is not part of the checkout's bundle.
 *
 * @example
 * import { RampAccounts } from '@rampkit/react/accounts'
 * <RampKitProvider endpoint="/api/ramp"><RampAccounts /></RampKitProvider>
 */
export function RampAccounts(props: RampAccountsProps): ReactNode {
  return (
    <RampKitLocale locale={props.locale}>
      <Accounts {...props} />
    </RampKitLocale>
  )
}

function Accounts(props: RampAccountsProps): ReactNode {
  const { locale, theme: baseTheme } = useRampKit()
  const text = useAccountsText()
  const headingId = useId()
  const [notice, setNotice] = useState('')
  const listed = useRef<CustomerAccount[] | undefined>(undefined)
  const customer = useCustomer({
    onAccountEvent: (event) => {
      const account = listed.current?.find((each) => String(each.id) === event.account_id)
      setNotice(text(eventMessage(event), { currency: account?.currency ?? '' }))
    },
  })
  const accounts = useAccounts()
  const catalog = useCatalog()
  const tokens = useTokens()
  listed.current = accounts.data
  const theme = {
    ...baseTheme,
    ...props.theme,
    colors: { ...baseTheme.colors, ...props.theme?.colors },
  }

  let body: ReactNode
  const status = customer.data?.status
  if (customer.isPending) body = <Loading />
  else if (customer.isError)
    body = <LoadError error={customer.error} onRetry={() => void customer.refetch()} />
  else if (status === 'pending_review') body = <p className="rk-hint">{text('accounts.review')}</p>
  else if (status === 'rejected' || status === 'suspended')
    body = <Declined customer={customer.data} text={text} />
  else if (!isCustomerVerified(status))
    body = <p className="rk-hint">{text('accounts.notVerified')}</p>
  else if (!hasBanking(customer.data))
    body = <p className="rk-hint">{text('accounts.provisioning')}</p>
  else if (accounts.isPending) body = <Loading />
  else if (accounts.isError)
    body = <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
  else
    body = (
      <>
        {accounts.data.length === 0 ? <p className="rk-hint">{text('accounts.none')}</p> : null}
        <ul className="rk-accounts-list">
          {accounts.data.map((account) => (
            <AccountCard
              key={account.id}
              account={account}
              text={text}
              tokens={tokens.data?.tokens}
            />
          ))}
        </ul>
        <OpenAccount
          text={text}
          tokens={tokens.data?.tokens}
          choices={(
            props.choices ??
            offeredChoices(DEFAULT_ACCOUNT_CHOICES, catalog.data, tokens.data?.tokens)
          ).filter(
            (choice) => !accounts.data.some((account) => choiceKey(account) === choiceKey(choice)),
          )}
        />
      </>
    )

  return (
    <section
      className={['rk-root', 'rk-accounts', props.className].filter(Boolean).join(' ')}
      lang={rampLocale(locale)}
      data-theme={theme.mode ?? 'light'}
      style={themeStyle(theme)}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="rk-heading">
        {text('accounts.title')}
      </h2>
      <p className="rk-accounts-notice" role="status" aria-live="polite">
        {notice}
      </p>
      {body}
      {isCustomerVerified(status) ? <SigningKeys text={text} onNotice={setNotice} /> : null}
    </section>
  )
}

/**
 * A declined or suspended user: what happened, the service's reason, and where to go. The
 * checkout offers no second review, so the way on is the app's support, as the checkout says:
 * a link to it when the provider has its `supportUrl`.
 */
function Declined(props: { customer: KitCustomer; text: Text }): ReactNode {
  const { customer, text } = props
  const { supportUrl } = useRampKit()
  const rejected = customer.status === 'rejected'
  return (
    <Alert>
      <p data-testid="accounts-declined">
        <SupportText
          url={supportUrl}
          message={text(rejected ? 'accounts.rejected' : 'accounts.suspended')}
          label={text('accounts.support')}
        />
      </p>
      {rejected && customer.rejection_reason ? (
        <p>{text('accounts.rejected.reason', { reason: customer.rejection_reason })}</p>
      ) : null}
    </Alert>
  )
}

/**
 * The wallets enrolled to approve the user's orders (signed accepts), each with a control to
 * revoke it: a user who lost a wallet stops it approving anything more. Nothing shows when the
 * app has signed accepts off.
 */
function SigningKeys(props: { text: Text; onNotice: (notice: string) => void }): ReactNode {
  const { text, onNotice } = props
  const { t } = useRampKit()
  const headingId = useId()
  const signing = useSigningKeys()
  const [failure, setFailure] = useState<unknown>(null)
  if (!signing.enabled) return null
  if (signing.isLoading) return <Loading />
  return (
    <section className="rk-signing-keys" aria-labelledby={headingId}>
      <h3 id={headingId} className="rk-account-title">
        {text('accounts.keys')}
      </h3>
      {signing.keys.length === 0 ? <p className="rk-hint">{text('accounts.keys.none')}</p> : null}
      <ul className="rk-accounts-list">
        {signing.keys.map((key) => (
          <li key={key.key_id} data-testid="signing-key" data-status={key.status}>
            <code>{key.address}</code>{' '}
            {key.status === 'active' ? (
              <button
                type="button"
                className="rk-button rk-button-secondary"
                disabled={signing.isRevoking}
                onClick={async () => {
                  setFailure(null)
                  try {
                    await signing.revoke(key.key_id)
                    onNotice(text('accounts.keys.done', { address: key.address }))
                  } catch (error) {
                    setFailure(error)
                  }
                }}
              >
                {text('accounts.keys.revoke')}
              </button>
            ) : (
              <span>{text('accounts.keys.revoked')}</span>
            )}
          </li>
        ))}
      </ul>
      {failure ? (
        <Alert>
          <p>{errorText(t, failure)}</p>
        </Alert>
      ) : null}
    </section>
  )
}

/** An account named as the checkout names it: `KES`, `USDC on Anvil`. */
function accountName(
  account: Pick<CustomerAccount, 'currency' | 'network'>,
  tokens: readonly MetaToken[] | undefined,
  text: Text,
): string {
  if (!account.network) return account.currency
  return text('accounts.open.stablecoin', {
    currency: account.currency,
    network: accountNetworkName(tokens, account.currency, account.network),
  })
}

/** An account, the messages, and the token list its network is named from. */
type AccountProps = {
  account: CustomerAccount
  text: Text
  tokens: readonly MetaToken[] | undefined
}

function AccountCard(props: AccountProps): ReactNode {
  const { account, text, tokens } = props
  const { locale } = useRampKit()
  const headingId = useId()
  const active = account.status === 'active'
  const statusText =
    account.status === 'active'
      ? text('accounts.status.active')
      : account.status === 'pending'
        ? text('accounts.status.pending')
        : account.status
  // In the shopper's language, grouped, every digit of its shortest form, as the checkout and the
  // orders write an amount (12,500.5 KES; 12 500,5 KES in French), not the service's raw string.
  const balance = account.balance
    ? `${formatDecimal(account.balance.available, locale)} ${account.balance.currency}`
    : `${formatDecimal('0', locale)} ${account.currency}`
  return (
    <li
      className="rk-account"
      aria-labelledby={headingId}
      data-testid="account"
      data-account-id={account.id}
      data-status={account.status}
    >
      <h3 id={headingId} className="rk-account-title">
        {accountName(account, tokens, text)}
      </h3>
      <dl className="rk-summary">
        <Row label={text('accounts.balance')}>
          <span data-testid="account-balance">{balance}</span>
        </Row>
        <Row label={text('accounts.status')}>{statusText}</Row>
      </dl>
      {active ? (
        <DepositDetails account={account} text={text} tokens={tokens} />
      ) : (
        <p className="rk-hint">{text('accounts.deposit.pending')}</p>
      )}
      {active && account.asset_type === 'fiat' && PAYOUT_BANK_CURRENCIES.has(account.currency) ? (
        <PayoutBankList accountId={account.id} text={text} />
      ) : null}
    </li>
  )
}

/**
 * How to add money to an active account, in the user's words: the coordinates from the service,
 * and our own sentence for the user (the service's `instructions` is written for the partner,
 * "Have the customer pay…", and in English only).
 */
function DepositDetails(props: AccountProps): ReactNode {
  const { text, account, tokens } = props
  const deposit = useDepositInstructions(account.id)
  if (deposit.isPending) return <Loading />
  if (deposit.isError)
    return <LoadError error={deposit.error} onRetry={() => void deposit.refetch()} />
  const data = deposit.data
  // [label, value, whether it is typed somewhere and so gets a copy button]
  const rows: [AccountsMessageKey, string | null | undefined, boolean][] = [
    ['accounts.holder', data.account_holder_name, false],
    ['accounts.bankName', data.bank_name, false],
    ['accounts.accountNumber', data.account_number, true],
    ['accounts.bankCode', data.bank_code, true],
    ['accounts.swift', data.swift_bic, true],
    [
      'accounts.network',
      data.network ? accountNetworkName(tokens, account.currency, data.network) : null,
      false,
    ],
    ['accounts.wallet', data.wallet_address, true],
  ]
  return (
    <section
      className="rk-instructions"
      // One region per account: named by the account too, so two never share a name.
      aria-label={`${text('accounts.deposit')}: ${accountName(account, tokens, text)}`}
    >
      <p className="rk-instructions-title">{text('accounts.deposit')}</p>
      <dl className="rk-summary">
        {rows.map(([label, value, copy]) =>
          value ? (
            <Row key={label} label={text(label)}>
              <span className="rk-reference">
                <span className={copy ? 'rk-copy' : undefined}>{value}</span>
                {copy ? <CopyButton value={value} label={text(label)} /> : null}
              </span>
            </Row>
          ) : null,
        )}
      </dl>
      <p className="rk-hint" data-testid="deposit-hint">
        {account.asset_type === 'stablecoin'
          ? text('accounts.deposit.wallet', {
              currency: account.currency,
              network: accountNetworkName(
                tokens,
                account.currency,
                data.network ?? account.network ?? '',
              ),
            })
          : text('accounts.deposit.bank', { currency: account.currency })}
      </p>
    </section>
  )
}

function PayoutBankList(props: { accountId: number; text: Text }): ReactNode {
  const banks = usePayoutBanks(props.accountId)
  if (!banks.data || banks.data.banks.length === 0) return null
  return (
    <details className="rk-payout-banks">
      <summary>{props.text('accounts.payoutBanks', { count: banks.data.banks.length })}</summary>
      <ul>
        {banks.data.banks.map((bank) => (
          <li key={bank.bank_code}>
            {bank.bank_name} <code className="rk-mono">{bank.bank_code}</code>
          </li>
        ))}
      </ul>
    </details>
  )
}

function OpenAccount(props: {
  choices: readonly RampAccountChoice[]
  text: Text
  tokens: readonly MetaToken[] | undefined
}): ReactNode {
  const { t } = useRampKit()
  const { text, choices, tokens } = props
  const open = useOpenAccount()
  const selectId = useId()
  const first = choices[0]
  const form = useForm<{ choice: string }>({
    defaultValues: { choice: first ? choiceKey(first) : '' },
  })
  if (!first) return null
  const onSubmit = form.handleSubmit(({ choice }) => {
    open.mutate(choices.find((each) => choiceKey(each) === choice) ?? first)
  })
  return (
    <form className="rk-form rk-open-account" onSubmit={onSubmit}>
      <p className="rk-instructions-title">{text('accounts.open')}</p>
      <div className="rk-field">
        <label htmlFor={selectId} className="rk-label">
          {text('accounts.open.currency')}
        </label>
        <select id={selectId} className="rk-input" {...form.register('choice')}>
          {choices.map((choice) => (
            <option key={choiceKey(choice)} value={choiceKey(choice)}>
              {accountName(
                { currency: choice.currency, network: choice.network ?? null },
                tokens,
                text,
              )}
            </option>
          ))}
        </select>
      </div>
      {open.isError ? (
        <Alert>
          <p>{errorText(t, open.error)}</p>
        </Alert>
      ) : null}
      <button type="submit" className="rk-button" disabled={open.isPending}>
        {text('accounts.open.submit')}
      </button>
    </form>
  )
}
