import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { RampError } from '../errors/base.js'
import { WEBHOOK_TOLERANCE_SECONDS } from './constants.js'
import { WebhookVerificationError, type WebhookVerificationReason } from './errors.js'
import { signWebhook } from './signWebhook.js'
import {
  MAX_WEBHOOK_TOLERANCE_SECONDS,
  type VerifyWebhookParameters,
  verifyWebhook,
} from './verifyWebhook.js'

const SECRET = 'whsec_current_8d1f0a'
const OLD_SECRET = 'whsec_previous_27c4e9'
const T = 1_700_000_000
const BODY = '{"order_id":"ord_1","status":"settled","amount_fiat":1500}'
const at = (seconds: number) => () => seconds * 1000

function sign(body: string | Uint8Array, secret = SECRET, timestamp = T): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('base64')
}

function verify(overrides: Partial<VerifyWebhookParameters> = {}) {
  return verifyWebhook({
    body: BODY,
    header: `t=${T},v1=${sign(BODY)}`,
    secrets: SECRET,
    now: at(T),
    ...overrides,
  })
}

async function reasonOf(promise: Promise<unknown>): Promise<WebhookVerificationReason> {
  try {
    await promise
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason
    throw error
  }
  throw new Error('expected a WebhookVerificationError, but verification passed')
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Error) return error.message
  }
  throw new Error('expected an error')
}

describe('verifyWebhook: valid deliveries', () => {
  it('accepts a delivery signed with the secret and returns its timestamp and signature', async () => {
    await expect(verify()).resolves.toEqual({ timestamp: T, signature: sign(BODY), secretIndex: 0 })
  })

  it('accepts the body as a string, Uint8Array, ArrayBuffer or Node Buffer of the same bytes', async () => {
    const bytes = new TextEncoder().encode(BODY)
    for (const body of [BODY, bytes, bytes.buffer, Buffer.from(BODY)]) {
      await expect(verify({ body })).resolves.toMatchObject({ timestamp: T })
    }
  })

  it('accepts a Uint8Array that is a view into a larger buffer', async () => {
    const padded = new TextEncoder().encode(`xx${BODY}yy`)
    const view = padded.subarray(2, padded.length - 2)
    await expect(verify({ body: view })).resolves.toMatchObject({ timestamp: T })
  })

  it('splits items on the first "=" only, keeping base64 padding', async () => {
    const header = `t=${T},v1=${sign(BODY)}`
    expect(header.endsWith('=')).toBe(true)
    await expect(verify({ header })).resolves.toMatchObject({ timestamp: T })
  })

  it('tolerates spaces around items and empty items', async () => {
    await expect(verify({ header: `  t=${T} ,  v1=${sign(BODY)} ,` })).resolves.toMatchObject({
      timestamp: T,
    })
    await expect(verify({ header: `t = ${T}, v1 = ${sign(BODY)}` })).resolves.toMatchObject({
      timestamp: T,
    })
  })

  it('accepts the header with the signature before the timestamp', async () => {
    await expect(verify({ header: `v1=${sign(BODY)},t=${T}` })).resolves.toMatchObject({
      timestamp: T,
    })
  })

  it('passes when any one v1 is valid', async () => {
    const wrong = sign(BODY, 'whsec_other')
    await expect(verify({ header: `t=${T},v1=${wrong},v1=${sign(BODY)}` })).resolves.toEqual({
      timestamp: T,
      signature: sign(BODY),
      secretIndex: 0,
    })
  })

  it('ignores unknown schemes such as v0 and v2', async () => {
    const header = `t=${T},v0=abc,v2=${sign(BODY, 'x')},v1=${sign(BODY)},v3=`
    await expect(verify({ header })).resolves.toMatchObject({ timestamp: T })
    await expect(
      reasonOf(verify({ header: `t=${T},v0=${sign(BODY)},v2=${sign(BODY)}` })),
    ).resolves.toBe('no_signature')
  })

  it('accepts a previous secret during a rotation and says which one matched', async () => {
    const header = `t=${T},v1=${sign(BODY, OLD_SECRET)}`
    await expect(verify({ header, secrets: [SECRET, OLD_SECRET] })).resolves.toMatchObject({
      secretIndex: 1,
    })
    await expect(reasonOf(verify({ header, secrets: [SECRET] }))).resolves.toBe(
      'signature_mismatch',
    )
  })

  it('trims the configured secret (a trailing newline from an env file)', async () => {
    await expect(verify({ secrets: `${SECRET}\n` })).resolves.toMatchObject({ timestamp: T })
    await expect(verify({ secrets: [`  ${SECRET}\r\n`] })).resolves.toMatchObject({ timestamp: T })
  })

  it('verifies a non-ASCII UTF-8 body given as the same bytes', async () => {
    const text = '{"customer":{"name":"Zoë O’Brien","city":"Ọ̀yọ́"},"note":"₦ 5 000 — ok"}'
    const bytes = new TextEncoder().encode(text)
    const header = `t=${T},v1=${sign(bytes)}`
    await expect(verify({ body: bytes, header })).resolves.toMatchObject({ timestamp: T })
    await expect(verify({ body: text, header })).resolves.toMatchObject({ timestamp: T })
    // The same bytes read as Latin-1 are a different string, hence different UTF-8 bytes.
    const latin1 = new TextDecoder('latin1').decode(bytes)
    await expect(reasonOf(verify({ body: latin1, header }))).resolves.toBe('signature_mismatch')
  })

  it('returns the signature in canonical base64, so dedupe on it cannot be dodged', async () => {
    const canonical = sign(BODY)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    const last = alphabet.indexOf(canonical[42] ?? '')
    // The last data character carries two unused bits; setting one gives the same 32 bytes.
    const variant = `${canonical.slice(0, 42)}${alphabet[last ^ 1]}=`
    expect(variant).not.toBe(canonical)
    await expect(verify({ header: `t=${T},v1=${variant}` })).resolves.toMatchObject({
      signature: canonical,
    })
  })
})

