import { describe, expect, it } from 'vitest'
import { CliUsageError, helpText, parseCliArgs } from './args.js'

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
      ['stray'],
    ]) {
      expect(() => parseCliArgs(argv, {}), argv.join(' ')).toThrow(CliUsageError)
    }
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
    ]) {
      expect(help).toContain(name)
    }
  })
})
