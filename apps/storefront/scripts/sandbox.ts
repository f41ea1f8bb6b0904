/**
 * The demo's sandbox: `startSandbox` from @rampkit/sandbox (anvil, its tokens and spender, the
 * service) with the settings `scripts/demo.mjs` passes in the environment. Prints one
 * `DEMO_SANDBOX_READY {json}` line with what the shop needs, test accounts included (the CLI's
 * ready line has no keys), and stops everything on SIGINT/SIGTERM.
 */
import { startSandbox } from '@rampkit/sandbox'
import { flag } from '../server/config.js'

const env = process.env
const sandbox = await startSandbox({
  port: Number(env.DEMO_SANDBOX_PORT ?? 0),
  host: env.DEMO_SANDBOX_HOST ?? '127.0.0.1',
  // Unset, the sandbox generates them (and prints nothing secret here: demo.mjs always sets them).
  ...(env.RAMP_API_KEY ? { apiKeys: [env.RAMP_API_KEY] } : {}),
  ...(env.RAMP_WEBHOOK_SECRET ? { webhookSecret: env.RAMP_WEBHOOK_SECRET } : {}),
  webhookUrl: env.DEMO_WEBHOOK_URL ?? null,
  speed: Number(env.RAMP_SANDBOX_SPEED ?? 2),
  // The shop's key signs its accepts when the shop does (the service sets it per key).
  signedAccepts: flag('RAMP_SIGNED_ACCEPTS', env.RAMP_SIGNED_ACCEPTS),
  ...(env.RAMP_SANDBOX_RPC_URL ? { rpcUrl: env.RAMP_SANDBOX_RPC_URL } : {}),
  log: env.RAMP_DEMO_VERBOSE === '1' ? (line) => console.error(`[sandbox] ${line}`) : undefined,
})

const chain = sandbox.chain
console.log(
  `DEMO_SANDBOX_READY ${JSON.stringify({
    url: sandbox.url,
    chain: chain
      ? {
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          spender: chain.spender,
          tokens: chain.tokens.map(({ symbol, label, address, decimals }) => ({
            symbol,
            label,
            address,
            decimals,
          })),
          // Anvil's well-known dev accounts: throwaway keys of a local chain, never real funds.
          testAccounts: chain.testAccounts.map(({ address, privateKey }) => ({
            address,
            privateKey,
          })),
        }
      : null,
  })}`,
)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await sandbox.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
