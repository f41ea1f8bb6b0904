import {
  accountList,
  accountNotFound,
  CUSTOMER_ID,
  depositAccountNotReady,
  eurAccount,
  eurDepositInstructions,
  instructionsNotReady,
  ngnPayoutBanks,
  usdcAccount,
} from '@rampkit/test/published'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_KEY } from '../../../test/fixtures.js'
import { startTestServer, success, type TestServer } from '../../../test/httpServer.js'
import {
  ConflictError,
  NotFoundError,
  RampInputError,
  ValidationError,
} from '../../errors/index.js'
import { createRampClient, type RampClient } from '../createRampClient.js'

/**
 * Customer accounts against a local HTTP server answering the published shapes
 * (`@rampkit/test`'s `published/accounts.ts`): what core sends and what it parses.
 */
let server: TestServer
let client: RampClient

beforeAll(async () => {
  server = await startTestServer()
  client = createRampClient({ apiKey: SANDBOX_KEY, baseUrl: server.url, retry: false })
})
afterEach(() => server.reset())
afterAll(() => server.close())

const ACCOUNTS = `/api/v1/partner/customers/${CUSTOMER_ID}/accounts`

function only() {
  expect(server.requests).toHaveLength(1)
  const request = server.requests[0]
  if (!request) throw new Error('no request')
  return request
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

describe('openAccount', () => {
  it('POSTs a fiat rail and parses the account, 201 or 200 on a repeat', async () => {
    server.route(
      'POST',
      ACCOUNTS,
      { status: 201, json: success(eurAccount, 'Account opened') },
      { status: 200, json: success(eurAccount, 'Account already exists') },
    )
    const opened = await client.openAccount({
      customer_id: CUSTOMER_ID,
      asset_type: 'fiat',
      currency: 'eur',
    })
    const again = await client.openAccount({
      customer_id: CUSTOMER_ID,
      asset_type: 'fiat',
      currency: 'EUR',
    })
    expect(server.requests.map((request) => [request.method, request.path, request.json])).toEqual([
      ['POST', ACCOUNTS, { asset_type: 'fiat', currency: 'EUR' }],
      ['POST', ACCOUNTS, { asset_type: 'fiat', currency: 'EUR' }],
    ])
    expect(opened).toEqual(eurAccount)
    expect(again).toEqual(opened)
    // Money stays a decimal string, digit for digit.
    expect(opened.balance?.available).toBe('1043.17')
  })

  it('sends a stablecoin rail with its network and display name', async () => {
    server.route('POST', ACCOUNTS, { status: 201, json: success(usdcAccount) })
    const data = await client.openAccount({
      customer_id: CUSTOMER_ID,
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
      display_name: 'Treasury',
    })
    expect(only().json).toEqual({
      asset_type: 'stablecoin',
      currency: 'USDC',
      network: 'Base',
      display_name: 'Treasury',
    })
    expect(data.wallet_address).toBe(usdcAccount.wallet_address)
    expect(data.balance?.available).toBe('0.000001')
  })

  it.each([
    ['a stablecoin without network', { asset_type: 'stablecoin', currency: 'USDC' }, 'network'],
    [
      'a fiat account with a network',
      { asset_type: 'fiat', currency: 'EUR', network: 'Base' },
      'network',
    ],
    ['an unknown asset type', { asset_type: 'card', currency: 'EUR' }, 'asset_type'],
    [
      'an unknown network',
      { asset_type: 'stablecoin', currency: 'USDC', network: 'Solana' },
      'network',
    ],
    ['a key the body does not list', { asset_type: 'fiat', currency: 'EUR', iban: 'x' }, 'iban'],
  ])('refuses %s before sending', async (_, body, field) => {
    const error = await rejection(
      client.openAccount({ customer_id: CUSTOMER_ID, ...body } as never),
    )
    expect(error).toBeInstanceOf(RampInputError)
    expect((error as RampInputError).issues[0]?.field).toBe(field)
    expect(server.requests).toHaveLength(0)
  })

  it('maps the banking gate to a ConflictError with data.deposit_account_status', async () => {
    server.route('POST', ACCOUNTS, { status: 409, json: depositAccountNotReady })
    const error = await rejection(
      client.openAccount({ customer_id: CUSTOMER_ID, asset_type: 'fiat', currency: 'EUR' }),
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect(error.message).toBe('Deposit account is not ready')
    expect((error as ConflictError).data).toEqual({ deposit_account_status: 'pending' })
  })
})

describe('listAccounts and getAccount', () => {
  it('GETs the accounts: a stablecoin wallet and fiat bank coordinates', async () => {
    server.route('GET', ACCOUNTS, { json: success(accountList, 'Accounts') })
    const data = await client.listAccounts({ customer_id: CUSTOMER_ID })
    expect([only().method, only().path]).toEqual(['GET', ACCOUNTS])
    expect(data).toEqual(accountList)
    const [usdc, eur] = data.accounts
    expect(usdc).toMatchObject({ asset_type: 'stablecoin', network: 'Base' })
    expect(eur).toMatchObject({ asset_type: 'fiat', network: null, swift_bic: 'SBXBDEFFXXX' })
  })

  it('GETs one account by a numeric or string id', async () => {
    server.route('GET', `${ACCOUNTS}/21`, { json: success(usdcAccount, 'Account') })
    expect(await client.getAccount({ customer_id: CUSTOMER_ID, account_id: '21' })).toEqual(
      usdcAccount,
    )
    expect(only().path).toBe(`${ACCOUNTS}/21`)
  })

  it('keeps a pending account without coordinates or balance, and an unknown status', async () => {
    const pending = {
      id: 30,
      customer_id: CUSTOMER_ID,
      asset_type: 'fiat',
      currency: 'GBP',
      network: null,
      status: 'pending',
      display_name: null,
      account_number: null,
      balance: null,
      created_at: '2026-09-03T11:00:00+00:00',
    }
    server.route('GET', ACCOUNTS, {
      json: success({ accounts: [pending, { ...usdcAccount, status: 'frozen' }] }),
    })
    const { accounts } = await client.listAccounts({ customer_id: CUSTOMER_ID })
    expect(accounts[0]).toEqual(pending)
    expect(accounts[1]?.status).toBe('frozen')
  })

  it('maps 404 Account not found (data null) and refuses an id below 1', async () => {
    server.route('GET', `${ACCOUNTS}/99`, { status: 404, json: accountNotFound })
    const error = await rejection(client.getAccount({ customer_id: CUSTOMER_ID, account_id: 99 }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).data).toBeNull()
    const local = await rejection(client.getAccount({ customer_id: CUSTOMER_ID, account_id: 0 }))
    expect((local as RampInputError).issues[0]?.field).toBe('account_id')
  })
})

describe('getDepositInstructions', () => {
  it('GETs the coordinates to show the customer', async () => {
    server.route('GET', `${ACCOUNTS}/18/deposit-instructions`, {
      json: success(eurDepositInstructions, 'Deposit instructions'),
    })
    const data = await client.getDepositInstructions({ customer_id: CUSTOMER_ID, account_id: 18 })
    expect([only().method, only().path]).toEqual(['GET', `${ACCOUNTS}/18/deposit-instructions`])
    expect(data).toEqual(eurDepositInstructions)
  })

  it('maps coordinates not ready yet to a ValidationError with the hint', async () => {
    server.route('GET', `${ACCOUNTS}/18/deposit-instructions`, {
      status: 422,
      json: instructionsNotReady,
    })
    const error = await rejection(
      client.getDepositInstructions({ customer_id: CUSTOMER_ID, account_id: 18 }),
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).data).toMatchObject({ account_id: 18, status: 'pending' })
  })
})

describe('listPayoutBanks', () => {
  it('GETs the directory of an account currency (interface description 4.12)', async () => {
    server.route('GET', `${ACCOUNTS}/7/payout-banks`, { json: success(ngnPayoutBanks) })
    const data = await client.listPayoutBanks({ customer_id: CUSTOMER_ID, account_id: 7 })
    expect([only().method, only().path]).toEqual(['GET', `${ACCOUNTS}/7/payout-banks`])
    expect(data).toEqual(ngnPayoutBanks)
  })
})
