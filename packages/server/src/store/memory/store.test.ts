import { storeContract } from '../../../test/store-contracts.js'
import { memoryStore } from './store.js'

storeContract('memory', async () => memoryStore())
