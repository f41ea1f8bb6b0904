// The module the README's Hono snippet imports `fulfil` from: the app's own, here its helpers'.
export { fulfil } from './partner.js'
