import { KIT_ROUTES, type WalletChallenge, type WalletProof } from '@rampkit/core/kit'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ALLOWED_ORIGIN,
  browser,
  directSale,
  type KitHarness,
  LIVE_KEY,
  proveWallet,
  rawRequest,
  SESSION_SECRET,
  sandboxForFile,
  startKit,
  TRANSPORTS,
  WALLET,
  WALLET_KEY,
} from '../../test/kit.js'
import { createRampHandler } from '../handler.js'
import { memoryStore } from '../store/memory/store.js'

const sandbox = sandboxForFile('wallets')

type Body<T> = { status: string; message: string; data: T }

describe.each(TRANSPORTS)('wallet proof through %s', (transport) => {
  let kit: KitHarness
  const keyIndex = transport === 'http' ? 1 : 0
  beforeAll(async () => {
    kit = await startKit(sandbox, transport, { keyIndex })
  })
  afterAll(() => kit?.close())

  it('issues an EIP-4361 message for the page’s domain with a fresh nonce and a short expiry', async () => {
    const amina = browser(kit)
    const res = await amina.post(KIT_ROUTES.walletChallenge, { address: WALLET, chain_id: 31337 })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { data } = await amina.json<Body<WalletChallenge>>(res)
    const message = parseSiweMessage(data.message)
    expect(message).toMatchObject({
      address: WALLET,
      chainId: 31337,
      domain: new URL(ALLOWED_ORIGIN).host,
      uri: ALLOWED_ORIGIN,
      version: '1',
    })
    const lifetime = message.expirationTime!.getTime() - message.issuedAt!.getTime()
    expect(lifetime).toBe(5 * 60 * 1000)
    expect(data.expires_at).toBe(message.expirationTime!.toISOString())
    const again = await amina.post(KIT_ROUTES.walletChallenge, { address: WALLET, chain_id: 31337 })
    const second = parseSiweMessage((await amina.json<Body<WalletChallenge>>(again)).data.message)
    expect(second.nonce).not.toBe(message.nonce)
  })

  it('binds the session to a wallet it signed for, and only that session', async () => {
    const amina = browser(kit)
    const before = await amina.get(`${KIT_ROUTES.walletProofs}/${WALLET}`)
    expect((await amina.json<Body<WalletProof>>(before)).data).toEqual({
      address: WALLET,
      proven: false,
      expires_at: null,
      chain_id: 31337,
    })
    const proof = await proveWallet(amina)
    expect(proof.status).toBe(201)
    const proven = (await amina.json<Body<WalletProof>>(proof)).data
    expect(proven).toMatchObject({ address: WALLET, proven: true })
    // Lower-case and checksummed spellings name one wallet.
    const read = await amina.get(`${KIT_ROUTES.walletProofs}/${WALLET.toLowerCase()}`)
    expect((await amina.json<Body<WalletProof>>(read)).data).toEqual(proven)

    const other = browser(kit)
    const theirs = await other.get(`${KIT_ROUTES.walletProofs}/${WALLET}`)
    expect((await other.json<Body<WalletProof>>(theirs)).data.proven).toBe(false)
  })

  it('refuses a signature by another wallet, and the nonce is spent either way', async () => {
    const amina = browser(kit)
    const challenge = await amina.post(KIT_ROUTES.walletChallenge, {
      address: WALLET,
      chain_id: 31337,
    })
    const { message } = (await amina.json<Body<WalletChallenge>>(challenge)).data
    const impostor = privateKeyToAccount(generatePrivateKey())
    const forged = await amina.post(KIT_ROUTES.walletProofs, {
      message,
      signature: await impostor.signMessage({ message }),
    })
    expect(forged.status).toBe(403)
    expect((await amina.json(forged)).data).toEqual({
      field: 'signature',
      code: 'signature_invalid',
    })
    // The right signature of the same, now spent, message is refused too.
    const late = await amina.post(KIT_ROUTES.walletProofs, {
      message,
      signature: await privateKeyToAccount(WALLET_KEY).signMessage({ message }),
    })
    expect(late.status).toBe(403)
    expect((await amina.json(late)).data).toEqual({ field: 'message', code: 'challenge_invalid' })
    const read = await amina.get(`${KIT_ROUTES.walletProofs}/${WALLET}`)
    expect((await amina.json<Body<WalletProof>>(read)).data.proven).toBe(false)
  })

  it('refuses a replayed proof, another session’s challenge, and an edited message', async () => {
    const amina = browser(kit)
    const account = privateKeyToAccount(WALLET_KEY)
    const challenge = await amina.post(KIT_ROUTES.walletChallenge, {
      address: WALLET,
      chain_id: 31337,
    })
    const { message } = (await amina.json<Body<WalletChallenge>>(challenge)).data
    const signature = await account.signMessage({ message })

    // Someone who captured both cannot use them from their own session...
    const thief = browser(kit)
    const stolen = await thief.post(KIT_ROUTES.walletProofs, { message, signature })
    expect(stolen.status).toBe(403)
    expect((await thief.json(stolen)).data).toEqual({ field: 'message', code: 'challenge_invalid' })
    // ...nor edit the text, even with a valid signature of the edit.
    const edited = message.replace('costs nothing', 'costs nothing at all')
    const tampered = await amina.post(KIT_ROUTES.walletProofs, {
      message: edited,
      signature: await account.signMessage({ message: edited }),
    })
    expect(tampered.status).toBe(403)

    // The edit spent the nonce: a fresh challenge works, once.
    const fresh = await amina.post(KIT_ROUTES.walletChallenge, { address: WALLET, chain_id: 31337 })
    const next = (await amina.json<Body<WalletChallenge>>(fresh)).data.message
    const nextSignature = await account.signMessage({ message: next })
    expect(
      (await amina.post(KIT_ROUTES.walletProofs, { message: next, signature: nextSignature }))
        .status,
    ).toBe(201)
    const replay = await amina.post(KIT_ROUTES.walletProofs, {
      message: next,
      signature: nextSignature,
    })
    expect(replay.status).toBe(403)
    const theirs = await thief.get(`${KIT_ROUTES.walletProofs}/${WALLET}`)
    expect((await thief.json<Body<WalletProof>>(theirs)).data.proven).toBe(false)
  })

  it.each([
    [{ address: WALLET, chain_id: 31337, signal: 'x' }, 'signal'],
    [{ address: '0x1234', chain_id: 31337 }, 'address'],
    [{ address: WALLET.replace('C8', 'c8'), chain_id: 31337 }, 'address'],
    [{ chain_id: 31337 }, 'address'],
    [{ address: WALLET, chain_id: 0 }, 'chain_id'],
    [{ address: WALLET, chain_id: '31337' }, 'chain_id'],
    [{ address: WALLET, chain_id: 1.5 }, 'chain_id'],
  ])('answers a bad challenge request %j with 422 naming %s', async (body, field) => {
    const amina = browser(kit)
    const res = await amina.post(KIT_ROUTES.walletChallenge, body)
    expect(res.status).toBe(422)
    expect((await amina.json(res)).data).toEqual({ field })
  })

  it.each([
    [{ message: 'hello', signature: '0x12', extra: true }, 'extra'],
    [{ signature: '0x12' }, 'message'],
    [{ message: 'x'.repeat(2001), signature: '0x12' }, 'message'],
    [{ message: 'hello', signature: 'not hex' }, 'signature'],
    [{ message: 'hello', signature: 42 }, 'signature'],
  ])('answers a bad proof %j with 422 naming %s', async (body, field) => {
    const amina = browser(kit)
    const res = await amina.post(KIT_ROUTES.walletProofs, body)
    expect(res.status).toBe(422)
    expect((await amina.json(res)).data).toEqual({ field })
  })

  it('answers a message that is not a wallet check with 403, never 5xx', async () => {
    const amina = browser(kit)
    const res = await amina.post(KIT_ROUTES.walletProofs, {
      message: 'example.com wants you to sign in\n\nNonce: abcdefgh1234',
      signature: `0x${'ab'.repeat(65)}`,
    })
    expect(res.status).toBe(403)
  })

  it('refuses a challenge from a page that is not allowed', async () => {
    const evil = browser(kit, 'https://evil.example')
    const res = await evil.post(KIT_ROUTES.walletChallenge, { address: WALLET, chain_id: 31337 })
    expect(res.status).toBe(403)
  })
})

