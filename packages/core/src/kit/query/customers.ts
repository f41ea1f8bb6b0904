import type { MutationOptions } from '@tanstack/query-core'
import { skipToken } from '@tanstack/query-core'
import { errorFromResponse, NetworkError } from '../../errors/index.js'
import type { CustomerAccount, OpenAccountRequest } from '../../schemas/index.js'
import type { KitClient } from '../client.js'
import type {
  CustomerDocumentQuery,
  KitCustomer,
  KitCustomerQuery,
  SaveCustomerRequest,
} from '../schemas.js'
import { rampKitKeys } from './keys.js'
import { queryOptions } from './queryOptions.js'

/*
 * The end user's verified customer (KYC) and accounts: query and mutation options of the kit's
 * owner-only routes (GET/POST /customer, /customer/documents, /customer/submit, /accounts...).
 * `@rampkit/react`'s `useCustomer`, `useAccounts`, `useDepositInstructions` and `usePayoutBanks`
 * wrap them.
 */

/** Statuses that let the user quote by `customer_id`: the vault's `approved` (and `active`). */
const VERIFIED = new Set(['approved', 'active'])

/**
 * Whether a customer status lets its user quote: `approved` or `active`. `none`, `incomplete`,
 * `pending_review`, `rejected`, `suspended` and any word the service adds later do not.
 *
 * @example
 * isCustomerVerified('pending_review') // false
 */
export function isCustomerVerified(status: string | null | undefined): boolean {
  return typeof status === 'string' && VERIFIED.has(status)
}

/**
 * Whether the banking routes (accounts, deposit instructions, payout banks) are open for this
 * customer: verified and the deposit-account product `ready`.
 *
 * @example
 * hasBanking(customer) // false until `deposit_account_status` is 'ready'
 */
export function hasBanking(
  customer: Pick<KitCustomer, 'status' | 'deposit_account_status'> | undefined,
): boolean {
  return isCustomerVerified(customer?.status) && customer?.deposit_account_status === 'ready'
}

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

/** Variables of `uploadDocumentMutationOptions`. */
export type UploadDocumentVariables = CustomerDocumentQuery & {
  /** The file as chosen (a `File` from an input): its bytes are sent with its own type. */
  file: Blob
  /** Bytes sent so far and in all, as the upload goes (XMLHttpRequest's upload events). */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
}

/**
 * Sends one document to POST /customer/documents: the raw bytes with the file's
 * `Content-Type`. In a browser it goes by `XMLHttpRequest`, whose upload events report progress;
 * without one (a server, a test runner) by `fetch`, with progress at the start and the end only.
 * Resolves to the customer after the upload; a refusal rejects with `RampApiError` (its `field`
 * names `file`, `category`...).
 *
 * @example
 * await uploadCustomerDocument(client, { category: 'identity', file, onProgress: (sent, total) => {} })
 */
export async function uploadCustomerDocument(
  client: KitClient,
  variables: UploadDocumentVariables,
): Promise<KitCustomer> {
  const { file, onProgress, signal, ...query } = variables
  const url = client.url('customerDocuments', undefined, query)
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...client.headers,
    'content-type': file.type || 'application/octet-stream',
  }
  const total = file.size
  onProgress?.(0, total)
  const answer =
    typeof XMLHttpRequest === 'undefined'
      ? await sendByFetch(url, headers, file, signal)
      : await sendByXhr(url, headers, file, signal, (sent) => onProgress?.(sent, total))
  if (answer.status >= 200 && answer.status < 300) {
    try {
      const body = JSON.parse(answer.text) as { status?: unknown; data?: unknown }
      if (body.status === 'success') {
        onProgress?.(total, total)
        return body.data as KitCustomer
      }
    } catch {
      // not the envelope: an error like any other
    }
  }
  throw errorFromResponse(
    { status: answer.status, headers: { get: (name) => answer.header(name) } },
    answer.text,
  )
}

type RawAnswer = { status: number; text: string; header: (name: string) => string | null }

function unreachable(cause?: unknown): NetworkError {
  return new NetworkError('Could not reach the ramp. Check your connection and try again.', {
    beforeSend: false,
    cause,
  })
}

async function sendByFetch(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  signal: AbortSignal | undefined,
): Promise<RawAnswer> {
  // The bytes, not the Blob object: a Blob of another realm (a DOM shim) is not a body fetch knows.
  const bytes = new Uint8Array(await file.arrayBuffer())
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: bytes,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw unreachable(cause)
  }
  return {
    status: response.status,
    text: await response.text(),
    header: (name) => response.headers.get(name),
  }
}

function sendByXhr(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  signal: AbortSignal | undefined,
  onSent: (sent: number) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent(event.loaded)
    }
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        header: (name) => xhr.getResponseHeader(name),
      })
    xhr.onerror = () => reject(unreachable())
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

/**
 * Mutation options of a document upload (`uploadCustomerDocument`). Never retried: the user
 * chooses again.
 *
 * @example
 * useMutation(uploadDocumentMutationOptions(client)).mutateAsync({ category: 'identity', file })
 */
export function uploadDocumentMutationOptions(
  client: KitClient,
): MutationOptions<KitCustomer, Error, UploadDocumentVariables> {
  return {
    mutationKey: ['rampkit', client.endpoint, 'upload-document'],
    mutationFn: (variables) => uploadCustomerDocument(client, variables),
    retry: false,
  }
}
