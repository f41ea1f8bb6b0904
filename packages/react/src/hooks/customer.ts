'use client'
import type {
  CustomerAccount,
  DepositInstructions,
  OpenAccountRequest,
  PayoutBanks,
} from '@rampkit/core'
import {
  hasBanking,
  type KitAccountEvent,
  type KitCustomer,
  type KitCustomerQuery,
  type SaveCustomerRequest,
} from '@rampkit/core/kit'
import {
  accountsQueryOptions,
  customerQueryOptions,
  depositInstructionsQueryOptions,
  openAccountMutationOptions,
  payoutBanksQueryOptions,
  rampKitKeys,
  saveCustomerMutationOptions,
  submitCustomerMutationOptions,
  type UploadDocumentVariables,
  uploadDocumentMutationOptions,
} from '@rampkit/core/kit/query'
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useRampKit } from '../provider.js'

/** Options of `useCustomer`. */
export type UseCustomerOptions = {
  enabled?: boolean
  /** Before the user has a customer: which package to list (`customer_type`, `country`). */
  query?: KitCustomerQuery
  /**
   * Follow the customer live on GET /customer/events (`EventSource`): review outcomes and
   * account credits arrive as they happen (default true).
   */
  live?: boolean
  /** Poll interval while not streaming and a review is pending, in ms (default 5000). */
  pollIntervalMs?: number
  /** Each `account` event as it arrives (`account.credited`, `account.send.completed`...). */
  onAccountEvent?: (event: KitAccountEvent) => void
}

/** What `useCustomer` adds to the customer query: how updates arrive. */
export type UseCustomerReturnType = UseQueryResult<KitCustomer, Error> & {
  transport: 'sse' | 'polling' | 'idle'
}

/**
 * The end user's verified customer (KYC): status (`none`, `incomplete`, `pending_review`,
 * `approved`, `rejected`...), what it still needs (`missing_fields`, `missing_documents`), the
 * review's reason when rejected, and the non-sensitive profile on file for prefilling. Live
 * while mounted: each `customer` event of GET /customer/events replaces the cached customer,
 * each `account` event refreshes the accounts; a reconnected stream refetches both, since
 * events may have been missed. Without a stream, a pending review is polled.
 *
 * @example
 * const { data: customer } = useCustomer()
 * if (customer?.status === 'rejected') show(customer.rejection_reason)
 */
export function useCustomer(options: UseCustomerOptions = {}): UseCustomerReturnType {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  const enabled = options.enabled ?? true
  const live = options.live ?? true
  const pollMs = options.pollIntervalMs ?? 5000
  const [streaming, setStreaming] = useState(false)
  const onAccountEvent = useRef(options.onAccountEvent)
  onAccountEvent.current = options.onAccountEvent
  const query = useQuery({
    ...customerQueryOptions(client, options.query),
    enabled,
    refetchInterval: (q) =>
      !streaming && q.state.data?.status === 'pending_review' ? pollMs : false,
  })

  useEffect(() => {
    if (!enabled || !live || typeof EventSource === 'undefined') return
    const customerKey = rampKitKeys.customer(client.endpoint)
    const accountsKey = rampKitKeys.accounts(client.endpoint)
    const source = new EventSource(client.url('customerEvents'), { withCredentials: true })
    let opened = false
    source.onopen = () => {
      setStreaming(true)
      // The first open follows the query's own fetch; a reconnect may have missed events.
      if (opened) {
        void queryClient.invalidateQueries({ queryKey: customerKey })
        void queryClient.invalidateQueries({ queryKey: accountsKey })
      }
      opened = true
    }
    source.addEventListener('customer', (event) => {
      try {
        const customer = JSON.parse((event as MessageEvent<string>).data) as KitCustomer
        queryClient.setQueriesData({ queryKey: customerKey }, customer)
      } catch {
        // a malformed event is ignored; the next one or a refetch corrects it
      }
    })
    source.addEventListener('account', (event) => {
      void queryClient.invalidateQueries({ queryKey: accountsKey })
      try {
        onAccountEvent.current?.(
          JSON.parse((event as MessageEvent<string>).data) as KitAccountEvent,
        )
      } catch {
        // a malformed event still refreshed the accounts
      }
    })
    // The browser reconnects by itself; until it does, a pending review is polled.
    source.onerror = () => setStreaming(false)
    return () => {
      source.close()
      setStreaming(false)
    }
  }, [client, queryClient, enabled, live])

  const transport = !enabled ? 'idle' : streaming ? 'sse' : 'polling'
  return Object.assign(query, { transport }) as UseCustomerReturnType
}

