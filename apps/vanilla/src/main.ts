/**
 * The checkout with no framework: core's controller owns the flow, this page renders its
 * snapshot and tells it what the shopper did. The sale's approval goes through viem directly.
 */
import { browserHistory, createCheckoutController } from '@rampkit/core/checkout'
import { createKitClient } from '@rampkit/core/kit'
import { toBaseUnits, toDecimalString } from '@rampkit/core/units'
import type { Address } from 'viem'
import { readChain } from './chain.js'
import { readOffer } from './options.js'
import { type Drawn, drawScreen, type Page, screenKey } from './screens.js'
import './style.css'

const root = document.querySelector<HTMLElement>('#checkout')!
const client = createKitClient({ endpoint: '/api/ramp' })
const [offer, chain] = await Promise.all([readOffer(client), readChain()])
const address = chain?.account.address ?? null

const checkout = createCheckoutController({
  client,
  // A reload resumes the step with what was typed; Back and Forward move one step.
  storage: window.sessionStorage,
  history: browserHistory({ id: 'vanilla:checkout' }),
  ...(address ? { wallet: address } : {}),
})

const page: Page = {
  checkout,
  offer,
  wallet: address,
  busy: undefined,
  failure: undefined,
  approve: () => void approve(),
}

/** The sale's allowance: prove the wallet, approve the spender, then tell the checkout. */
async function approve() {
  const { quote, token } = checkout.getSnapshot().state
  const spender = offer.tokens.spender as Address | undefined
  if (!chain || !quote || !token || !spender || page.busy) return
  set({ busy: 'Approving in your wallet…', failure: undefined })
  try {
    // viem is loaded here, for a sale: a buy's page never downloads it.
    const wallet = (await import('./wallet.js')).localWallet(chain)
    await wallet.prove(client)
    await wallet.approve(
      token,
      spender,
      toBaseUnits(toDecimalString(quote.amountCrypto), token.decimals),
    )
    set({ busy: undefined })
    checkout.approvalDone()
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    set({ busy: undefined, failure: `The approval did not go through: ${message}` })
  }
}

function set(change: Partial<Pick<Page, 'busy' | 'failure'>>) {
  Object.assign(page, change)
  paint()
}

let drawn: Drawn | undefined
let key = ''
let screen = ''

/** Redraws the screen when what it shows changed, else refreshes its live parts in place. */
function paint() {
  const snapshot = checkout.getSnapshot()
  const next = screenKey(page, snapshot)
  if (next === key && drawn) {
    drawn.update(snapshot)
    return
  }
  key = next
  const focused = document.activeElement?.id
  drawn = drawScreen(page, snapshot)
  root.replaceChildren(drawn.node)
  root.dataset.step = snapshot.view.step
  root.dataset.screen = snapshot.view.screen
  const { current, total } = snapshot.view.progress
  document.querySelector('#progress')!.textContent = current ? `Step ${current} of ${total}` : ''
  // A new screen takes the focus to its heading; a redraw of the same one keeps it in place.
  const again = focused ? root.querySelector<HTMLElement>(`#${CSS.escape(focused)}`) : null
  if (screen === snapshot.view.screen && again) again.focus()
  else root.querySelector('h2')?.focus()
  screen = snapshot.view.screen
}

checkout.subscribe(paint)
paint()
