import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { catalog, indicativeRates } from '@rampkit/core'
import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type KitHarness, startKit } from '../routes/testing.js'
import { checkBaseUrl, type DoctorReport, runDoctorCli, shapeDrift } from './index.js'
import { type PublishedService, startPublishedService } from './testing.js'

// Distinctive values: none of them may appear in anything the doctor writes.
const KEY = 'is_test_doctorSECRETkey_one_9f3a7c1e'
const REFUSED_KEY = 'is_test_doctorSECRETkey_two_4b8d02aa'
const WEBHOOK_SECRET = 'whsec_doctorSECRETwebhook_55b2e1'
const SECRETS = [KEY, REFUSED_KEY, WEBHOOK_SECRET]

type Run = { code: number; stdout: string; stderr: string }

async function doctor(argv: string[], env: Record<string, string>): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await runDoctorCli(['doctor', ...argv], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  })
  return { code, stdout, stderr }
}

function expectNoSecrets(run: { stdout: string; stderr: string }) {
  for (const secret of SECRETS) {
    expect(run.stdout).not.toContain(secret)
    expect(run.stderr).not.toContain(secret)
  }
}

function byId(report: DoctorReport, id: string) {
  const check = report.checks.find((item) => item.id === id)
  if (!check) throw new Error(`no check ${id}`)
  return check
}

const ALL_CHECKS = [
  'key.prefix',
  'base-url.form',
  'key.accepted',
  'discovery.rates',
  'discovery.corridors',
  'discovery.catalog',
  'discovery.payment-methods',
  'discovery.order-requirements',
  'discovery.banks',
  'discovery.tokens',
  'corridors',
  'webhook.secret',
]

