import { KIT_ROUTES, type WalletChallenge, type WalletProof } from '@rampkit/core'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOWED_ORIGIN,
  browser,
  type KitHarness,
  proveWallet,
  sandboxForFile,
  startKit,
  TRANSPORTS,
  WALLET,
  WALLET_KEY,
} from '../../test/kit.js'

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
