'use client'
import { type ReactNode, use, useEffect, useState } from 'react'
import { useRampKit } from '../kitContext.js'
import { Icon } from './icons.js'
import { loadWagmi, useLoadedWagmi } from './walletLoad.js'

/**
 * Copies `value` with the Clipboard API and says "Copied" for a moment, in the button and to
 * screen readers. `label` names what is copied, so each button has its own accessible name.
 */
export function CopyButton(props: { value: string; label: string }): ReactNode {
  const { t } = useRampKit()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value)
      setCopied(true)
    } catch {
      // No clipboard (an insecure page, a denied permission): the value stays selectable.
    }
  }
  const text = copied ? t('copy.done') : t('copy.button')
  return (
    <>
      <button
        type="button"
        className="rk-copy-button"
        data-state={copied ? 'copied' : 'idle'}
        aria-label={`${text} ${props.label}`}
        onClick={() => void copy()}
      >
        <Icon name={copied ? 'check' : 'copy'} />
        {text}
      </button>
      <span aria-live="polite" className="rk-visually-hidden">
        {copied ? t('copy.done') : ''}
      </span>
    </>
  )
}

/**
 * The block explorer of `chainId` from the chains the host's wagmi config defines (viem's
 * chain definitions carry `blockExplorers`), or undefined: no wagmi, an unknown chain, or a
 * local chain such as the sandbox's anvil, which has none. wagmi's context comes with the
 * lazily loaded wagmi parts, loaded here once a chain is asked for.
 */
export function useBlockExplorer(
  chainId: number | undefined,
): { name: string; url: string } | undefined {
  const wagmi = useLoadedWagmi()
  useEffect(() => {
    if (chainId !== undefined) void loadWagmi()
  }, [chainId])
  // React 19's `use` reads a context after the condition.
  const config = wagmi ? use(wagmi.WagmiContext) : undefined
  const chain = config?.chains.find((each) => each.id === chainId)
  return chain?.blockExplorers?.default
}
