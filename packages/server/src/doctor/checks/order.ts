import { isFinalOrderStatus, RampApiError } from '@rampkit/core'
import {
  acceptQuote,
  createQuote,
  getPartnerOrder,
  KEY_PREFIXES,
  type RampClient,
} from '@rampkit/core/client'
import type { Corridor, Provider, Rail } from '../catalog.js'
import { describeError } from '../describe.js'
import type { CheckResult, DoctorRun, KeyFindings, RunDoctorParameters } from '../types.js'

/** The documented sandbox success values (sandbox success & failure guide). */
const SUCCESS_PHONE_DIAL: Readonly<Record<string, string>> = {
  KE: '254',
  NG: '234',
  UG: '256',
  GH: '233',
}
const SUCCESS_ACCOUNT_NUMBER = '1111111111'
const DEFAULT_WALLET = '0x000000000000000000000000000000000000dEaD'
/** USDC on Base, the asset of the service's published sandbox quote. */
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

/**
 * `--order`: one sandbox order with the documented success values, quoted, accepted and read
 * by the backup GET until it settles. A sandbox key only: it places a real order.
 */
export async function checkOrder(
  run: DoctorRun,
  found: KeyFindings,
  corridors: Corridor[],
): Promise<void> {
  const started = performance.now()
  const title = 'Sandbox order to settled'
  if (!run.client || !found.accepted) {
    run.skip('order', title, 'Needs an accepted key.')
  } else if (run.key.environment !== 'sandbox') {
    run.skip(
      'order',
      title,
      `--order places a real order: it runs with ${KEY_PREFIXES.sandbox} keys only.`,
    )
  } else {
    run.add(await placeOrder(run.client, corridors, run.parameters, run.progress), started)
  }
}

async function placeOrder(
  client: RampClient,
  corridors: Corridor[],
  parameters: RunDoctorParameters,
  progress: (message: string) => void,
): Promise<CheckResult> {
  const id = 'order'
  const title = 'Sandbox order to settled'
  const onramp = corridors.filter((corridor) => corridor.orderType === 'OnRamp')
  // The documented success values: mobile money's success phone first, then the bank's success
  // account (a sandbox may refuse one form; the other is just as documented).
  type Choice = {
    corridor: Corridor
    rail: Rail
    provider: Provider
    phone?: string
    account?: string
  }
  const choices: Choice[] = []
  for (const corridor of onramp) {
    const dial = SUCCESS_PHONE_DIAL[corridor.country]
    const rail = corridor.rails.find((item) => item.type === 'mobile_money' && item.enabled)
    const provider = rail?.providers[0]
    if (dial && rail && provider) {
      choices.push({ corridor, rail, provider, phone: `+${dial}1111111111` })
      break
    }
  }
  for (const corridor of onramp) {
    const rail = corridor.rails.find((item) => item.type === 'bank' && item.enabled)
    const provider = rail?.providers[0]
    if (rail && provider) {
      choices.push({ corridor, rail, provider, account: SUCCESS_ACCOUNT_NUMBER })
      break
    }
  }
  if (choices.length === 0) {
    return {
      id,
      title,
      status: 'fail',
      detail: 'the catalog lists no on-ramp mobile money or bank network to order on',
      fix: 'Ask the ramp service to enable an on-ramp corridor (e.g. KE mobile money) for this key.',
    }
  }
  const notes: string[] = []
  let last: (CheckResult & { refusedValue?: boolean }) | undefined
  for (const choice of choices) {
    last = await orderWith(client, choice, parameters, progress)
    if (last.status === 'pass' || !last.refusedValue) break
    notes.push(
      `refused the documented ${choice.phone ? `success phone ${choice.phone}` : `success account ${choice.account}`}: ${last.detail}`,
    )
  }
  const result = { ...(last as CheckResult & { refusedValue?: boolean }) }
  delete result.refusedValue
  return notes.length ? { ...result, lines: [...notes, ...(result.lines ?? [])] } : result
}

