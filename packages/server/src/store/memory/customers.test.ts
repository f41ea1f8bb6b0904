import { customerLinksContract } from '../../../test/customer-store-contracts.js'
import { memoryCustomerLinks } from './customers.js'
import { memoryStore } from './store.js'

customerLinksContract('memory', async () => memoryCustomerLinks())
customerLinksContract('memoryStore().customerLinks', async () => memoryStore().customerLinks!)
