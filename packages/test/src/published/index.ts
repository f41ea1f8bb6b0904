// The service's published shapes with rampkit's own values (`@rampkit/test/published`): what
// core's client and schemas are tested against, and what the server kit, the sandbox and the
// widget replay, so every package reads the same published examples.
export * from './accounts.js'
export * from './catalog.js'
export * from './customers.js'
export * from './quotes.js'
export * from './signingKeys.js'
export * from './webhooks.js'