describe('verifyWebhook: the timestamp window', () => {
  it('accepts exactly 300 s either side and refuses 301 s, in the past and the future', async () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300)
    await expect(verify({ now: at(T + 300) })).resolves.toMatchObject({ timestamp: T })
    await expect(verify({ now: at(T - 300) })).resolves.toMatchObject({ timestamp: T })
    await expect(reasonOf(verify({ now: at(T + 301) }))).resolves.toBe('timestamp_out_of_tolerance')
    await expect(reasonOf(verify({ now: at(T - 301) }))).resolves.toBe('timestamp_out_of_tolerance')
  })

  it('says which way the clock is off and what to check', async () => {
    await expect(messageOf(verify({ now: at(T + 900) }))).resolves.toMatch(
      /900 s in the past.*clock/,
    )
    await expect(messageOf(verify({ now: at(T - 900) }))).resolves.toMatch(/900 s in the future/)
  })

  it('refuses a stale delivery even when its signature is valid (replay)', async () => {
    const old = T - 3600
    const header = `t=${old},v1=${sign(BODY, SECRET, old)}`
    await expect(reasonOf(verify({ header }))).resolves.toBe('timestamp_out_of_tolerance')
  })

  it('accepts a smaller window', async () => {
    await expect(verify({ now: at(T + 60), toleranceSeconds: 60 })).resolves.toBeTruthy()
    await expect(reasonOf(verify({ now: at(T + 61), toleranceSeconds: 60 }))).resolves.toBe(
      'timestamp_out_of_tolerance',
    )
    await expect(
      verify({ now: at(T + 3600), toleranceSeconds: MAX_WEBHOOK_TOLERANCE_SECONDS }),
    ).resolves.toBeTruthy()
  })

  it('refuses a clock that returns NaN instead of skipping the window', async () => {
    const error = await verify({ now: () => Number.NaN }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RampError)
    expect(error).not.toBeInstanceOf(WebhookVerificationError)
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 3601])(
    'refuses toleranceSeconds %d as a configuration error',
    async (toleranceSeconds) => {
      const error = await verify({ toleranceSeconds }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(RampError)
      expect(error).not.toBeInstanceOf(WebhookVerificationError)
      expect((error as Error).message).toMatch(/cannot be turned off/)
    },
  )
})

