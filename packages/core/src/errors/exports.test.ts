import { expect, it } from 'vitest'
import * as errors from './index.js'

it('the errors entry exports', () => {
  expect(Object.keys(errors).sort()).toMatchInlineSnapshot(`
    [
      "BadOrderTypeError",
      "BadRequestError",
      "ConfigurationError",
      "ConflictError",
      "CorridorNotConfiguredError",
      "ERROR_CODES",
      "EnvironmentMismatchError",
      "InsufficientAllowanceError",
      "InsufficientBalanceError",
      "KitConfigurationError",
      "NetworkError",
      "NotFoundError",
      "QuoteExpiredError",
      "REDACTED",
      "RampApiError",
      "RampError",
      "RampInputError",
      "RateLimitedError",
      "ServiceUnavailableError",
      "TimeoutError",
      "TokenEnvironmentError",
      "UnauthorizedError",
      "UnexpectedResponseError",
      "UnknownTokenError",
      "UpstreamUnavailableError",
      "ValidationError",
      "errorCodeEntry",
      "errorFromResponse",
      "parseRetryAfter",
      "redactDeep",
      "redactSecrets",
      "sanitizeCause",
      "toBaseUnitInteger",
      "toInputIssues",
    ]
  `)
})
