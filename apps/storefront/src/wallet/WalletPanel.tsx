import { chainDisplayName } from '@rampkit/core/checkout'
import { useTokens } from '@rampkit/react'
import { useId } from 'react'
import { type Address, erc20Abi, formatUnits } from 'viem'
import { useBalance, useConnection, useReadContracts } from 'wagmi'
import type { DemoChain } from './chain.js'
import { useShopperSession } from './session.js'

function short(address: string) {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * A balance as the shop writes an amount (its page is English): grouped, with the digits it
 * has up to `fractionDigits` (`10,000`, `9,999.9998` ETH, `10,011.433902` USDC).
 */
function formatBalance(value: bigint, decimals: number, fractionDigits = decimals) {
  // ES2023 Intl formats a decimal string from its digits, so no digit is lost through a float.
  const format = new Intl.NumberFormat('en', { maximumFractionDigits: fractionDigits }).format as (
    value: string | number,
  ) => string
  return format(formatUnits(value, decimals))
}

/**
 * The demo wallet: the local chain's test accounts (wagmi's mock connector) and their token
 * balances, read from the chain every couple of seconds so a settled order shows up.
 */
export function WalletPanel({
  chain,
  onSelect,
}: {
  chain: DemoChain
  onSelect: (account: Address) => void
}) {
  const selectId = useId()
  const { address, status } = useConnection()
  const chainName = useChainName(chain.chainId)
  const session = useShopperSession()
  const eth = useBalance({ address, query: { enabled: !!address, refetchInterval: 2000 } })
  const balances = useReadContracts({
    contracts: chain.tokens.map((token) => ({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address ?? '0x0000000000000000000000000000000000000000'],
    })),
    query: { enabled: !!address, refetchInterval: 2000 },
  })

  return (
    <section className="wallet" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>Wallet</h2>
      <p className="wallet-status" data-status={status}>
        {status === 'connected'
          ? `Connected to ${chainName} (chain ${chain.chainId})`
          : 'Connecting…'}
      </p>
      <label htmlFor={selectId}>Test account</label>
      <select
        id={selectId}
        value={address ?? ''}
        onChange={(event) => onSelect(event.target.value as Address)}
      >
        {chain.testAccounts.map((account, index) => (
          <option key={account.address} value={account.address}>
            #{index} {short(account.address)}
          </option>
        ))}
      </select>
      {address ? (
        <p className="wallet-address" data-testid="wallet-address">
          {address}
        </p>
      ) : null}
      {session ? (
        <p className="wallet-session" data-testid="signed-in">
          Signed in with this wallet.{' '}
          <button
            type="button"
            className="wallet-sign-out"
            onClick={session.signOut}
            disabled={session.signingOut}
          >
            Sign out
          </button>
        </p>
      ) : null}
      <dl className="balances" aria-live="polite">
        <dt>ETH</dt>
        <dd data-testid="balance-ETH">{eth.data ? formatBalance(eth.data.value, 18, 4) : '…'}</dd>
        {chain.tokens.map((token, index) => {
          const result = balances.data?.[index]
          const value = result?.status === 'success' ? (result.result as bigint) : undefined
          return [
            <dt key={`${token.address}-dt`} title={token.label}>
              {token.symbol}
            </dt>,
            <dd key={`${token.address}-dd`} data-testid={`balance-${token.symbol}`}>
              {value === undefined ? '…' : formatBalance(value, token.decimals)}
            </dd>,
          ]
        })}
      </dl>
    </section>
  )
}

/**
 * The chain's name as the widget names its tokens (core's `chainDisplayName` over the kit's
 * token list), so the wallet and the token list say the same network.
 */
function useChainName(chainId: number): string {
  const tokens = useTokens()
  const listed = tokens.data?.tokens.find((token) => token.chain_id === chainId)
  return chainDisplayName({ chainId, ...(listed?.chain ? { chain: listed.chain } : {}) })
}