describe('verifyWebhook: refused headers', () => {
  it.each([null, undefined, '', '   '])('reports a missing header for %j', async (header) => {
    await expect(reasonOf(verify({ header }))).resolves.toBe('missing_header')
  })

  it.each([
    ['no t', `v1=${sign(BODY)}`],
    ['two t items', `t=${T},t=${T},v1=${sign(BODY)}`],
    ['an item without "="', `t=${T},v1=${sign(BODY)},junk`],
    ['an item with an empty key', `t=${T},=abc,v1=${sign(BODY)}`],
    ['a bare t', `t,v1=${sign(BODY)}`],
    ['free text', 'sha256 signature please'],
    ['only commas', ',,,'],
  ])('reports a malformed header with %s', async (_label, header) => {
    await expect(reasonOf(verify({ header }))).resolves.toBe('malformed_header')
  })

  it.each([
    ['12abc', '12abc'],
    ['-5', '-5'],
    ['1e3', '1e3'],
    ['400 digits', '1'.repeat(400)],
    ['empty', ''],
    ['a fraction', `${T}.5`],
    ['a plus sign', `+${T}`],
    ['hex', '0x6553f100'],
    ['Infinity', 'Infinity'],
  ])('reports a bad timestamp for %s', async (_label, t) => {
    await expect(reasonOf(verify({ header: `t=${t},v1=${sign(BODY)}` }))).resolves.toBe(
      'bad_timestamp',
    )
  })

  it('reports no signature when there is no v1', async () => {
    await expect(reasonOf(verify({ header: `t=${T}` }))).resolves.toBe('no_signature')
  })

  it.each([
    ['not base64', '!!!not-base64!!!'],
    ['empty', ''],
    ['3 bytes', 'AAAA'],
    ['64 bytes', btoa('x'.repeat(64))],
    ['31 bytes', btoa('x'.repeat(31))],
    ['unpadded', sign(BODY).slice(0, 43)],
    ['base64url alphabet', sign(BODY).replaceAll('+', '-').replaceAll('/', '_').padEnd(44, '_')],
    ['hex', createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex')],
  ])('skips a v1 that is %s, failing with a mismatch only', async (_label, v1) => {
    await expect(reasonOf(verify({ header: `t=${T},v1=${v1}` }))).resolves.toBe(
      'signature_mismatch',
    )
    await expect(verify({ header: `t=${T},v1=${v1},v1=${sign(BODY)}` })).resolves.toBeTruthy()
  })

  it('never throws anything but a WebhookVerificationError for odd headers', async () => {
    const pieces = ['t', 'v1', '=', ',', ' ', '==', String(T), sign(BODY), '\u0000', 'é', '-', '']
    let seed = 7
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return pieces[seed % pieces.length] ?? ''
    }
    for (let i = 0; i < 300; i++) {
      const header = Array.from({ length: 1 + (i % 9) }, pick).join('')
      try {
        await verify({ header })
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookVerificationError)
      }
    }
  })
})

describe('verifyWebhook: body and secret', () => {
  it('fails on re-serialised JSON and says to verify the raw bytes', async () => {
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 2)
    const error = await verify({ body: reserialised }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebhookVerificationError)
    expect((error as WebhookVerificationError).reason).toBe('signature_mismatch')
    expect((error as Error).message).toMatch(/raw request bytes/)
    expect((error as Error).message).toMatch(/trailing newline/)
  })

  it('fails with the wrong secret', async () => {
    await expect(reasonOf(verify({ secrets: 'whsec_someone_else' }))).resolves.toBe(
      'signature_mismatch',
    )
  })

  it('refuses a parsed body with a hint to read the raw bytes', async () => {
    const parsed = JSON.parse(BODY) as unknown as string
    await expect(reasonOf(verify({ body: parsed }))).resolves.toBe('invalid_body')
    await expect(messageOf(verify({ body: parsed }))).resolves.toMatch(/arrayBuffer/)
  })

  it.each([
    ['an empty string', ''],
    ['whitespace', ' \n\t'],
    ['an empty list', []],
    ['a list with one empty entry', [SECRET, '  ']],
  ])('refuses %s as secret with no_secret', async (_label, secrets) => {
    const error = await verify({ secrets }).catch((e: unknown) => e)
    expect((error as WebhookVerificationError).reason).toBe('no_secret')
    expect((error as Error).message).toMatch(/secret/i)
  })

  it('names the empty entry of a rotation list', async () => {
    await expect(messageOf(verify({ secrets: [SECRET, ''] }))).resolves.toMatch(/#2 is empty/)
  })

  it('hints at whitespace inside a secret', async () => {
    await expect(messageOf(verify({ secrets: 'whsec one' }))).resolves.toMatch(/whitespace inside/)
  })

  it('never puts the secret or a signature in a message', async () => {
    const signature = sign(BODY)
    const attempts = [
      () => verify({ body: `${BODY} ` }),
      () => verify({ secrets: [OLD_SECRET, `${SECRET}x`] }),
      () => verify({ now: at(T + 1000) }),
      () => verify({ header: `t=${T}` }),
      () => verify({ header: `t=abc,v1=${signature}` }),
      () => verify({ header: `v1=${signature}` }),
      () => verify({ secrets: [SECRET, ''] }),
    ]
    for (const attempt of attempts) {
      const message = await messageOf(attempt())
      expect(message).not.toContain(SECRET)
      expect(message).not.toContain(OLD_SECRET)
      expect(message).not.toContain(signature)
    }
  })

  it('verifies what signWebhook signs', async () => {
    const { header } = await signWebhook({ secret: SECRET, body: BODY, timestamp: T })
    await expect(verify({ header })).resolves.toMatchObject({ timestamp: T })
  })
})
