// What the main entry exports of the customer links (the engines' own live in their entries).
export { memoryCustomerLinks } from '../memory/customers.js'
export type {
  AttachCustomerParameters,
  ClaimCustomerLinkParameters,
  ClaimCustomerLinkResult,
  CustomerLink,
  CustomerLinks,
  LinkedCustomerType,
  SetCustomerStatusParameters,
} from './types.js'
