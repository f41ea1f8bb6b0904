/**
 * Property tests of `verifyWebhook` (fast-check): a delivery signed the way the service signs
 * it is accepted untouched, and no change to its body bytes, signature, timestamp or secret is
 * ever accepted; garbage never makes it throw anything but its typed errors.
 *
 * The API throws by design: `WebhookVerificationError` (with a `reason`) for anything about the
 * delivery or the configured secrets, and a plain `RampError` only for a broken configuration
 * (`toleranceSeconds` outside 1..3600, a clock returning a non-number). Nothing else may escape.
 *
 * Not mutated on purpose (documented equivalences, not changes): whitespace around items, empty
 * items, unknown schemes (`v0=`, `v2=`), whitespace around the secret, a non-canonical base64
 * spelling of the same 32 signature bytes (accepted, and the canonical form is returned: pinned
 * in verifyWebhook.test.ts), and a secret that HMAC itself cannot tell apart (same bytes after
 * zero-padding to the block size). `X-Webhook-Id` and `X-Webhook-Event` are not signed (spec
 * section 6, `constants.ts`): the last property checks the signature does not depend on them.
 *
 * Default: 150 runs per delivery property, 400 per garbage property, 1,600 runs and about 13,000
 * mutations in all (about 2.5 s). Soak (`RAMPKIT_SOAK=1`): 20x every numRuns, 32,000 runs and
 * about 260,000 mutations (about 30 s).
 */
import { createHash, createHmac } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { RampError } from '../errors/base.js'
import { buildWebhookHeaders } from './buildWebhookHeaders.js'
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from './constants.js'
import { WebhookVerificationError } from './errors.js'
import { type VerifyWebhookParameters, verifyWebhook } from './verifyWebhook.js'

const SOAK = process.env.RAMPKIT_SOAK === '1'
const scale = (runs: number) => (SOAK ? runs * 20 : runs)
/** Per test: generous, the default run takes about a second per property on 2 shared cores. */
const TIMEOUT = SOAK ? 900_000 : 60_000

const figures = { runs: 0, mutationsTried: 0, accepted: 0, thrown: 0 }

afterAll(() => {
  console.log(`[security] ${JSON.stringify({ area: 'property.webhooks', ...figures })}`)
})

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const encoder = new TextEncoder()

/** The service's signature, computed independently of core (node:crypto, not Web Crypto). */
function oracleSign(secret: string, timestamp: string, body: Uint8Array): string {
  return createHmac('sha256', secret.trim()).update(`${timestamp}.`).update(body).digest('base64')
}

/** HMAC pads a key of at most 64 bytes with zeros and hashes a longer one: the key it really uses. */
function effectiveHmacKey(secret: string): string {
  const bytes = encoder.encode(secret.trim())
  const key = bytes.length > 64 ? createHash('sha256').update(bytes).digest() : Buffer.from(bytes)
  return Buffer.from(key)
    .toString('hex')
    .replace(/(00)+$/, '')
}

/** True when `other` is a different secret to HMAC, not just a spelling of the same key. */
function differentSecret(secret: string, other: string): boolean {
  return other.trim() !== '' && effectiveHmacKey(other) !== effectiveHmacKey(secret)
}

type Outcome = { kind: 'accepted' } | { kind: 'refused'; error: WebhookVerificationError }

/**
 * Runs one verification and classifies it. Any throw that is not the typed error is counted in
 * `thrown` and fails the property right there (so fast-check shrinks it).
 */
async function attempt(parameters: VerifyWebhookParameters): Promise<Outcome> {
  try {
    await verifyWebhook(parameters)
    return { kind: 'accepted' }
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { kind: 'refused', error }
    figures.thrown++
    throw new Error(`verifyWebhook threw something other than WebhookVerificationError: ${error}`)
  }
}

