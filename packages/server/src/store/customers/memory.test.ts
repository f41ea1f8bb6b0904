import { memoryStore } from '../memory/store.js'
import { memoryCustomerLinks } from './memory.js'
import { customerLinksContract } from './testing.js'

customerLinksContract('memory', async () => memoryCustomerLinks())
customerLinksContract('memoryStore().customerLinks', async () => memoryStore().customerLinks!)