describe('wallet proof lifetimes and verification on chain', () => {
  it('refuses a challenge signed after it expired', async () => {
    const kit = await startKit(sandbox, 'app.request', { walletProof: { challengeTtlMs: 1 } })
    try {
      const amina = browser(kit)
      const challenge = await amina.post(KIT_ROUTES.walletChallenge, {
        address: WALLET,
        chain_id: 31337,
      })
      const { message } = (await amina.json<Body<WalletChallenge>>(challenge)).data
      const signature = await privateKeyToAccount(WALLET_KEY).signMessage({ message })
      await new Promise((resolve) => setTimeout(resolve, 20))
      const res = await amina.post(KIT_ROUTES.walletProofs, { message, signature })
      expect(res.status).toBe(403)
      expect((await amina.json(res)).data).toEqual({ field: 'message', code: 'challenge_invalid' })
    } finally {
      await kit.close()
    }
  })

  it.each(['a record', 'a function'])(
    'verifies through viem’s verifySiweMessage on the chain when given a public client by %s',
    async (form) => {
      const chain = sandbox.chain!
      const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
      const chainId = await publicClient.getChainId()
      let asked = 0
      const kit = await startKit(sandbox, 'http', {
        pointWebhooks: false,
        walletProof: {
          publicClients:
            form === 'a record'
              ? { [chainId]: publicClient }
              : async (id) => {
                  asked++
                  return id === chainId ? publicClient : null
                },
        },
      })
      try {
        const amina = browser(kit)
        const holder = chain.testAccounts[3]!
        const proof = await proveWallet(amina, holder.privateKey, chainId)
        expect(proof.status).toBe(201)
        expect((await amina.json<Body<WalletProof>>(proof)).data.address).toBe(holder.address)

        // The same client refuses a signature by another account.
        const challenge = await amina.post(KIT_ROUTES.walletChallenge, {
          address: holder.address,
          chain_id: chainId,
        })
        const { message } = (await amina.json<Body<WalletChallenge>>(challenge)).data
        const forged = await amina.post(KIT_ROUTES.walletProofs, {
          message,
          signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message }),
        })
        expect(forged.status).toBe(403)
        if (form === 'a function') expect(asked).toBe(2)
      } finally {
        await kit.close()
      }
    },
  )
})