/** One mutated delivery: must be refused, and its message must not leak the secret. */
async function expectRefused(
  label: string,
  parameters: VerifyWebhookParameters,
  leaks: readonly string[],
): Promise<void> {
  figures.mutationsTried++
  const outcome = await attempt(parameters)
  if (outcome.kind === 'accepted') {
    figures.accepted++
    throw new Error(`a mutated delivery was accepted (${label})`)
  }
  for (const leak of leaks) {
    if (leak.length >= 8) expect(outcome.error.message).not.toContain(leak)
  }
}

const secretArb = fc
  .oneof(
    fc.stringMatching(/^whsec_[A-Za-z0-9]{8,40}$/),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 90 }),
  )
  .filter((secret) => secret.trim() !== '')

/** A body as sent: raw bytes, JSON text (unicode included) or any unicode string. */
const bodyArb: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
)

const deliveryArb = fc.record({
  secret: secretArb,
  body: bodyArb,
  event: fc.constantFrom(...WEBHOOK_EVENTS),
  deliveryId: fc.uuid(),
  timestamp: fc.integer({ min: 0, max: 999_999_999_999 }),
  tolerance: fc.option(fc.integer({ min: 1, max: 3600 }), { nil: undefined }),
  /** Where in the window `now` sits, as a fraction of it from -1 to 1, plus sub-second ms. */
  skew: fc.double({ min: -1, max: 1, noNaN: true }),
  millis: fc.integer({ min: 0, max: 999 }),
})

type DeliveryInput = typeof deliveryArb extends fc.Arbitrary<infer T> ? T : never

type Delivery = {
  secret: string
  bytes: Uint8Array
  header: string
  signature: string
  timestamp: number
  now: () => number
  tolerance: number | undefined
}

async function signDelivery(input: DeliveryInput): Promise<Delivery> {
  const headers = await buildWebhookHeaders({
    secret: input.secret,
    event: input.event,
    deliveryId: input.deliveryId,
    body: input.body,
    timestamp: input.timestamp,
  })
  const header = headers[WEBHOOK_SIGNATURE_HEADER]
  const bytes = typeof input.body === 'string' ? encoder.encode(input.body) : input.body
  const signature = oracleSign(input.secret, String(input.timestamp), bytes)
  // The signer agrees with an independent HMAC: otherwise every property below proves nothing.
  expect(header).toBe(`t=${input.timestamp},v1=${signature}`)
  const window = input.tolerance ?? WEBHOOK_TOLERANCE_SECONDS
  const nowSeconds = input.timestamp + Math.trunc(input.skew * window)
  return {
    secret: input.secret,
    bytes,
    header,
    signature,
    timestamp: input.timestamp,
    now: () => nowSeconds * 1000 + input.millis,
    tolerance: input.tolerance,
  }
}

function params(delivery: Delivery, overrides: Partial<VerifyWebhookParameters> = {}) {
  return {
    body: delivery.bytes,
    header: delivery.header,
    secrets: delivery.secret,
    now: delivery.now,
    toleranceSeconds: delivery.tolerance,
    ...overrides,
  }
}

/** Picks used to place mutations; fast-check shrinks them with the rest. */
const picksArb = fc.array(fc.nat(), { minLength: 8, maxLength: 8 })
const extraBytesArb = fc.uint8Array({ minLength: 1, maxLength: 8 })

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function bodyMutations(bytes: Uint8Array, picks: number[], extra: Uint8Array) {
  const [a = 0, b = 0, c = 0, d = 0, e = 0] = picks
  const n = bytes.length
  const out: [string, Uint8Array][] = [
    ['append', concat(bytes, extra)],
    ['prepend', concat(extra, bytes)],
    ['insert', concat(bytes.subarray(0, c % (n + 1)), extra, bytes.subarray(c % (n + 1)))],
  ]
  if (n > 0) {
    const flipped = bytes.slice()
    const i = a % n
    flipped[i] = (flipped[i] ?? 0) ^ ((b % 255) + 1)
    out.push(['change a byte', flipped])
    out.push(['truncate', bytes.slice(0, d % n)])
    out.push(['delete a byte', concat(bytes.subarray(0, e % n), bytes.subarray((e % n) + 1))])
    // Every single-byte position, so a check that reads only part of the body cannot hide.
    if (n <= 64) {
      for (let j = 0; j < n; j++) {
        const copy = bytes.slice()
        copy[j] = (copy[j] ?? 0) ^ 0x80
        out.push([`flip the top bit of byte ${j}`, copy])
      }
    }
  }
  return out
}

