// The module the server README's Hono snippet imports `fulfil` from: the app's own.
export { fulfil } from './partner.js'
