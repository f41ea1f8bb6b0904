/**
 * One code of an error answer: the HTTP status it comes with, who sends it (the server kit
 * itself, or the service with the kit passing it on), what it means and what to do. Written
 * for the developer, never shown to a shopper as it stands.
 */
export type ErrorCodeEntry = {
  /** The HTTP status the answer carries. */
  status: number
  /** `kit`: the server kit answers it itself; `service`: the service's code, passed on. */
  source: 'kit' | 'service'
  /** What happened, one sentence. */
  meaning: string
  /** What to do about it, one or two sentences. */
  fix: string
}

/**
 * Every `data.code` an answer of the server kit can carry, with its meaning and its fix: the
 * one source of the error reference (`apps/docs/pages/reference/errors.md`, generated from it)
 * and of the developer messages the kit client logs. A test reads the server kit's sources and
 * fails on a code this table lacks.
 *
 * @example
 * import { ERROR_CODES } from '@rampkit/core/errors'
 * const entry = ERROR_CODES[error.code as ErrorCode] // { status, meaning, fix, source }
 */
export const ERROR_CODES = {
  configuration_error: {
    status: 503,
    source: 'kit',
    meaning:
      'A setting the kit needs is not set: every request is refused (apiKey, baseUrl, webhookSecret, sessionSecret with a production key), or, in production, the customer routes and vault quotes are (no customerRefSecret nor sessionSecret).',
    fix: 'Read the kit’s log line: it names the option and its environment variable (RAMP_API_KEY, RAMP_BASE_URL, RAMP_WEBHOOK_SECRET, SESSION_SECRET, CUSTOMER_REF_SECRET). Set it in the server’s environment and restart. `rampkit doctor` checks them before you deploy.',
  },
  route_not_found: {
    status: 404,
    source: 'kit',
    meaning:
      'The request reached the kit but matches none of its routes: the browser’s endpoint and the path the kit is mounted on (`basePath`, or `app.route(...)`) disagree, or the widget is newer than the server kit.',
    fix: 'Give `RampKitProvider` the endpoint the kit is mounted on (`data.base_path`, also in the kit’s log line), or set `basePath` to the route’s folder (`/api/ramp` for `app/api/ramp/[[...route]]/route.ts`). Install the same version of @rampkit/server and @rampkit/react.',
  },
  origin_not_allowed: {
    status: 403,
    source: 'kit',
    meaning:
      'A write (or the wallet check) came from a page whose origin is neither the kit’s own nor in `allowedOrigins`.',
    fix: 'Add the page’s origin (`https://shop.example`, no path) to `allowedOrigins` (APP_ORIGIN in the examples). Behind a proxy that rewrites Host, set `trustProxy`. The kit logs each refused origin once with the origins it allows.',
  },
  wallet_proof_not_configured: {
    status: 503,
    source: 'kit',
    meaning:
      'In production the wallet check needs the origins a wallet signs for, and the kit has none.',
    fix: 'Set `allowedOrigins` to your app’s origins (APP_ORIGIN).',
  },
  wallet_not_proven: {
    status: 403,
    source: 'kit',
    meaning: 'A sale names a wallet this session has not proven it holds.',
    fix: 'The widget asks the shopper to sign in with the wallet first; a custom UI calls the wallet challenge and proof routes before the sale.',
  },
  challenge_invalid: {
    status: 403,
    source: 'kit',
    meaning: 'The signed wallet-check message is not the one the kit issued, or it expired.',
    fix: 'Ask for a new challenge and sign it unchanged.',
  },
  signature_invalid: {
    status: 403,
    source: 'kit',
    meaning: 'The wallet check’s signature is not the wallet’s.',
    fix: 'Sign the challenge with the wallet named in it; for a smart-contract wallet pass `walletProof.publicClients`.',
  },
  challenge_expired: {
    status: 422,
    source: 'kit',
    meaning: 'The signing-key enrollment challenge expired or was already used.',
    fix: 'Ask for a new challenge.',
  },
  signer_not_enrolled: {
    status: 422,
    source: 'kit',
    meaning:
      'With signed accepts on, the accept carries no signature, or one from a wallet the user did not enroll or prove.',
    fix: 'Enroll the user’s wallet (POST /signing-keys/challenge, /signing-keys/complete) and sign the quote’s typed data with it.',
  },
  signed_accepts_off: {
    status: 404,
    source: 'kit',
    meaning: 'A signing-key route was called while signed accepts are off for this kit.',
    fix: 'Turn on `signedAccepts` in the kit when “Signed accepts” is on for your key in the service’s Console; otherwise do not call these routes.',
  },
  customer_required: {
    status: 409,
    source: 'kit',
    meaning: 'Signed accepts need the user’s verified vault customer, and the user has none yet.',
    fix: 'Let the user complete verification (the widget’s identity step, or the customer routes) first.',
  },
  customer_not_started: {
    status: 409,
    source: 'kit',
    meaning: 'A document or submit came before the user’s details were saved.',
    fix: 'Save the profile (POST /customer) before uploading documents or submitting.',
  },
  customer_not_verified: {
    status: 403,
    source: 'kit',
    meaning: 'The kit quotes by vault customer and this user’s customer is not approved.',
    fix: 'The widget’s identity step takes the user through verification; a custom UI uses the customer routes. In a sandbox, `customerMode: "inline"` skips it.',
  },
  too_many_streams: {
    status: 429,
    source: 'kit',
    meaning: 'This user or address holds as many live-status streams as `streamLimits` allows.',
    fix: 'Close streams a page no longer shows; raise `streamLimits` only for a known reason (clients behind one NAT).',
  },
  bad_order_type: {
    status: 400,
    source: 'service',
    meaning: 'The order type is not one the service knows.',
    fix: 'Send `OnRamp` or `OffRamp`.',
  },
  unknown_token: {
    status: 400,
    source: 'service',
    meaning: 'The service does not know the token.',
    fix: 'Pick a token from GET /tokens of this environment.',
  },
  token_env_mismatch: {
    status: 400,
    source: 'service',
    meaning: 'The token is not configured for this environment (a testnet token in production).',
    fix: 'Use the tokens GET /tokens lists for the key’s environment.',
  },
  insufficient_allowance: {
    status: 400,
    source: 'service',
    meaning: 'A sale’s ERC-20 allowance to the spender is below the amount (`data.required`).',
    fix: 'Approve at least `data.required` base units; the widget asks for exactly that.',
  },
  insufficient_balance: {
    status: 400,
    source: 'service',
    meaning: 'The wallet holds fewer tokens than the sale (`data.required`, `data.current`).',
    fix: 'Sell less or fund the wallet.',
  },
  package_incomplete: {
    status: 422,
    source: 'service',
    meaning:
      'A customer’s verification was submitted (POST /customer/submit) before every detail and document the service requires was given; `data.field` names the first one missing when the service says.',
    fix: 'Save the missing details (POST /customer) or upload the missing document (POST /customer/documents), then submit again; the widget’s identity step asks for each before it submits.',
  },
} as const satisfies Record<string, ErrorCodeEntry>

/** A code of {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES

/**
 * The table's entry for `code`, or undefined for a code it does not list (the service may add
 * codes: they pass through unknown).
 *
 * @example
 * errorCodeEntry('origin_not_allowed')?.fix
 */
export function errorCodeEntry(code: string | undefined): ErrorCodeEntry | undefined {
  if (code === undefined || !Object.hasOwn(ERROR_CODES, code)) return undefined
  return ERROR_CODES[code as ErrorCode]
}