describe('rampkit doctor against the real sandbox', () => {
  let sandbox: Sandbox
  let kit: KitHarness
  beforeAll(async () => {
    // A fast clock: the --order order settles in well under a second.
    sandbox = await startSandbox({
      port: 0,
      speed: 20,
      apiKeys: [KEY],
      webhookSecret: WEBHOOK_SECRET,
    })
    kit = await startKit(sandbox, 'http')
  })
  afterAll(async () => {
    await kit?.close()
    await sandbox?.stop()
  })

  it('passes every check, the kit and one order included, exits 0, and --json lists each check', async () => {
    const run = await doctor(['--json', '--order', '--webhook-url', `${kit.url}/webhooks`], {
      RAMP_API_KEY: KEY,
      RAMP_BASE_URL: sandbox.url,
      RAMP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    })
    const report = JSON.parse(run.stdout) as DoctorReport
    expect(report.checks.map((check) => check.id)).toEqual([
      ...ALL_CHECKS,
      'webhook-url.signed',
      'webhook-url.forged',
      'order',
    ])
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([])
    expect(report).toMatchObject({ ok: true, environment: 'sandbox', baseUrl: sandbox.url })
    expect(byId(report, 'order').detail).toMatch(/settled/)
    expect(byId(report, 'corridors').lines?.join('\n')).toMatch(
      /KE\/KES OnRamp mobile_money: M-Pesa [0-9a-f-]{36}/,
    )
    expect(run.code).toBe(0)
    expectNoSecrets(run)
  })

  it('writes a people’s report with marks and a summary, and no secret', async () => {
    const run = await doctor([], {
      RAMP_API_KEY: KEY,
      RAMP_BASE_URL: sandbox.url,
      RAMP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('✓ API key accepted')
    expect(run.stdout).not.toContain('✗')
    expect(run.stdout).toMatch(/12 passed, 0 failed/)
    expectNoSecrets(run)
  })

  it('reports a webhook secret the service does not know, with its fix', async () => {
    const run = await doctor(['--json', '--webhook-secret', 'whsec_doctorSECRETwrong_000000'], {
      RAMP_API_KEY: KEY,
      RAMP_BASE_URL: sandbox.url,
    })
    const check = byId(JSON.parse(run.stdout) as DoctorReport, 'webhook.secret')
    expect(check.status).toBe('fail')
    expect(check.fix).toMatch(/not the webhook_secret of this key/)
    expect(run.code).toBe(1)
    expect(run.stdout).not.toContain('whsec_doctorSECRETwrong_000000')
  })
})

describe('rampkit doctor against a service with a renamed field and a refused key', () => {
  let service: PublishedService
  beforeAll(async () => {
    service = await startPublishedService({
      acceptedKey: KEY,
      webhookSecret: WEBHOOK_SECRET,
      // `buy` → `bid` in the rates: core reads `buy` only.
      rename: { path: '/api/v1/partner/rates/indicative', from: 'buy', to: 'bid' },
    })
  })
  afterAll(() => service?.close())

  it('reports the renamed field as shape drift with its fix, and exits 1', async () => {
    const run = await doctor(['--json'], {
      RAMP_API_KEY: KEY,
      RAMP_BASE_URL: service.url,
      RAMP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    })
    const report = JSON.parse(run.stdout) as DoctorReport
    const rates = byId(report, 'discovery.rates')
    expect(rates.status).toBe('fail')
    expect(rates.detail).toMatch(/shape drift/)
    expect(rates.lines).toEqual(
      expect.arrayContaining([
        'missing (core expects it): rates[].buy',
        'unknown (core does not read it): rates[].bid',
      ]),
    )
    expect(rates.fix).toMatch(/Update @rampkit\/core/)
    // Everything else in the published shapes is read by core.
    expect(
      report.checks.filter((check) => check.status === 'fail').map((check) => check.id),
    ).toEqual(['discovery.rates'])
    expect(report.summary).toEqual({ passed: 11, failed: 1, skipped: 0 })
    expect(run.code).toBe(1)
    expectNoSecrets(run)
  })

  it('reports the refused key with its fix and skips what needs it, without printing it', async () => {
    const run = await doctor(['--json'], {
      RAMP_API_KEY: REFUSED_KEY,
      RAMP_BASE_URL: service.url,
      RAMP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    })
    const report = JSON.parse(run.stdout) as DoctorReport
    const accepted = byId(report, 'key.accepted')
    expect(accepted).toMatchObject({ status: 'fail' })
    expect(accepted.detail).toMatch(/refused the key: 401 Invalid API key/)
    expect(accepted.fix).toMatch(/Copy the key again/)
    expect(byId(report, 'discovery.rates').status).toBe('skip')
    expect(byId(report, 'webhook.secret').status).toBe('pass')
    expect(run.code).toBe(1)
    expectNoSecrets(run)
  })

  it('runs as a CLI (src/cli.ts, what the bin runs built): a child process that exits 1 and prints no secret', async () => {
    // The CLI's source through tsx, as `pnpm doctor` runs it; the bin imports its build (dist/).
    const bin = fileURLToPath(new URL('../cli.ts', import.meta.url))
    const run = await new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          bin,
          'doctor',
          '--api-key',
          REFUSED_KEY,
          '--base-url',
          `${service.url}/api/v1`,
        ],
        {
          env: { ...process.env, RAMP_WEBHOOK_SECRET: WEBHOOK_SECRET, NO_COLOR: '1' },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      )
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('✗ API key accepted')
    expect(run.stdout).toContain('fix: Copy the key again')
    // The published base address form, pasted: core takes it, so it passes.
    expect(run.stdout).toContain(`✓ Base address`)
    expect(run.stdout).toMatch(/failed/)
    expectNoSecrets(run)
  })

  it('reports a missing key, base address and secret, each with its fix, and exits 1', async () => {
    const run = await doctor(['--json'], {})
    const report = JSON.parse(run.stdout) as DoctorReport
    expect(byId(report, 'key.prefix').fix).toMatch(/Set RAMP_API_KEY/)
    expect(byId(report, 'base-url.form').fix).toMatch(/Set RAMP_BASE_URL/)
    expect(byId(report, 'webhook.secret').fix).toMatch(/Set RAMP_WEBHOOK_SECRET/)
    expect(run.code).toBe(1)
  })

  it('exits 2 on an unknown flag and does not echo a value', async () => {
    const run = await doctor(['--api-kee', KEY], {})
    expect(run.code).toBe(2)
    expectNoSecrets(run)
  })
})

describe('checks without a service', () => {
  it('shapeDrift names unknown and missing fields by path, through records and arrays', () => {
    expect(
      shapeDrift(indicativeRates, {
        requested: ['KES'],
        rates: [{ currency: 'KES', bid: 1, sell: 2 }],
      }),
    ).toEqual({ unknown: ['rates[].bid'], missing: ['fetched_at', 'rates[].buy'] })
    expect(
      shapeDrift(catalog, {
        disclaimer: 'x',
        onramp: {
          countries: {
            KE: {
              country_code: 'KE',
              country_name: 'Kenya',
              currency: 'KES',
              enabled: true,
              payment_methods: {},
              flag: 'ke',
            },
          },
        },
      }),
    ).toEqual({ unknown: ['onramp.countries.*.flag'], missing: [] })
  })

  it('checkBaseUrl refuses plain http to another host and credentials in the address', () => {
    expect(checkBaseUrl('http://ramp.example.com').check.status).toBe('fail')
    expect(checkBaseUrl('https://user:pw@ramp.example.com').check.detail).not.toContain('pw')
    expect(checkBaseUrl('https://ramp.example.com/').check.status).toBe('pass')
    expect(checkBaseUrl('https://ramp.example.com/api/v1/').check.status).toBe('pass')
    expect(checkBaseUrl('https://ramp.example.com/api/v1').usable).toBe('https://ramp.example.com')
    const partner = checkBaseUrl('https://ramp.example.com/api/v1/partner')
    expect(partner.check.status).toBe('fail')
    expect(partner.check.fix).toBe('Set RAMP_BASE_URL=https://ramp.example.com')
  })
})
