import type { RampClient, RampEnvironment } from '@rampkit/core/client'
import type { BaseUrlForm } from './checks/base-url.js'
import type { KeyPrefixResult } from './checks/key-prefix.js'
import type { DoctorKitSettings } from './checks/production.js'

/** `pass` is ✓, `fail` is ✗ (and fails the run), `skip` did not run (a check before it failed). */
export type DoctorCheckStatus = 'pass' | 'fail' | 'skip'

/** One line of the doctor's report. */
export type DoctorCheck = {
  /** Stable name for programs (`key.accepted`, `discovery.catalog`, …). */
  id: string
  title: string
  status: DoctorCheckStatus
  /** What was seen, one line. */
  detail: string
  /** What to do about a ✗ (or why a check was skipped). */
  fix?: string | undefined
  /** Further lines: the corridors and rails, fields of a drift. */
  lines?: string[] | undefined
  durationMs: number
}

export type DoctorReport = {
  /** True when no check failed. */
  ok: boolean
  environment: RampEnvironment | null
  /** The base address as given, without credentials, query or fragment. */
  baseUrl: string | null
  summary: { passed: number; failed: number; skipped: number }
  checks: DoctorCheck[]
}

export type RunDoctorParameters = {
  apiKey?: string | undefined
  baseUrl?: string | undefined
  webhookSecret?: string | undefined
  /** The partner's mounted kit webhook route, to send a signed and a forged delivery to. */
  webhookUrl?: string | undefined
  /**
   * The kit's configuration, checked for production (secrets, customer mode, a shared store,
   * origins, client addresses, the webhook URL): `kitSettings(options, …)` of the options your
   * app passes `createRampHandler`, or `--production` (from the environment).
   */
  kit?: DoctorKitSettings | undefined
  /** Place one sandbox order with the documented success test values, to settled. */
  order?: boolean | undefined
  /** Wallet the `--order` on-ramp pays out to. */
  wallet?: string | undefined
  /** Longest wait for the `--order` order to settle, ms. Default 90 000. */
  orderTimeoutMs?: number | undefined
  /** Between backup GETs of the order, ms. Default 1 000. */
  pollIntervalMs?: number | undefined
  /** One request's timeout, ms. Default 10 000. */
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
  /** Called when a check ends, in order (for a streaming display). */
  onCheck?: ((check: DoctorCheck) => void) | undefined
  /** Called during slow checks with what is happening now. */
  onProgress?: ((message: string) => void) | undefined
}

/** A check as a check module reports it; the runner adds its duration. */
export type CheckResult = Omit<DoctorCheck, 'durationMs'>

/**
 * What the runner hands each check: the parameters, the first two checks' findings, the client
 * (when the key and address allow one), and how to report. Every string reported is redacted
 * of the key and the webhook secret by `add`.
 */
export type DoctorRun = {
  parameters: RunDoctorParameters
  fetch: typeof fetch
  /** One request's timeout, ms. */
  timeoutMs: number
  base: BaseUrlForm
  key: KeyPrefixResult
  /** A client on the key and the usable address, when both passed. */
  client: RampClient | undefined
  /** The `data` of the last raw answer on `path`, as the service sent it (for drift). */
  rawData(path: string): unknown
  add(check: CheckResult, started: number): DoctorCheck
  skip(id: string, title: string, reason: string): DoctorCheck
  progress(message: string): void
}

/** What the key check learned: whether the key was taken, and the catalog read with it. */
export type KeyFindings = {
  accepted: boolean
  catalog: { data?: unknown; error?: unknown }
}