describe('verifyWebhook properties: signed deliveries', () => {
  it(
    'accepts every untouched delivery, as bytes, ArrayBuffer or the original string',
    async () => {
      await fc.assert(
        fc.asyncProperty(deliveryArb, async (input) => {
          figures.runs++
          const delivery = await signDelivery(input)
          const bodies: VerifyWebhookParameters['body'][] = [
            delivery.bytes,
            delivery.bytes.slice().buffer,
            ...(typeof input.body === 'string' ? [input.body] : []),
          ]
          for (const body of bodies) {
            const result = await verifyWebhook(params(delivery, { body }))
            expect(result).toEqual({
              timestamp: input.timestamp,
              signature: delivery.signature,
              secretIndex: 0,
            })
          }
        }),
        { numRuns: scale(150) },
      )
    },
    TIMEOUT,
  )

  it(
    'never accepts a changed body: byte changes, truncation, appends, inserts, deletions',
    async () => {
      await fc.assert(
        fc.asyncProperty(deliveryArb, picksArb, extraBytesArb, async (input, picks, extra) => {
          figures.runs++
          const delivery = await signDelivery(input)
          for (const [label, body] of bodyMutations(delivery.bytes, picks, extra)) {
            await expectRefused(`body: ${label}`, params(delivery, { body }), [delivery.secret])
          }
          // A string body changed by one character (only when its UTF-8 bytes really differ).
          if (typeof input.body === 'string' && input.body.length > 0) {
            const chars = [...input.body]
            const i = (picks[5] ?? 0) % chars.length
            chars[i] = String.fromCodePoint(((chars[i]?.codePointAt(0) ?? 0) + 1) % 0x110000)
            const changed = chars.join('')
            if (Buffer.compare(encoder.encode(changed), delivery.bytes) !== 0) {
              await expectRefused(
                'body: a character changed',
                params(delivery, { body: changed }),
                [delivery.secret],
              )
            }
          }
        }),
        { numRuns: scale(150) },
      )
    },
    TIMEOUT,
  )

  it(
    'never accepts a changed signature header: any character of v1, truncation, appends',
    async () => {
      const appendArb = fc
        .string({ unit: 'binary', minLength: 1, maxLength: 6 })
        // A leading ',' (after optional spaces) starts a new item, which is ignored by design.
        .filter((tail) => tail.trim() !== '' && !tail.trimStart().startsWith(','))
      await fc.assert(
        fc.asyncProperty(deliveryArb, picksArb, appendArb, async (input, picks, tail) => {
          figures.runs++
          const delivery = await signDelivery(input)
          const { signature, header } = delivery
          const leaks = [delivery.secret]
          const bytes = Buffer.from(signature, 'base64')
          // Every position of v1 replaced by another character (base64 letters and others), and
          // the last data character by the letters differing only in its 2 unused bits.
          const replacements = `${BASE64}=-_.!~ \u00e9`
          const last = BASE64.indexOf(signature[42] ?? '') & ~3
          const edits: [number, string][] = [...BASE64.slice(last, last + 4)].map((letter) => [
            42,
            letter,
          ])
          for (let i = 0; i < signature.length; i++) {
            edits.push([i, replacements[((picks[0] ?? 0) + i) % replacements.length] ?? 'A'])
          }
          let equivalentSpellings = 0
          const seen = new Set<string>()
          for (const [i, replacement] of edits) {
            if (replacement === signature[i] || seen.has(`${i}:${replacement}`)) continue
            seen.add(`${i}:${replacement}`)
            const v1 = `${signature.slice(0, i)}${replacement}${signature.slice(i + 1)}`
            const variant = `t=${input.timestamp},v1=${v1}`
            const decoded = /^[A-Za-z0-9+/]{43}=$/.test(v1) ? Buffer.from(v1, 'base64') : undefined
            if (decoded?.equals(bytes)) {
              // Same 32 bytes spelled differently: by design accepted, and the canonical signature
              // is returned, which is what the caller dedupes on.
              equivalentSpellings++
              const result = await verifyWebhook(params(delivery, { header: variant }))
              expect(result.signature).toBe(signature)
              continue
            }
            await expectRefused(
              `v1[${i}] -> ${replacement}`,
              params(delivery, { header: variant }),
              [...leaks, signature],
            )
          }
          // Exactly the other 3 values of the 2 unused bits spell the same bytes.
          expect(equivalentSpellings).toBe(3)
          // Every truncation of the whole header.
          const cut = (picks[1] ?? 0) % header.length
          for (const length of new Set([cut, header.length - 1, header.length - 2, 0])) {
            await expectRefused(
              `header truncated to ${length}`,
              params(delivery, { header: header.slice(0, length) }),
              leaks,
            )
          }
          await expectRefused(
            `header + ${JSON.stringify(tail)}`,
            params(delivery, { header: header + tail }),
            leaks,
          )
          await expectRefused(
            'v1 key upper-cased',
            params(delivery, { header: header.replace('v1=', 'V1=') }),
            leaks,
          )
          await expectRefused(
            't key upper-cased',
            params(delivery, { header: header.replace('t=', 'T=') }),
            leaks,
          )
          await expectRefused(
            'v1 replaced by v0',
            params(delivery, { header: header.replace('v1=', 'v0=') }),
            leaks,
          )
        }),
        { numRuns: scale(150) },
      )
    },
    TIMEOUT,
  )

  it(
    'never accepts a changed timestamp, inside or outside the window',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          deliveryArb,
          fc.integer({ min: -5000, max: 5000 }).filter((delta) => delta !== 0),
          picksArb,
          async (input, delta, picks) => {
            figures.runs++
            const delivery = await signDelivery(input)
            const t = String(input.timestamp)
            const v1 = `v1=${delivery.signature}`
            const digit = (picks[0] ?? 0) % t.length
            const replaced = `${t.slice(0, digit)}${(Number(t[digit]) + 1 + ((picks[1] ?? 0) % 9)) % 10}${t.slice(digit + 1)}`
            const variants = [
              String(Math.max(0, input.timestamp + delta)),
              replaced,
              `0${t}`,
              `00${t}`,
              `${t}0`,
              t.slice(0, -1),
            ].filter((value) => value !== t && value !== '')
            for (const value of variants) {
              // Keep `now` next to the changed value so the window cannot be what refuses it.
              const at = /^\d{1,12}$/.test(value) ? Number(value) * 1000 : delivery.now()
              for (const now of [delivery.now, () => at]) {
                await expectRefused(
                  `t=${value}`,
                  params(delivery, { header: `t=${value},${v1}`, now }),
                  [delivery.secret],
                )
              }
            }
          },
        ),
        { numRuns: scale(150) },
      )
    },
    TIMEOUT,
  )

  it(
    'never accepts a different secret, and rotation accepts either secret but never a third',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          deliveryArb,
          secretArb,
          secretArb,
          picksArb,
          async (input, second, third, picks) => {
            figures.runs++
            const delivery = await signDelivery(input)
            const { secret } = delivery
            const chars = [...secret.trim()]
            const i = (picks[0] ?? 0) % chars.length
            const changed = [...chars]
            changed[i] = String.fromCodePoint(((chars[i]?.codePointAt(0) ?? 0) + 1) % 0x110000)
            const candidates = [
              changed.join(''),
              `${secret.trim()}x`,
              chars.slice(0, -1).join(''),
              secret.trim().toUpperCase(),
              second,
            ]
            for (const other of candidates) {
              if (!differentSecret(secret, other)) continue
              await expectRefused('another secret', params(delivery, { secrets: other }), [
                secret,
                other,
              ])
            }

            // Rotation: [current, previous] in either order accepts the signing secret, with its index.
            if (!differentSecret(secret, second)) return
            const forward = await verifyWebhook(params(delivery, { secrets: [secret, second] }))
            expect(forward.secretIndex).toBe(0)
            const backward = await verifyWebhook(params(delivery, { secrets: [second, secret] }))
            expect(backward.secretIndex).toBe(1)
            if (!differentSecret(secret, third) || !differentSecret(second, third)) return
            const signedByThird = `t=${input.timestamp},v1=${oracleSign(third, String(input.timestamp), delivery.bytes)}`
            await expectRefused(
              'a third secret during rotation',
              params(delivery, { header: signedByThird, secrets: [secret, second] }),
              [secret, second, third],
            )
            // And the third one itself does verify it, so the refusal above is about the secret.
            const own = await verifyWebhook(
              params(delivery, { header: signedByThird, secrets: third }),
            )
            expect(own.secretIndex).toBe(0)
          },
        ),
        { numRuns: scale(150) },
      )
    },
    TIMEOUT,
  )

  it(
    'signs neither X-Webhook-Id nor X-Webhook-Event: the signature depends on secret, t and body only',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          deliveryArb,
          fc.uuid(),
          fc.constantFrom(...WEBHOOK_EVENTS),
          async (input, id, event) => {
            figures.runs++
            const a = await buildWebhookHeaders({ ...input, timestamp: input.timestamp })
            const b = await buildWebhookHeaders({ ...input, deliveryId: id, event })
            expect(b[WEBHOOK_SIGNATURE_HEADER]).toBe(a[WEBHOOK_SIGNATURE_HEADER])
            expect(b['X-Webhook-Id']).toBe(id)
          },
        ),
        { numRuns: scale(50) },
      )
    },
    TIMEOUT,
  )
})

