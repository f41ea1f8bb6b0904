// The read cache sits in the bottom layer (`http/cache.ts`), below both the routes and the
// customer vault; the routes keep importing it from here.
export { cacheKey, createReadCache, type ReadCache } from '../http/cache.js'
