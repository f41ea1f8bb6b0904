'use client'
import {
  banksQuery,
  type CheckoutCorridor,
  type CheckoutDirection,
  type CheckoutPaymentMethod,
  type CheckoutProvider,
  type CheckoutToken,
  corridorKey,
  corridorOptions,
  paymentMethodOptions,
  paymentMethodsQuery,
  pickOption,
  providerOptions,
  toCheckoutToken,
  tokenKey,
  wantedCorridors,
  wantedTokenKey,
} from '@rampkit/core/checkout'
import { type ReactNode, useId, useState } from 'react'
import { useBanks, useCatalog, usePaymentMethods, useTokens } from '../../hooks/reads.js'
import type { UseCheckoutReturnType } from '../../hooks/useCheckout.js'
import { useRampKit } from '../../provider.js'
import { useWidget } from '../context.js'
import { readLastChoice, sameCorridor } from '../last.js'
import { LoadError, Loading } from '../parts.js'
import { loadWallet } from '../walletLoad.js'
import {
  CorridorField,
  DirectionChoices,
  MethodChoices,
  ProviderChoices,
  TokenField,
} from './choices.js'

export { corridorFlag, ProviderMark } from './choices.js'

/** The payment methods of a corridor: the catalog's buckets, or the listing of an international one. */
function usePaymentMethodOptions(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
) {
  const catalog = useCatalog()
  const listed = usePaymentMethods(paymentMethodsQuery(direction, corridor))
  const methods = paymentMethodOptions(catalog.data, direction, corridor, listed.data)
  return { methods, query: corridor?.kind === 'international' ? listed : catalog }
}

/** The providers of a payment method: the catalog's, or the banks listing's with their limits. */
function useProviderOptions(
  direction: CheckoutDirection | undefined,
  corridor: CheckoutCorridor | undefined,
  method: CheckoutPaymentMethod | undefined,
  bankCountry: string | undefined,
) {
  const catalog = useCatalog()
  const query = banksQuery(direction, corridor, method, bankCountry)
  const banks = useBanks(query)
  const providers = providerOptions(catalog.data, direction, corridor, method, banks.data)
  return { providers, query: method?.networkSource === 'banks' ? banks : catalog }
}

/** What the user picked on the choose screen, before Continue hands it to the machine. */
type Draft = {
  direction?: CheckoutDirection
  corridor?: string
  method?: string
  provider?: string
  token?: string
}

/**
 * Hands the choose screen's choices to the machine in order, from the direction step (unless the
 * partner fixed it) or the corridor step.
 */
function sendChoices(
  checkout: Pick<UseCheckoutReturnType, 'state' | 'send'>,
  direction: CheckoutDirection | undefined,
  choices: {
    corridor: CheckoutCorridor
    method: CheckoutPaymentMethod
    provider: CheckoutProvider
    token: CheckoutToken
  },
): void {
  const { state, send } = checkout
  if (direction) {
    if (state.step !== 'direction') send({ type: 'GO_TO', step: 'direction' })
    send({ type: 'SELECT_DIRECTION', direction })
  } else if (state.step !== 'corridor') {
    send({ type: 'GO_TO', step: 'corridor' })
  }
  send({ type: 'SELECT_CORRIDOR', corridor: choices.corridor })
  send({ type: 'SELECT_PAYMENT_METHOD', paymentMethod: choices.method })
  send({ type: 'SELECT_PROVIDER', provider: choices.provider })
  send({ type: 'SELECT_TOKEN', token: choices.token })
}

/**
 * The first screen: direction (unless the partner fixed it), corridor, payment method, provider
 * and token together. Each starts from what this checkout already chose, then the partner's
 * props, then the user's last order, then the only (or, for methods and tokens, the first)
 * option; Continue hands all of them to the machine in order.
 */
