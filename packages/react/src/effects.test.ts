// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = new URL('.', import.meta.url).pathname

/**
 * The checkout controller's methods that move the flow on. A component calls them from what the
 * shopper did (an event handler); an effect never does: the controller decides when. Handing
 * the host's facts on (`setOptions`: the wallet, a partner's screen, what the chain says of an
 * allowance) is how a hook passes its options to an observer, and is allowed.
 */
const FLOW_METHODS = new Set([
  'send',
  'choose',
  'typeAmount',
  'setAmount',
  'submitDetails',
  'submitIdentity',
  'review',
  'confirm',
  'approvalDone',
  'back',
  'goTo',
  'startOver',
  'reset',
  'setDraft',
  'setWallet',
  'requestQuote',
  'checkOrder',
  'updateOrder',
  'hydrate',
  'moveTo',
])
const EFFECTS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect'])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return undefined
}

/** Each call of a flow method inside an effect's callback, as `file:line name`. */
function flowCallsInEffects(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const inEffect = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node)
      // `history.back()` and a form's `reset()` are not the checkout's: only bare names or
      // calls on something named like the checkout count.
      const target = ts.isPropertyAccessExpression(node.expression)
        ? node.expression.expression.getText(file)
        : 'checkout'
      if (name && FLOW_METHODS.has(name) && /checkout|controller|^send$/i.test(target)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
        found.push(`${relative(SRC, path)}:${line} ${name}`)
      }
    }
    ts.forEachChild(node, inEffect)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && EFFECTS.has(calleeName(node) ?? '')) {
      const callback = node.arguments[0]
      if (callback) inEffect(callback)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('the widget and its hooks', () => {
  it('move the checkout on only from what the shopper did, never from an effect', () => {
    const calls = sources(SRC).flatMap((path) =>
      flowCallsInEffects(path, readFileSync(path, 'utf8')),
    )
    expect(calls).toEqual([])
  })

  it('would see an effect that asks for the quote, sends an event or confirms', () => {
    const text = `
      useEffect(() => { if (ask) void requestQuote() }, [ask])
      useLayoutEffect(() => { checkout.send({ type: 'QUOTE_REVIEWED' }) })
      useEffect(() => { send({ type: 'REQUOTE' }) }, [send])
      useEffect(() => { checkout.setOptions({ wallet }) }, [wallet])
      useEffect(() => { window.history.back() }, [])
      const onClick = () => checkout.confirm()
    `
    expect(flowCallsInEffects(join(SRC, 'example.tsx'), text)).toEqual([
      'example.tsx:2 requestQuote',
      'example.tsx:3 send',
      'example.tsx:4 send',
    ])
  })
})
