import type { MutationOptions } from '@tanstack/query-core'
import { skipToken } from '@tanstack/query-core'
import type { CustomerAccount, OpenAccountRequest } from '../../schemas/index.js'
import type { KitClient } from '../client.js'
import type { KitCustomer, KitCustomerQuery, SaveCustomerRequest } from '../schemas.js'
import { rampKitKeys } from './keys.js'
import { queryOptions } from './queryOptions.js'

/*
 * The end user's verified customer (KYC) and accounts: query and mutation options of the kit's
 * owner-only routes (GET/POST /customer, /customer/documents, /customer/submit, /accounts...).
 * `@rampkit/react`'s `useCustomer`, `useAccounts`, `useDepositInstructions` and `usePayoutBanks`
 * wrap them.
 */

/**
 * Query options of GET /customer: the user's customer, its status and what it still needs.
 * `query` picks the package a user without a customer yet is shown (`customer_type`, `country`);
 * every variant sits under `rampKitKeys.customer(endpoint)`, so one `setQueriesData` or
 * `invalidateQueries` with that prefix reaches them all. Live updates arrive on
 * GET /customer/events (`useCustomer` subscribes to them).
 *
 * @example
 * const { data } = useQuery(customerQueryOptions(client, { country: 'KE' }))
 * data?.missing_fields // ['email', 'address.line1']
 */
export function customerQueryOptions(client: KitClient, query: KitCustomerQuery = {}) {
  return queryOptions({
    queryKey: [...rampKitKeys.customer(client.endpoint), query] as const,
    queryFn: ({ signal }) => client.request('customer', { query, signal }),
  })
}

/**
 * Query options of GET /accounts, the user's accounts with balance and status; pass
 * `enabled: false` until `hasBanking(customer)` (the kit answers 409 before).
 *
 * @example
 * useQuery(accountsQueryOptions(client, hasBanking(customer)))
 */
export function accountsQueryOptions(client: KitClient, enabled = true) {
  return queryOptions({
    queryKey: rampKitKeys.accounts(client.endpoint),
    queryFn: enabled ? ({ signal }) => client.request('accounts', { signal }) : skipToken,
  })
}

/**
 * Query options of GET /accounts/:accountId/deposit-instructions: how to fund an account. The
 * service answers 422 while the account's coordinates are still being provisioned.
 *
 * @example
 * useQuery(depositInstructionsQueryOptions(client, account.status === 'active' ? account.id : undefined))
 */
export function depositInstructionsQueryOptions(
  client: KitClient,
  accountId: string | number | undefined,
) {
  const id = accountId === undefined ? '' : String(accountId)
  return queryOptions({
    queryKey: rampKitKeys.depositInstructions(client.endpoint, id),
    queryFn: id
      ? ({ signal }) => client.request('depositInstructions', { params: { accountId: id }, signal })
      : skipToken,
    staleTime: 5 * 60_000,
  })
}

/**
 * Query options of GET /accounts/:accountId/payout-banks: the banks a fiat account pays out to
 * (NGN, GHS, CAD...); `banks` is empty where the service lists none.
 *
 * @example
 * useQuery(payoutBanksQueryOptions(client, account.id))
 */
export function payoutBanksQueryOptions(client: KitClient, accountId: string | number | undefined) {
  const id = accountId === undefined ? '' : String(accountId)
  return queryOptions({
    queryKey: rampKitKeys.payoutBanks(client.endpoint, id),
    queryFn: id
      ? ({ signal }) => client.request('payoutBanks', { params: { accountId: id }, signal })
      : skipToken,
    staleTime: 5 * 60_000,
  })
}

/**
 * Mutation options of POST /customer: creates the user's customer on the first save, else
 * merges the profile into it. Never retried: a 422 names the field to fix.
 *
 * @example
 * useMutation(saveCustomerMutationOptions(client)).mutateAsync({ customer_type: 'individual', profile })
 */
export function saveCustomerMutationOptions(
  client: KitClient,
): MutationOptions<KitCustomer, Error, SaveCustomerRequest> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'save-customer'],
    mutationFn: (body) => client.request('saveCustomer', { body }),
    retry: false,
  }
}

/**
 * Mutation options of POST /customer/submit: sends the package to review (`pending_review`).
 * An incomplete package is a 422 naming what is missing.
 *
 * @example
 * useMutation(submitCustomerMutationOptions(client)).mutateAsync()
 */
export function submitCustomerMutationOptions(
  client: KitClient,
): MutationOptions<KitCustomer, Error, void> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'submit-customer'],
    mutationFn: () => client.request('submitCustomer'),
    retry: false,
  }
}

/**
 * Mutation options of POST /accounts: opens one rail (idempotent on asset type, currency and
 * network).
 *
 * @example
 * useMutation(openAccountMutationOptions(client)).mutateAsync({ asset_type: 'fiat', currency: 'NGN' })
 */
export function openAccountMutationOptions(
  client: KitClient,
): MutationOptions<CustomerAccount, Error, OpenAccountRequest> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'open-account'],
    mutationFn: (body) => client.request('openAccount', { body }),
    retry: false,
  }
}
