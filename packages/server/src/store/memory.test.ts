import { memoryStore } from './memory.js'
import { storeContract } from './testing.js'

storeContract('memory', async () => memoryStore())
