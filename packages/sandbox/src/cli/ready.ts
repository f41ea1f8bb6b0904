import type { Sandbox } from '../server.js'

/** What the ready banner needs besides the sandbox. */
export type ReadyInfo = {
  readyMs: number
  webhookUrl: string | null
  generatedKeys: boolean
  generatedSecret: boolean
}

/**
 * The lines the CLI prints when ready: a human summary, then one machine-readable
 * `RAMP_SANDBOX_READY {json}` line (always last) that test harnesses parse.
 *
 * The webhook secret is printed only when the sandbox generated it (nobody else knows it). A
 * secret passed in by flag or environment stays off stdout, where CI logs would keep it: the
 * caller already has it, so the JSON leaves `webhookSecret` out.
 */
export function readyLines(sandbox: Sandbox, info: ReadyInfo): string[] {
  const chain = sandbox.chain
  const ready = {
    url: sandbox.url,
    apiKeys: sandbox.apiKeys,
    webhookUrl: info.webhookUrl,
    ...(info.generatedSecret ? { webhookSecret: sandbox.webhookSecret } : {}),
    chainId: chain?.chainId ?? null,
    rpcUrl: chain?.rpcUrl ?? null,
    spender: chain?.spender ?? null,
    tokens: (chain?.tokens ?? []).map((token) => ({
      symbol: token.symbol,
      label: token.label,
      address: token.address,
      decimals: token.decimals,
    })),
    readyMs: info.readyMs,
  }
  const lines = [
    `rampkit sandbox ready in ${info.readyMs} ms`,
    `  base URL        ${sandbox.url}`,
    ...sandbox.apiKeys.map(
      (key, index) =>
        `  API key ${index + 1}       ${key}${info.generatedKeys ? ' (generated)' : ''}`,
    ),
    `  webhook URL     ${info.webhookUrl ?? '(none: deliveries are logged, not sent)'}`,
    `  webhook secret  ${info.generatedSecret ? `${sandbox.webhookSecret} (generated)` : '(as given)'}`,
  ]
  if (chain) {
    lines.push(`  chain           id ${chain.chainId} at ${chain.rpcUrl}`)
    lines.push(`  spender         ${chain.spender}`)
    for (const token of chain.tokens) {
      lines.push(
        `  token ${token.symbol.padEnd(9)} ${token.address} (${token.decimals} decimals, ${token.label})`,
      )
    }
  }
  lines.push(`  admin           ${sandbox.url}/__sandbox (X-API-Key required; see README)`)
  lines.push(`RAMP_SANDBOX_READY ${JSON.stringify(ready)}`)
  return lines
}