describe('verifyWebhook properties: garbage never escapes as an untyped error', () => {
  const validSignature = oracleSign('whsec_property', '1700000000', encoder.encode('{}'))
  const headerPiece = fc.oneof(
    fc.constantFrom(
      't',
      'v1',
      'v0',
      '=',
      ',',
      ' ',
      '==',
      '1700000000',
      validSignature,
      '\u0000',
      'é',
      '-',
    ),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.stringMatching(/^t=\d{0,14}$/),
    fc.stringMatching(/^v1=[A-Za-z0-9+/=_-]{0,46}$/),
  )
  const headerArb = fc.oneof(
    fc.array(headerPiece, { maxLength: 10 }).map((pieces) => pieces.join('')),
    fc.array(headerPiece, { maxLength: 6 }).map((pieces) => pieces.join(',')),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.anything(),
    fc.constant(new Headers({ [WEBHOOK_SIGNATURE_HEADER]: `t=1700000000,v1=${validSignature}` })),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.constantFrom(null, undefined, '', '  ', 'x'.repeat(100_000), ','.repeat(10_000)),
  )
  const bodyGarbage = fc.oneof(
    bodyArb,
    fc.anything(),
    fc.constantFrom(null, undefined, 0, {}, [], new DataView(new ArrayBuffer(4)), new Blob(['{}'])),
  )

  it(
    'with a valid configuration, any body and header give a result or a WebhookVerificationError',
    async () => {
      await fc.assert(
        fc.asyncProperty(bodyGarbage, headerArb, async (body, header) => {
          figures.runs++
          const outcome = await attempt({
            body: body as VerifyWebhookParameters['body'],
            header: header as string,
            secrets: 'whsec_property',
            now: () => 1_700_000_000_000,
          })
          if (outcome.kind === 'accepted') {
            // Only possible for the real signature over the real bytes: check it independently.
            const bytes =
              typeof body === 'string' ? encoder.encode(body) : new Uint8Array(body as ArrayBuffer)
            expect(header).toContain(oracleSign('whsec_property', '1700000000', bytes))
          } else {
            expect(outcome.error.message).not.toContain('whsec_property')
            expect(outcome.error.message).not.toContain(validSignature)
          }
        }),
        { numRuns: scale(400) },
      )
    },
    TIMEOUT,
  )

  it(
    'with any configuration, only WebhookVerificationError or (bad configuration) RampError',
    async () => {
      const secretsArb = fc.oneof(
        secretArb,
        fc.array(fc.oneof(secretArb, fc.anything()), { maxLength: 4 }),
        fc.anything(),
        fc.constantFrom('', '   ', [], [''], ['whsec_property', '']),
      )
      const toleranceArb = fc.oneof(
        fc.constant(undefined),
        fc.integer({ min: -10, max: 4000 }),
        fc.double(),
        fc.anything({ withNullPrototype: true }),
        fc.constantFrom(Object.create(null), { toString: 1 }, '300', [300], 300n),
      )
      const clockArb = fc.oneof(
        fc.constant(undefined),
        fc
          .oneof(fc.double(), fc.integer(), fc.string(), fc.constant(undefined))
          .map((value) => () => value as number),
      )
      await fc.assert(
        fc.asyncProperty(
          bodyGarbage,
          headerArb,
          secretsArb,
          toleranceArb,
          clockArb,
          async (body, header, secrets, toleranceSeconds, now) => {
            figures.runs++
            try {
              await verifyWebhook({
                body: body as VerifyWebhookParameters['body'],
                header: header as string,
                secrets: secrets as string,
                toleranceSeconds: toleranceSeconds as number,
                now,
              })
              // Resolving needs a real signature; garbage headers only carry the fixed one.
              expect(String(header)).toContain(validSignature)
            } catch (error) {
              if (!(error instanceof RampError)) {
                figures.thrown++
                throw error
              }
              // A plain RampError is only for configuration, never for what the sender controls.
              if (!(error instanceof WebhookVerificationError)) {
                expect(error.message).toMatch(/toleranceSeconds|clock passed as `now`/)
              }
            }
          },
        ),
        { numRuns: scale(400) },
      )
    },
    TIMEOUT,
  )

  it('the counters hold the invariants', () => {
    expect(figures.accepted).toBe(0)
    expect(figures.thrown).toBe(0)
    expect(figures.mutationsTried).toBeGreaterThan(0)
  })
})