describe('the app a wallet proof names', () => {
  const challengeBody = { address: WALLET, chain_id: 31337 }

  it.each([
    ['a forged Host', false, { host: 'evil.example', origin: 'http://evil.example' }],
    [
      'a forged X-Forwarded-Host',
      true,
      {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        origin: 'https://evil.example',
      },
    ],
    [
      'a forged first X-Forwarded-Host entry',
      true,
      { 'x-forwarded-host': 'evil.example, evil.example', origin: 'http://evil.example' },
    ],
    [
      'a forged Forwarded',
      true,
      { forwarded: 'host=evil.example;proto=https', origin: 'https://evil.example' },
    ],
  ] as const)(
    'refuses a challenge asked with %s and a matching Origin (trustProxy %s): 403, nothing issued',
    async (_, trustProxy, headers) => {
      const kit = await startKit(sandbox, 'http', { pointWebhooks: false, trustProxy })
      try {
        const res = await rawRequest(kit.url, KIT_ROUTES.walletChallenge, {
          headers,
          body: challengeBody,
        })
        expect(res.status).toBe(403)
        expect(res.body.data).toEqual({ code: 'origin_not_allowed' })
        expect(JSON.stringify(res.body)).not.toContain('evil.example')
      } finally {
        await kit.close()
      }
    },
  )

  it('names the configured app whatever Host and X-Forwarded-Host say', async () => {
    const kit = await startKit(sandbox, 'http', { pointWebhooks: false, trustProxy: true })
    try {
      const res = await rawRequest(kit.url, KIT_ROUTES.walletChallenge, {
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          origin: ALLOWED_ORIGIN,
        },
        body: challengeBody,
      })
      expect(res.status).toBe(201)
      const message = parseSiweMessage(String(res.body.data?.message))
      expect(message).toMatchObject({ domain: 'shop.example', uri: ALLOWED_ORIGIN })
      expect(String(res.body.data?.message)).not.toContain('evil.example')
    } finally {
      await kit.close()
    }
  })

  it('in production without configured origins, refuses to run and says what to set', async () => {
    const kit = createRampHandler({
      apiKey: LIVE_KEY,
      baseUrl: sandbox.url,
      webhookSecret: sandbox.webhookSecret,
      sessionSecret: SESSION_SECRET,
      logger: false,
      worker: false,
    })
    try {
      const res = await kit.request(`http://127.0.0.1${KIT_ROUTES.walletChallenge}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
        body: JSON.stringify(challengeBody),
      })
      expect(res.status).toBe(503)
      const body = (await res.json()) as Body<unknown>
      expect(body.data).toEqual({ code: 'wallet_proof_not_configured' })
      expect(body.message).toContain('allowedOrigins')
    } finally {
      await kit.ramp.close()
    }
  })

  it('under NODE_ENV=production without configured origins, refuses as well', async () => {
    const kit = await startKit(sandbox, 'app.request', { pointWebhooks: false, allowedOrigins: [] })
    vi.stubEnv('NODE_ENV', 'production')
    try {
      const res = await browser(kit, kit.origin).post(KIT_ROUTES.walletChallenge, challengeBody)
      expect(res.status).toBe(503)
    } finally {
      vi.unstubAllEnvs()
      await kit.close()
    }
  })

  it('in development without configured origins, serves loopback pages only', async () => {
    const kit = await startKit(sandbox, 'http', { pointWebhooks: false, allowedOrigins: [] })
    try {
      const local = browser(kit, kit.origin)
      const res = await local.post(KIT_ROUTES.walletChallenge, challengeBody)
      expect(res.status).toBe(201)
      const { message } = (await local.json<Body<WalletChallenge>>(res)).data
      expect(parseSiweMessage(message)).toMatchObject({
        domain: new URL(kit.url).host,
        uri: kit.url,
      })
      // Same-origin by its own Host, so past the write guard, but not a loopback page.
      const forged = await rawRequest(kit.url, KIT_ROUTES.walletChallenge, {
        headers: { host: 'evil.example', origin: 'http://evil.example' },
        body: challengeBody,
      })
      expect(forged.status).toBe(403)
      expect(forged.body.data).toEqual({ code: 'origin_not_allowed' })
    } finally {
      await kit.close()
    }
  })

  it('checks a proof’s domain and URI against the origins configured when it is verified', async () => {
    const store = memoryStore()
    const before = await startKit(sandbox, 'app.request', { pointWebhooks: false, store })
    const after = await startKit(sandbox, 'app.request', {
      pointWebhooks: false,
      store,
      allowedOrigins: ['https://other.example'],
    })
    try {
      const amina = browser(before)
      const challenge = await amina.post(KIT_ROUTES.walletChallenge, challengeBody)
      const { message } = (await amina.json<Body<WalletChallenge>>(challenge)).data
      const signature = await privateKeyToAccount(WALLET_KEY).signMessage({ message })
      const moved = browser(after, 'https://other.example')
      moved.cookie = amina.cookie
      const res = await moved.post(KIT_ROUTES.walletProofs, { message, signature })
      expect(res.status).toBe(403)
      expect((await moved.json(res)).data).toEqual({ field: 'message', code: 'challenge_invalid' })
    } finally {
      await before.close()
      await after.close()
    }
  })
})

describe('challenge nonces', () => {
  it('are 128 random bits each: two challenges share no structure, and each is used once', async () => {
    const kit = await startKit(sandbox, 'app.request', { pointWebhooks: false })
    try {
      const amina = browser(kit)
      const nonces: string[] = []
      for (let i = 0; i < 2; i++) {
        const res = await amina.post(KIT_ROUTES.walletChallenge, {
          address: WALLET,
          chain_id: 31337,
        })
        const { message } = (await amina.json<Body<WalletChallenge>>(res)).data
        nonces.push(parseSiweMessage(message).nonce!)
      }
      const [a, b] = nonces as [string, string]
      expect(a).toMatch(/^[0-9a-f]{32}$/)
      expect(b).toMatch(/^[0-9a-f]{32}$/)
      // A shifted buffer shares all but one character; 128 random bits share no 8 in a row
      // (odds about 1 in 7 million).
      const shared = Array.from({ length: a.length - 7 }, (_, i) => a.slice(i, i + 8)).filter(
        (piece) => b.includes(piece),
      )
      expect(shared).toEqual([])
    } finally {
      await kit.close()
    }
  })
})

describe('a proof and its chain', () => {
  it('counts on the chain it was signed on only: a sale on another chain asks again', async () => {
    const kit = await startKit(sandbox, 'app.request', { pointWebhooks: false })
    try {
      const chain = sandbox.chain!
      const chainId = await createPublicClient({ transport: http(chain.rpcUrl) }).getChainId()
      const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!
      const amina = browser(kit)
      // Proven on chain 1 (an ECDSA signature verifies on any chain)...
      expect((await proveWallet(amina, WALLET_KEY, 1)).status).toBe(201)
      const on = (id?: number) =>
        amina.get(`${KIT_ROUTES.walletProofs}/${WALLET}${id ? `?chain_id=${id}` : ''}`)
      expect((await amina.json<Body<WalletProof>>(await on(1))).data).toMatchObject({
        proven: true,
        chain_id: 1,
      })
      expect((await amina.json<Body<WalletProof>>(await on())).data).toMatchObject({
        proven: false,
        chain_id: chainId,
      })
      // ...a sale of the sandbox's token (its chain) is refused before the service.
      const sale = directSale(WALLET, usdc.address)
      const creates = kit.upstreamCount('/orders/create')
      const res = await amina.post(KIT_ROUTES.orders, sale)
      expect(res.status).toBe(403)
      expect((await amina.json(res)).data).toEqual({
        field: 'user_address',
        code: 'wallet_not_proven',
      })
      expect(kit.upstreamCount('/orders/create')).toBe(creates)
      // Proven on the sale's chain, it goes through.
      expect((await proveWallet(amina, WALLET_KEY, chainId)).status).toBe(201)
      expect((await amina.json<Body<WalletProof>>(await on())).data.proven).toBe(true)
    } finally {
      await kit.close()
    }
  })
})
