import { rampKitKeys } from '@rampkit/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useState } from 'react'
import type { Address } from 'viem'
import { useConfig, useConnection } from 'wagmi'
import { signMessage } from 'wagmi/actions'

/** GET /api/shop/session: the wallet this browser is signed in with, if any. */
export type ShopperSessionState = { address: Address | null; expires_at: string | null }

const SESSION_PATH = '/api/shop/session'
const SESSION_QUERY_KEY = ['shop', 'session'] as const

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  })
  const body = (await response.json()) as { message: string; data: T }
  if (!response.ok) throw new Error(body.message)
  return body.data
}

/**
 * Signs the shop in as `account` with its wallet (Sign-In with Ethereum, `server/sign-in.ts`):
 * the server issues a one-time message, the wallet signs it, the server verifies the signature
 * and sets the signed session cookie. The demo's wallet (wagmi's mock connector) signs without
 * a prompt; a browser wallet asks the shopper.
 */
async function signIn(
  config: ReturnType<typeof useConfig>,
  account: Address,
  chainId: number,
): Promise<ShopperSessionState> {
  const { message } = await call<{ message: string }>(`${SESSION_PATH}/challenge`, {
    method: 'POST',
    body: JSON.stringify({ address: account, chain_id: chainId }),
  })
  const signature = await signMessage(config, { account, message })
  return call<ShopperSessionState>(SESSION_PATH, {
    method: 'POST',
    body: JSON.stringify({ message, signature }),
  })
}

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

type SessionContext = { address: Address; signOut: () => void; signingOut: boolean }
const Session = createContext<SessionContext | null>(null)

/** The signed-in shopper and their sign-out, inside `ShopperSession`. */
export function useShopperSession(): SessionContext | null {
  return useContext(Session)
}

/**
 * The shop as the shopper `account` has signed in: their orders and their verified identity
 * follow the wallet into any browser. Until the server has verified the wallet's signature the
 * shop's pages wait (the kit's first request must already carry the sign-in); after a sign-out
 * the shopper signs in again with a button.
 */
export function ShopperSession(props: {
  account: Address
  chainId: number
  /** The kit's endpoint: its answers are dropped on a sign-out. */
  endpoint: string
  children: ReactNode
}) {
  const { account, chainId } = props
  const config = useConfig()
  const queryClient = useQueryClient()
  const { address, status } = useConnection()
  // A sign-out stays until the shopper signs in again: no sign-in by itself after it.
  const [signedOut, setSignedOut] = useState(false)
  const session = useQuery({
    queryKey: [...SESSION_QUERY_KEY, account],
    queryFn: async () => {
      const current = await call<ShopperSessionState>(SESSION_PATH)
      return same(current.address, account) ? current : signIn(config, account, chainId)
    },
    enabled: !signedOut && status === 'connected' && !!address && same(address, account),
    // Asked again whenever a shopper's pages mount: the cookie may name another wallet since
    // (a switch of test account signed in as that one), so no answer is kept once unused.
    gcTime: 0,
    retry: false,
  })
  const signOut = useMutation({
    mutationFn: () => call<ShopperSessionState>(SESSION_PATH, { method: 'DELETE' }),
    onSuccess: () => {
      setSignedOut(true)
      // Most of the kit's answers were this shopper's (orders, customer, signing keys).
      queryClient.removeQueries({ queryKey: rampKitKeys.all(props.endpoint) })
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY })
    },
  })

  if (signedOut) {
    return (
      <main id="main" className="sign-in" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Signed out</h1>
        <p>Sign in with your wallet to see your orders and buy or sell.</p>
        <button type="button" className="sign-in-button" onClick={() => setSignedOut(false)}>
          Sign in with this wallet
        </button>
      </main>
    )
  }
  if (session.isError) {
    return (
      <main id="main" className="sign-in" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Could not sign in</h1>
        <p role="alert">{session.error.message}</p>
        <button type="button" className="sign-in-button" onClick={() => void session.refetch()}>
          Try again
        </button>
      </main>
    )
  }
  if (!session.data?.address) return <p className="loading">Signing in with your wallet…</p>
  return (
    <Session.Provider
      value={{
        address: session.data.address,
        signOut: () => signOut.mutate(),
        signingOut: signOut.isPending,
      }}
    >
      {props.children}
    </Session.Provider>
  )
}