async function orderWith(
  client: RampClient,
  choice: { corridor: Corridor; rail: Rail; provider: Provider; phone?: string; account?: string },
  parameters: RunDoctorParameters,
  progress: (message: string) => void,
): Promise<CheckResult & { refusedValue?: boolean }> {
  const id = 'order'
  const title = 'Sandbox order to settled'
  const { corridor, rail, provider } = choice
  const min = provider.min ?? 0
  const max = provider.max ?? Number.POSITIVE_INFINITY
  const amount = Math.min(Math.ceil(Math.max(1500, min)), Math.floor(max))
  const what = `${corridor.country} ${rail.type} ${provider.name}, ${amount} ${corridor.currency}`
  let step = 'quote'
  try {
    progress(`order: quote (${what})…`)
    const quote = await createQuote(client, {
      order_type: 'OnRamp',
      country: corridor.country,
      currency: corridor.currency,
      local_amount: amount,
      // The documented sandbox asset (USDC on Base); a local sandbox maps it onto its test token.
      asset: { token: BASE_USDC, currency: 'USDC', network: 'BASE' },
      wallet_address: parameters.wallet ?? DEFAULT_WALLET,
      payment_method: {
        type: rail.type,
        network_id: provider.id,
        ...(choice.phone ? { phone_number: choice.phone } : {}),
        ...(choice.account ? { account_number: choice.account, account_name: 'Jane Doe' } : {}),
      },
      customer: {
        uid: `rampkit-doctor-${crypto.randomUUID()}`,
        type: 'user',
        name: 'Jane Doe',
        country: corridor.country,
        dob: '01/15/1990',
        email: 'jane.doe@example.com',
      },
    })
    step = 'accept'
    progress(`order: accept quote ${quote.quote_id}…`)
    const accepted = await acceptQuote(client, { quote_id: quote.quote_id })
    step = 'backup GET'
    const deadline = Date.now() + (parameters.orderTimeoutMs ?? 90_000)
    const began = Date.now()
    let status = accepted.status ?? 'processing'
    while (!isFinalOrderStatus(status)) {
      if (Date.now() > deadline) {
        return {
          id,
          title,
          status: 'fail',
          detail: `order ${accepted.order_id} (${what}) still ${status} after ${Math.round((Date.now() - began) / 1000)} s`,
          fix: 'Use the documented success values (the sandbox may leave other values pending); if you did, ask the ramp service why this order does not move.',
        }
      }
      progress(
        `order ${accepted.order_id}: ${status} (${Math.round((Date.now() - began) / 1000)} s)`,
      )
      await new Promise((resolve) => setTimeout(resolve, parameters.pollIntervalMs ?? 1_000))
      status = (await getPartnerOrder(client, { order_id: accepted.order_id })).status
    }
    const seconds = ((Date.now() - began) / 1000).toFixed(1)
    return status === 'settled'
      ? {
          id,
          title,
          status: 'pass',
          detail: `quote ${quote.quote_id} → order ${accepted.order_id} settled in ${seconds} s (${what}; read by the backup GET)`,
        }
      : {
          id,
          title,
          status: 'fail',
          detail: `order ${accepted.order_id} (${what}) ended ${status}, not settled`,
          fix: 'The documented success values did not settle: the sandbox may be forcing failures (check its controls), or the test values changed; ask the ramp service.',
        }
  } catch (error) {
    return {
      id,
      title,
      status: 'fail',
      detail: `${step} failed (${what}): ${describeError(error)}${error instanceof RampApiError && error.field ? ` (field ${error.field})` : ''}`,
      refusedValue:
        step === 'quote' &&
        error instanceof RampApiError &&
        (error.field === 'payment_method.phone_number' ||
          error.field === 'payment_method.account_number'),
      fix:
        step === 'quote'
          ? 'Compare the quote with GET /partner/order-requirements for this corridor; the field named is the one to fix.'
          : 'Retry; if it keeps failing send this line to the ramp service.',
    }
  }
}