/**
 * The user's accounts with balance and status; waits (no request) until the customer is
 * verified and its deposit-account product is ready, which the kit requires.
 *
 * @example
 * const { data: accounts } = useAccounts()
 */
export function useAccounts(
  options: { enabled?: boolean } = {},
): UseQueryResult<CustomerAccount[], Error> {
  const { client } = useRampKit()
  const customer = useQuery(customerQueryOptions(client))
  const open = (options.enabled ?? true) && hasBanking(customer.data)
  return useQuery(accountsQueryOptions(client, open))
}

/**
 * How to fund an account (bank coordinates or a wallet address); pass `undefined` to wait
 * (an account still `pending` has none yet).
 *
 * @example
 * const { data } = useDepositInstructions(account.status === 'active' ? account.id : undefined)
 */
export function useDepositInstructions(
  accountId: string | number | undefined,
): UseQueryResult<DepositInstructions, Error> {
  const { client } = useRampKit()
  return useQuery(depositInstructionsQueryOptions(client, accountId))
}

/**
 * The banks a fiat account pays out to (NGN, GHS, CAD...). Pass `undefined` to wait.
 *
 * @example
 * const { data } = usePayoutBanks(account.id)
 * data?.banks.map((bank) => bank.bank_name)
 */
export function usePayoutBanks(
  accountId: string | number | undefined,
): UseQueryResult<PayoutBanks, Error> {
  const { client } = useRampKit()
  return useQuery(payoutBanksQueryOptions(client, accountId))
}

/** Keeps the customer a write answered in the cache `useCustomer` reads. */
function useCustomerCache(): (customer: KitCustomer) => void {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  return (customer) => {
    queryClient.setQueriesData({ queryKey: rampKitKeys.customer(client.endpoint) }, customer)
  }
}

/**
 * Saves profile fields (POST /customer): creates the user's customer the first time.
 *
 * @example
 * await useSaveCustomer().mutateAsync({ customer_type: 'individual', profile: { email } })
 */
export function useSaveCustomer(): UseMutationResult<KitCustomer, Error, SaveCustomerRequest> {
  const { client } = useRampKit()
  const onSuccess = useCustomerCache()
  return useMutation({ ...saveCustomerMutationOptions(client), onSuccess })
}

/**
 * Uploads one document (POST /customer/documents) with progress.
 *
 * @example
 * await useUploadDocument().mutateAsync({ category: 'identity', file, onProgress })
 */
export function useUploadDocument(): UseMutationResult<
  KitCustomer,
  Error,
  UploadDocumentVariables
> {
  const { client } = useRampKit()
  const onSuccess = useCustomerCache()
  return useMutation({ ...uploadDocumentMutationOptions(client), onSuccess })
}

/**
 * Submits the package for review (POST /customer/submit).
 *
 * @example
 * await useSubmitCustomer().mutateAsync()
 */
export function useSubmitCustomer(): UseMutationResult<KitCustomer, Error, void> {
  const { client } = useRampKit()
  const onSuccess = useCustomerCache()
  return useMutation({ ...submitCustomerMutationOptions(client), onSuccess })
}

/**
 * Opens an account (POST /accounts); the accounts list refreshes after.
 *
 * @example
 * await useOpenAccount().mutateAsync({ asset_type: 'fiat', currency: 'NGN' })
 */
export function useOpenAccount(): UseMutationResult<CustomerAccount, Error, OpenAccountRequest> {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  return useMutation({
    ...openAccountMutationOptions(client),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: rampKitKeys.accounts(client.endpoint) }),
  })
}
