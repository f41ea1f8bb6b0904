/**
 * `@rampkit/core`: the ramp service, typed. This entry is safe for browsers: schemas, the
 * order lifecycle, the server kit's route table and order schemas, validation rules, units and errors. The API
 * client (which holds the secret key) lives at `@rampkit/core/client` and webhook signatures at
 * `@rampkit/core/webhooks`, entries the React package never imports. The kit's browser client
 * and query options live at `@rampkit/core/kit`, which carries no zod.
 */
export * from './checkout/index.js'
export * from './errors/index.js'
export * from './kit/routes.js'
export * from './kit/schemas.js'
export * from './orders/failureReason.js'
export * from './orders/lifecycle.js'
export * from './schemas/index.js'
export * from './units/index.js'
export * from './validation/index.js'
