import { storeContract } from '../testing.js'
import { memoryStore } from './store.js'

storeContract('memory', async () => memoryStore())
