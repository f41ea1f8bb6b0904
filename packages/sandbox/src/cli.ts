// Only light modules load statically: anvil starts while the heavy ones (viem, hono, core) load.
import type { AnvilProcess } from './chain/anvil.js'
import { CliUsageError, helpText, parseCliArgs } from './cli/args.js'
import { redact, runControl } from './cli/control.js'
import { readyLines } from './cli/ready.js'
import type { Sandbox } from './server.js'

// anvil's own default mnemonic and the account count `startChain` launches with (operator,
// nine test accounts, treasury), so a chain on this anvil is the one `startChain()` would make.
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const ANVIL_ACCOUNTS = 11

/**
 * `ramp-sandbox` / `pnpm sandbox`: starts anvil (or uses `--rpc-url`) and the service, prints
 * where everything is and a `RAMP_SANDBOX_READY {json}` line, and stops both on SIGINT/SIGTERM.
 * `ramp-sandbox control <action>` drives a running sandbox through its admin route instead.
 */
async function main() {
  const started = performance.now()
  let command: ReturnType<typeof parseCliArgs>
  try {
    command = parseCliArgs(process.argv.slice(2), process.env)
  } catch (error) {
    if (error instanceof CliUsageError) {
      const message = `ramp-sandbox${error.command ? ` ${error.command}` : ''}: ${error.message}`
      // A control's arguments may carry a key by mistake; a start's never reach the message.
      process.stderr.write(`${error.command ? redact(message) : message}\n`)
      process.exit(2)
    }
    throw error
  }
  if (command.kind === 'help') {
    process.stdout.write(`${helpText()}\n`)
    return
  }
  if (command.kind === 'control') {
    const result = await runControl(command.control)
    if (result.stdout) process.stdout.write(result.stdout)
    if (result.stderr) process.stderr.write(result.stderr)
    process.exitCode = result.code
    return
  }
  const quiet = command.quiet

  // Handlers go in before anything starts: a signal during startup must still stop anvil, which
  // the default action (exit without the 'exit' hooks) would leave running.
  let sandbox: Sandbox | undefined
  let anvil: AnvilProcess | undefined
  let stopping: string | undefined
  const stop = (signal: string) => {
    if (stopping) return
    stopping = signal
    if (!sandbox) return // main() stops it as soon as it is up
    if (!quiet) process.stderr.write(`ramp-sandbox: ${signal}, stopping\n`)
    const force = setTimeout(() => process.exit(1), 5_000)
    force.unref()
    sandbox
      .stop()
      .then(() => anvil?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGHUP', () => stop('SIGHUP'))

  try {
    const launching = command.options.rpcUrl
      ? undefined
      : import('./chain/anvil.js').then(({ launchAnvil }) =>
          launchAnvil({
            host: '127.0.0.1',
            port: command.options.anvilPort ?? 0,
            chainId: 31337,
            blockTime: undefined,
            mnemonic: ANVIL_MNEMONIC,
            accounts: ANVIL_ACCOUNTS,
          }),
        )
    const [{ startSandbox }, launched] = await Promise.all([import('./server.js'), launching])
    anvil = launched
    sandbox = await startSandbox({
      ...command.options,
      rpcUrl: anvil?.rpcUrl ?? command.options.rpcUrl,
      log: quiet ? undefined : (line) => process.stderr.write(`[sandbox] ${line}\n`),
    })
  } catch (error) {
    await anvil?.stop()
    const reason = error instanceof Error ? error.message : String(error)
    process.stderr.write(`ramp-sandbox: could not start: ${reason}\n`)
    process.exit(1)
  }
  if (stopping) {
    const signal = stopping
    stopping = undefined
    stop(signal)
    return
  }
  const lines = readyLines(sandbox, {
    readyMs: Math.round(performance.now() - started),
    webhookUrl: command.options.webhookUrl ?? null,
    generatedKeys: !command.options.apiKeys?.length,
    // startSandbox generates one for a blank secret too.
    generatedSecret: !command.options.webhookSecret?.trim(),
  })
  process.stdout.write(`${(quiet ? lines.slice(-1) : lines).join('\n')}\n`)
}

void main()
