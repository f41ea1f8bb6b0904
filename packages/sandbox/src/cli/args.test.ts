import { describe, expect, it } from 'vitest'
import { CliUsageError, helpText, parseCliArgs } from './args.js'
import { CONTROL_ACTIONS, type ControlRequest, DEFAULT_SANDBOX_URL, redact } from './control.js'

describe('parseCliArgs', () => {
  it('reads every flag, in both spellings, each --api-key a user', () => {
    const command = parseCliArgs(
      [
        '--port',
        '0',
        '--host=0.0.0.0',
        '--api-key',
        'is_test_a',
        '--api-key=is_test_b',
        '--webhook-url',
        'http://127.0.0.1:3000/hooks',
        '--webhook-secret',
        'whsec_x',
        '--rpc-url',
        'http://127.0.0.1:8545',
        '--speed',
        '2.5',
        '--quote-ttl',
        '30',
        '--settle-after',
        '1',
        '--order-outcome',
        'refund',
        '--webhook-max-attempts',
        '3',
        '--webhook-delay',
        '2500',
        '--webhook-duplicates=2',
        '--signed-accepts',
        '--latency-ms',
        '20',
        '--quiet',
      ],
      {},
    )
    expect(command).toEqual({
      kind: 'start',
      quiet: true,
      options: {
        port: 0,
        host: '0.0.0.0',
        apiKeys: ['is_test_a', 'is_test_b'],
        webhookUrl: 'http://127.0.0.1:3000/hooks',
        webhookSecret: 'whsec_x',
        rpcUrl: 'http://127.0.0.1:8545',
        speed: 2.5,
        timings: { quoteTtlMs: 30_000, settleAfterMs: 1_000 },
        orderOutcome: 'refund',
        webhookMaxAttempts: 3,
        webhookDelayMs: 2500,
        webhookDuplicates: 2,
        signedAccepts: true,
        latencyMs: 20,
      },
    })
  })

  it('falls back to the environment, flags winning, RAMP_API_KEY and RAMP_WEBHOOK_SECRET too', () => {
    const env = {
      RAMP_SANDBOX_PORT: '5000',
      RAMP_SANDBOX_API_KEYS: 'is_test_x, is_test_y',
      RAMP_WEBHOOK_SECRET: 'whsec_env',
      RAMP_SANDBOX_SPEED: '0',
    }
    const command = parseCliArgs(['--port', '6000'], env)
    expect(command).toMatchObject({
      kind: 'start',
      options: {
        port: 6000,
        apiKeys: ['is_test_x', 'is_test_y'],
        webhookSecret: 'whsec_env',
        speed: 0,
      },
    })
    expect(parseCliArgs([], { RAMP_API_KEY: 'is_test_single' })).toMatchObject({
      options: { apiKeys: ['is_test_single'] },
    })
    expect(parseCliArgs([], {})).toEqual({ kind: 'start', quiet: false, options: {} })
    // `pending` (the default: orders no test value decides wait in pending_settlement) can be
    // named too, by flag or variable.
    expect(parseCliArgs(['--order-outcome', 'pending'], {})).toMatchObject({
      options: { orderOutcome: 'pending' },
    })
    expect(parseCliArgs([], { RAMP_SANDBOX_ORDER_OUTCOME: 'settle' })).toMatchObject({
      options: { orderOutcome: 'settle' },
    })
    // Signed accepts: a switch, on by flag or variable, off with `false` or `0`.
    expect(parseCliArgs([], { RAMP_SANDBOX_SIGNED_ACCEPTS: '1' })).toMatchObject({
      options: { signedAccepts: true },
    })
    expect(parseCliArgs(['--signed-accepts=false'], {})).toEqual({
      kind: 'start',
      quiet: false,
      options: {},
    })
  })

  it('refuses unknown flags and bad values with a usage error', () => {
    for (const argv of [
      ['--nope'],
      ['--port'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--speed', '-1'],
      ['--order-outcome', 'explode'],
      ['--webhook-url', 'ftp://x'],
      ['--webhook-delay', '-5'],
      ['--webhook-duplicates', '11'],
      ['--latency-ms', '-1'],
      ['--latency-ms', '2.5'],
      // The service makes at most 3 attempts of an order webhook.
      ['--webhook-max-attempts', '4'],
      ['--webhook-max-attempts', '0'],
      ['stray'],
    ]) {
      expect(() => parseCliArgs(argv, {}), argv.join(' ')).toThrow(CliUsageError)
    }
  })

  it('reads the standing webhook settings from the environment too', () => {
    expect(
      parseCliArgs([], { RAMP_SANDBOX_WEBHOOK_DELAY: '750', RAMP_SANDBOX_WEBHOOK_DUPLICATES: '1' }),
    ).toMatchObject({ options: { webhookDelayMs: 750, webhookDuplicates: 1 } })
  })

  it('answers --help with every flag and its variable', () => {
    expect(parseCliArgs(['--help'], {})).toEqual({ kind: 'help' })
    const help = helpText()
    for (const name of [
      '--port',
      '--api-key',
      '--rpc-url',
      '--speed',
      'RAMP_SANDBOX_WEBHOOK_URL',
      '--webhook-delay MS',
      '--anvil-port N',
      'RAMP_SANDBOX_ANVIL_PORT',
      'npx ramp-sandbox [flags]',
      'npx ramp-sandbox control <action>',
      'RAMP_SANDBOX_URL',
    ]) {
      expect(help).toContain(name)
    }
    for (const action of CONTROL_ACTIONS) expect(help).toContain(`  ${action.usage}\n`)
  })
})

describe('--anvil-port', () => {
  it('sets the port of the anvil the sandbox starts, from the flag or its variable', () => {
    const flag = parseCliArgs(['--anvil-port', '8545'], {})
    expect(flag.kind === 'start' && flag.options.anvilPort).toBe(8545)
    const variable = parseCliArgs([], { RAMP_SANDBOX_ANVIL_PORT: '0' })
    expect(variable.kind === 'start' && variable.options.anvilPort).toBe(0)
  })

  it('refuses a port out of range, and with --rpc-url (which starts no anvil)', () => {
    expect(() => parseCliArgs(['--anvil-port', '70000'], {})).toThrow(
      '--anvil-port must be an integer from 0 to 65535, got "70000"',
    )
    expect(() =>
      parseCliArgs(['--anvil-port', '8545', '--rpc-url', 'http://127.0.0.1:8545'], {}),
    ).toThrow(/exclude each other/)
  })
})

describe('control lines of duplicated webhooks', () => {
  it('say which X-Webhook-Id the copies carry, as the service would', () => {
    const duplicate = CONTROL_ACTIONS.find((action) => action.name === 'duplicate-next-webhook')!
    const parsed = { args: [], flags: new Map<string, string>() }
    const line = (event: string | null) =>
      duplicate.line({ event, delay_ms: 0, duplicates: 2 }, parsed)
    expect(line('order.settled')).toBe(
      'The next order.settled webhook of this key is sent 2 more times after it succeeds (a fresh X-Webhook-Id each time)',
    )
    expect(line('account.credited')).toBe(
      'The next account.credited webhook of this key is sent 2 more times after it succeeds (same X-Webhook-Id)',
    )
    expect(line(null)).toBe(
      'The next webhook of this key is sent 2 more times after it succeeds (a fresh X-Webhook-Id for an order event, the same for others)',
    )
  })
})

describe('parseCliArgs control', () => {
  const env = { RAMP_API_KEY: 'is_test_env_key' }

  it('maps each action to its admin route call', () => {
    const cases: [string[], ControlRequest][] = [
      [['fail-next-order'], { method: 'POST', path: '/orders/next', body: { outcome: 'fail' } }],
      [
        ['refund-next-order'],
        { method: 'POST', path: '/orders/next', body: { outcome: 'refund' } },
      ],
      [['settle-order', 'o 1'], { method: 'POST', path: '/orders/o%201/settle' }],
      [
        ['fault', '429', '--retry-after', '3', '--count', '2', '--path', '/quote', '--method=get'],
        {
          method: 'POST',
          path: '/faults',
          body: { status: 429, retry_after: 3, count: 2, path: '/quote', method: 'GET' },
        },
      ],
      [['fault', '502'], { method: 'POST', path: '/faults', body: { status: 502 } }],
      [
        ['delay-next-webhook', '2m', '--event', 'order.settled'],
        {
          method: 'POST',
          path: '/webhooks/next',
          body: { event: 'order.settled', delay_ms: 120_000 },
        },
      ],
      [
        ['delay-next-webhook', '1500', '--duplicates', '2'],
        { method: 'POST', path: '/webhooks/next', body: { delay_ms: 1500, duplicates: 2 } },
      ],
      [
        ['duplicate-next-webhook'],
        { method: 'POST', path: '/webhooks/next', body: { duplicates: 1 } },
      ],
      [['advance', '90'], { method: 'POST', path: '/clock/advance', body: { ms: 90_000 } }],
      [['advance', '250ms'], { method: 'POST', path: '/clock/advance', body: { ms: 250 } }],
      [['advance', '1h'], { method: 'POST', path: '/clock/advance', body: { ms: 3_600_000 } }],
      [['clock'], { method: 'GET', path: '/clock' }],
      [
        ['webhook-endpoint', 'none', '--secret', 'whsec_x'],
        { method: 'PUT', path: '/webhooks/endpoint', body: { url: null, secret: 'whsec_x' } },
      ],
      [
        ['deliveries', '--event', 'order.settled'],
        { method: 'GET', path: '/webhooks/deliveries?event=order.settled' },
      ],
      [
        ['credit', '7', '25.5', '--reference', 'r1'],
        { method: 'POST', path: '/accounts/7/credit', body: { amount: '25.5', reference: 'r1' } },
      ],
      [
        ['send', '7', '5', '--to', '0xabc', '--outcome', 'failed'],
        {
          method: 'POST',
          path: '/accounts/7/sends',
          body: { amount: '5', to: '0xabc', outcome: 'failed' },
        },
      ],
      [
        ['mint', 'USDC', '0xabc', '10'],
        { method: 'POST', path: '/mint', body: { token: 'USDC', to: '0xabc', amount: '10' } },
      ],
    ]
    for (const [argv, request] of cases) {
      const command = parseCliArgs(['control', ...argv], env)
      expect(command, argv.join(' ')).toMatchObject({ kind: 'control', control: { request } })
      if (command.kind === 'control') expect(command.control.request).toEqual(request)
    }
  })

  it('takes the URL and key from flags, else the environment, else the defaults', () => {
    expect(parseCliArgs(['control', 'clock'], env)).toMatchObject({
      control: { url: DEFAULT_SANDBOX_URL, apiKey: 'is_test_env_key', json: false },
    })
    expect(
      parseCliArgs(['control', 'clock', '--json'], {
        RAMP_SANDBOX_URL: 'http://user:pw@sandbox.local:9000/?x=1',
        RAMP_SANDBOX_API_KEYS: 'is_test_first, is_test_second',
      }),
    ).toMatchObject({
      control: { url: 'http://sandbox.local:9000', apiKey: 'is_test_first', json: true },
    })
    expect(
      parseCliArgs(
        ['control', 'clock', '--url=http://127.0.0.1:5000/', '--api-key', 'is_test_flag'],
        env,
      ),
    ).toMatchObject({ control: { url: 'http://127.0.0.1:5000', apiKey: 'is_test_flag' } })
    // The service's published base address ends in /api/v1: pasted here, it names the same
    // sandbox, whose admin routes live at its root.
    for (const pasted of ['http://127.0.0.1:5000/api/v1', 'http://127.0.0.1:5000/api/v1/']) {
      expect(
        parseCliArgs(['control', 'clock', '--url', pasted, '--api-key', 'is_test_flag'], env),
      ).toMatchObject({ control: { url: 'http://127.0.0.1:5000' } })
    }
    expect(
      parseCliArgs(['control', 'clock'], { ...env, RAMP_SANDBOX_URL: 'http://sb.local/x/api/v1' }),
    ).toMatchObject({ control: { url: 'http://sb.local/x' } })
    expect(
      parseCliArgs(['control', '--url', 'http://127.0.0.1:5001', '--json', 'advance', '5'], env),
    ).toMatchObject({
      control: { url: 'http://127.0.0.1:5001', json: true, request: { body: { ms: 5000 } } },
    })
    expect(parseCliArgs(['control', '--help'], env)).toEqual({ kind: 'help' })
  })

  it('refuses bad controls with a usage error of the control command', () => {
    for (const argv of [
      [],
      ['explode'],
      ['fault'],
      ['fault', '500'],
      ['fault', '429', '--count', 'many'],
      ['fault', '429', '--path', 'quote'],
      ['advance', '-5'],
      ['advance', '5', '6'],
      ['clock', '--event', 'x'],
      ['clock', '--url', 'ftp://x'],
      ['clock', '--url'],
      ['webhook-endpoint'],
    ]) {
      expect(() => parseCliArgs(['control', ...argv], env), argv.join(' ')).toThrow(CliUsageError)
    }
    expect(() => parseCliArgs(['control', 'clock'], {})).toThrow(/needs a sandbox API key/)
    expect(() => parseCliArgs(['control', 'clock'], { RAMP_API_KEY: 'is_live_x' })).toThrow(
      /must be a sandbox key/,
    )
  })

  it('redacts anything shaped like a key', () => {
    expect(redact('key is_test_abc-1 and is_live_Z9 and mine', 'mine')).toBe(
      'key [api key] and [api key] and [api key]',
    )
  })
})