describe('regressions found by these properties', () => {
  it('refuses a timestamp with leading zeros, though its number is the signed one', async () => {
    // Counterexample: t=0 signed, header sent as t=00 (and t=01700000000 for t=1700000000).
    for (const timestamp of [0, 1_700_000_000]) {
      const body = '{"order_id":"ord_1"}'
      const v1 = oracleSign('whsec_regression', String(timestamp), encoder.encode(body))
      const parameters = { body, secrets: 'whsec_regression', now: () => timestamp * 1000 }
      await expect(
        verifyWebhook({ ...parameters, header: `t=${timestamp},v1=${v1}` }),
      ).resolves.toMatchObject({ timestamp })
      const error = await verifyWebhook({
        ...parameters,
        header: `t=0${timestamp},v1=${v1}`,
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WebhookVerificationError)
      expect((error as WebhookVerificationError).reason).toBe('bad_timestamp')
    }
  })

  it('refuses a toleranceSeconds that cannot be printed with a RampError, not a TypeError', async () => {
    for (const toleranceSeconds of [Object.create(null), { toString: 1 }]) {
      const error = await verifyWebhook({
        body: '{}',
        header: 't=1,v1=x',
        secrets: 'whsec_regression',
        toleranceSeconds,
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(RampError)
      expect((error as Error).message).toMatch(/toleranceSeconds must be a number .* got object/)
    }
  })
})