export function ChooseScreen(): ReactNode {
  const { t } = useRampKit()
  const { checkout, props } = useWidget()
  const { state } = checkout
  const id = useId()
  const [draft, setDraft] = useState<Draft>({})
  const last = readLastChoice(props.storageKey)
  const direction: CheckoutDirection =
    props.direction ?? draft.direction ?? state.direction ?? last?.direction ?? 'OnRamp'
  const lastHere = last?.direction === direction ? last : undefined
  const sameDirection = state.direction === direction

  const catalog = useCatalog()
  const corridors = corridorOptions(catalog.data, direction)
  const corridor = pickOption(
    corridors,
    corridorKey,
    draft.corridor,
    sameDirection && state.corridor ? corridorKey(state.corridor) : undefined,
    ...wantedCorridors(corridors, props),
    lastHere ? corridorKey(lastHere.corridor) : undefined,
    corridors.length === 1 ? corridorKey(corridors[0]!) : undefined,
  )
  const keepCorridor = (chosen: { country: string | null; currency: string } | undefined) =>
    corridor !== undefined && chosen !== undefined && sameCorridor(chosen, corridor)

  const { methods, query: methodQuery } = usePaymentMethodOptions(direction, corridor)
  const method = pickOption(
    methods,
    (each) => each.type,
    draft.method,
    sameDirection && keepCorridor(state.corridor) ? state.paymentMethod?.type : undefined,
    keepCorridor(lastHere?.corridor) ? lastHere?.paymentMethod : undefined,
    methods[0]?.type,
  )
  const { providers, query: providerQuery } = useProviderOptions(
    direction,
    corridor,
    method,
    props.bankCountry,
  )
  const sameMethod = (type: string | undefined) => type !== undefined && type === method?.type
  const provider = pickOption(
    providers,
    (each) => each.id,
    draft.provider,
    sameDirection && keepCorridor(state.corridor) && sameMethod(state.paymentMethod?.type)
      ? state.provider?.id
      : undefined,
    keepCorridor(lastHere?.corridor) && sameMethod(lastHere?.paymentMethod)
      ? lastHere?.provider
      : undefined,
    providers.length === 1 ? providers[0]!.id : undefined,
  )

  const tokens = useTokens()
  const tokenList = (tokens.data?.tokens ?? []).map(toCheckoutToken)
  const token = pickOption(
    tokenList,
    tokenKey,
    draft.token,
    sameDirection && state.token ? tokenKey(state.token) : undefined,
    wantedTokenKey(tokenList, props.token),
    lastHere?.token,
    tokenList[0] ? tokenKey(tokenList[0]) : undefined,
  )

  const chosen =
    corridor && method && provider && token ? { corridor, method, provider, token } : undefined
  const next = () => {
    if (!chosen) return
    // A sale needs the wallet parts (wagmi, the allowance, the proof): they load from here on.
    if (direction === 'OffRamp') void loadWallet()
    sendChoices(checkout, props.direction ? undefined : direction, chosen)
  }
  const offRamp = direction === 'OffRamp'
  return (
    <div className="rk-form rk-choose">
      {props.direction ? null : (
        <DirectionChoices
          name={`${id}-direction`}
          direction={direction}
          onChange={(each) => setDraft({ direction: each })}
        />
      )}
      {catalog.isError || tokens.isError ? (
        // One alert for the lists this screen starts from, and one retry for both.
        <LoadError
          error={catalog.error ?? tokens.error}
          onRetry={() => {
            if (catalog.isError) void catalog.refetch()
            if (tokens.isError) void tokens.refetch()
          }}
        />
      ) : catalog.isPending ? (
        <Loading />
      ) : (
        <CorridorField
          id={`${id}-corridor`}
          corridors={corridors}
          corridor={corridor}
          onChange={(key) =>
            setDraft(({ direction, token }) => ({ direction, token, corridor: key }))
          }
        />
      )}
      {corridor ? (
        <MethodChoices
          name={`${id}-method`}
          offRamp={offRamp}
          query={methodQuery}
          methods={methods}
          method={method}
          onChange={(type) =>
            setDraft((before) => ({ ...before, method: type, provider: undefined }))
          }
        />
      ) : null}
      {corridor && method ? (
        <ProviderChoices
          name={`${id}-provider`}
          query={providerQuery}
          providers={providers}
          provider={provider}
          onChange={(providerId) => setDraft((before) => ({ ...before, provider: providerId }))}
        />
      ) : null}
      {tokens.isError || tokens.isPending ? null : (
        <TokenField
          id={`${id}-token`}
          offRamp={offRamp}
          tokens={tokenList}
          token={token}
          onChange={(key) => setDraft((before) => ({ ...before, token: key }))}
        />
      )}
      <button
        type="button"
        className="rk-button"
        disabled={!chosen}
        aria-disabled={!chosen}
        onClick={next}
      >
        {t('widget.continue')}
      </button>
    </div>
  )
}
