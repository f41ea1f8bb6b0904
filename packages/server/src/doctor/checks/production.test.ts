import { type Sandbox, startSandbox } from '@rampkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStore } from '../../store/memory/store.js'
import { type DoctorReport, runDoctorCli } from '../index.js'
import { checkKitForProduction, kitSettings } from './production.js'

const KEY = 'is_live_productionCheckKey_1'
const SECRET = 'whsec_productionCheckSecret_1'
const SESSION = 'a-session-secret-of-forty-characters-long-0001'

const GOOD = {
  sessionSecret: SESSION,
  customerRefSecret: 'a-customer-ref-secret-of-forty-characters-01',
  storeEngine: 'postgres',
  instances: 3,
  allowedOrigins: ['https://shop.example'],
  clientAddress: 'getClientIp' as const,
  webhookUrl: 'https://shop.example/api/ramp/webhooks',
}

const statuses = (checks: { id: string; status: string }[]) =>
  Object.fromEntries(checks.map((check) => [check.id, check.status]))

describe('the production checks of the kit’s configuration', () => {
  it('pass a configuration production can run on', () => {
    expect(statuses(checkKitForProduction(GOOD, [KEY, SECRET], true))).toEqual({
      'kit.secrets': 'pass',
      'kit.customer-mode': 'pass',
      'kit.store': 'pass',
      'kit.origins': 'pass',
      'kit.client-address': 'pass',
      'kit.webhook-url': 'pass',
    })
  })

  it('fail each missing setting, the fix naming what to set', () => {
    const checks = checkKitForProduction({ instances: 2 }, [KEY, SECRET], true)
    expect(checks.every((check) => check.status === 'fail')).toBe(true)
    const fix = (id: string) => checks.find((check) => check.id === id)?.fix ?? ''
    expect(fix('kit.secrets')).toContain('SESSION_SECRET')
    expect(fix('kit.customer-mode')).toContain('CUSTOMER_REF_SECRET')
    expect(checks.find((c) => c.id === 'kit.customer-mode')?.detail).toContain('503')
    expect(fix('kit.store')).toContain('postgresStore')
    expect(fix('kit.origins')).toContain('APP_ORIGIN')
    expect(fix('kit.client-address')).toContain('getClientIp')
    expect(fix('kit.webhook-url')).toContain('/api/ramp/webhooks')
  })

  it('fail what production cannot use: a reused or short secret, localhost, plain http', () => {
    const checks = checkKitForProduction(
      {
        ...GOOD,
        sessionSecret: SECRET,
        allowedOrigins: ['https://shop.example', 'http://localhost:3000'],
        webhookUrl: 'http://shop.example/api/ramp/webhooks',
      },
      [KEY, SECRET],
      true,
    )
    expect(statuses(checks)).toMatchObject({
      'kit.secrets': 'fail',
      'kit.origins': 'fail',
      'kit.webhook-url': 'fail',
    })
    expect(
      statuses(checkKitForProduction({ ...GOOD, sessionSecret: 'short' }, [], true)),
    ).toMatchObject({ 'kit.secrets': 'fail' })
    // One instance on the memory store still loses acknowledged webhooks on a restart.
    expect(
      statuses(checkKitForProduction({ ...GOOD, storeEngine: 'memory', instances: 1 }, [], true)),
    ).toMatchObject({ 'kit.store': 'fail' })
  })

  it('reads the options an app passes createRampHandler', () => {
    const good = kitSettings(
      {
        sessionSecret: SESSION,
        store: { engine: 'postgres' },
        allowedOrigins: ['https://shop.example'],
        getClientIp: () => '203.0.113.9',
      },
      { instances: 2, webhookUrl: GOOD.webhookUrl },
    )
    expect(Object.values(statuses(checkKitForProduction(good, [KEY], true)))).not.toContain('fail')
    // The server README's Next.js route before this change: getEndUser, no secret for the vault.
    const route = kitSettings(
      {
        getEndUser: () => 'user_1',
        store: memoryStore(),
        allowedOrigins: ['https://shop.example'],
      },
      { instances: 2, webhookUrl: GOOD.webhookUrl },
    )
    expect(statuses(checkKitForProduction(route, [KEY], true))).toMatchObject({
      'kit.secrets': 'pass',
      'kit.customer-mode': 'fail',
      'kit.store': 'fail',
      'kit.client-address': 'fail',
    })
  })
})

describe('rampkit doctor --production', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 0, apiKeys: ['is_test_production_doctor_1'] })
  })
  afterAll(() => sandbox?.stop())

  it('reads the settings from the environment the examples use, and fails without them', async () => {
    const run = async (env: Record<string, string>) => {
      let stdout = ''
      const code = await runDoctorCli(
        ['doctor', '--json', '--production', '--webhook-url', GOOD.webhookUrl],
        {
          stdout: { write: (text: string) => (stdout += text) },
          stderr: { write: () => {} },
          env: {
            RAMP_API_KEY: sandbox.apiKeys[0]!,
            RAMP_BASE_URL: sandbox.url,
            RAMP_WEBHOOK_SECRET: sandbox.webhookSecret,
            ...env,
          },
        },
      )
      return { code, report: JSON.parse(stdout) as DoctorReport }
    }
    const bare = await run({})
    expect(bare.code).toBe(1)
    const kitChecks = bare.report.checks.filter((check) => check.id.startsWith('kit.'))
    expect(kitChecks.map((check) => check.id)).toEqual([
      'kit.secrets',
      'kit.customer-mode',
      'kit.store',
      'kit.origins',
      'kit.client-address',
      'kit.webhook-url',
    ])
    expect(statuses(kitChecks)['kit.secrets']).toBe('fail')
    const configured = await run({
      SESSION_SECRET: SESSION,
      CUSTOMER_REF_SECRET: GOOD.customerRefSecret,
      RAMP_STORE: 'postgres',
      RAMP_INSTANCES: '2',
      APP_ORIGIN: 'https://shop.example',
      RAMP_TRUST_PROXY: '1',
    })
    const after = configured.report.checks.filter((check) => check.id.startsWith('kit.'))
    // Every setting read from its variable (the deliveries to the webhook URL are other checks).
    expect(after.filter((check) => check.status !== 'pass').map((c) => c.id)).toEqual([])
    expect(JSON.stringify(configured.report)).not.toContain(SESSION)
  }, 60_000)
})
