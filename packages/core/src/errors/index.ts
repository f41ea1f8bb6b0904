export {
  BadOrderTypeError,
  BadRequestError,
  ConflictError,
  CorridorNotConfiguredError,
  InsufficientAllowanceError,
  InsufficientBalanceError,
  NotFoundError,
  QuoteExpiredError,
  RampApiError,
  type RampApiErrorData,
  type RampApiErrorParameters,
  type RampErrorCode,
  RateLimitedError,
  ServiceUnavailableError,
  TokenEnvironmentError,
  toBaseUnitInteger,
  UnauthorizedError,
  UnknownTokenError,
  UpstreamUnavailableError,
  ValidationError,
} from './api.js'
export { RampError } from './base.js'
export {
  ConfigurationError,
  type ConfigurationErrorReason,
  EnvironmentMismatchError,
  NetworkError,
  RampInputError,
  type RampInputIssue,
  TimeoutError,
  UnexpectedResponseError,
} from './client.js'
export { ERROR_CODES, type ErrorCode, type ErrorCodeEntry, errorCodeEntry } from './codes.js'
export { type SchemaIssue, toInputIssues } from './issues.js'
export {
  KitConfigurationError,
  type KitConfigurationErrorParameters,
  type KitConfigurationReason,
} from './kit.js'
export { REDACTED, redactDeep, redactSecrets, sanitizeCause } from './redact.js'
export {
  type ErrorFromResponseOptions,
  errorFromResponse,
  parseRetryAfter,
  type ResponseLike,
} from './response.js'
