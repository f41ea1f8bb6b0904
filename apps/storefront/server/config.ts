import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

/** A test account of the local chain. Sandbox-only keys: fine to hand to the demo's browser. */
export interface DemoAccount {
  address: `0x${string}`
  privateKey: `0x${string}`
}

/** A token the sandbox deployed on the local chain. */
export interface DemoToken {
  symbol: string
  label: string
  address: `0x${string}`
  decimals: number
}

/** What the wallet panel needs to talk to the local chain. Never holds the API key. */
export interface DemoChain {
  rpcUrl: string
  chainId: number
  spender: `0x${string}` | null
  tokens: DemoToken[]
  testAccounts: DemoAccount[]
}

export interface ShopConfig {
  port: number
  host: string
  apiKey: string
  baseUrl: string
  webhookSecret: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  dataDir: string
  distDir: string
  /** A JSON file with the local chain (`DemoChain`), written by `pnpm demo` once it is up. */
  chainFile: string | null
  /**
   * How quotes name the shopper (the kit's `customerMode`): `vault` (RAMP_CUSTOMER_MODE's
   * default), a verified vault customer after KYC in the widget; `inline`, the deprecated
   * inline customer without KYC.
   */
  customerMode: 'vault' | 'inline'
  /**
   * Customer-signed accepts (the kit's `signedAccepts`, RAMP_SIGNED_ACCEPTS=1): the shopper's
   * wallet is enrolled once and signs each order. The demo's sandbox turns them on for its key
   * too; against the service, set "Signed accepts" on the key in its Console.
   */
  signedAccepts: boolean
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim()
  if (!value) throw new Error(`Set ${name} (pnpm demo sets it for you).`)
  return value
}

/**
 * The storefront's settings, all from the environment so that pointing the shop at another
 * ramp environment is a change of variables only.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    apiKey: required(env, 'RAMP_API_KEY'),
    baseUrl: required(env, 'RAMP_BASE_URL'),
    webhookSecret: required(env, 'RAMP_WEBHOOK_SECRET'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    dataDir: resolve(env.RAMP_DATA_DIR ?? './.data'),
    distDir: resolve(env.STOREFRONT_DIST ?? './dist'),
    chainFile: env.RAMP_DEMO_CHAIN_FILE || null,
    customerMode: customerMode(env.RAMP_CUSTOMER_MODE),
    signedAccepts: flag('RAMP_SIGNED_ACCEPTS', env.RAMP_SIGNED_ACCEPTS),
  }
}

/** An on/off variable: 1 or true, 0 or false, unset is off; anything else is refused. */
export function flag(name: string, value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '1' || text === 'true') return true
  if (text === '' || text === '0' || text === 'false') return false
  throw new Error(`${name} is 1 or 0, not ${JSON.stringify(value)}.`)
}

function customerMode(value: string | undefined): 'vault' | 'inline' {
  const mode = value?.trim() || 'vault'
  if (mode !== 'vault' && mode !== 'inline') {
    throw new Error(`RAMP_CUSTOMER_MODE is vault or inline, not ${JSON.stringify(value)}.`)
  }
  return mode
}

/** The local chain from `pnpm demo`'s file, read once it exists; always null without a file. */
export function demoChain(file: string | null): () => Promise<DemoChain | null> {
  let chain: DemoChain | null = null
  return async () => {
    if (!file || chain) return chain
    try {
      chain = JSON.parse(await readFile(file, 'utf8')) as DemoChain
    } catch {
      // Not written yet: the sandbox is still starting.
    }
    return chain
  }
}
