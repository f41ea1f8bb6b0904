// Copies the Redis engine's Lua scripts next to the built modules (`<outDir>/lua/`), where
// `src/store/redis/scripts.ts`, bundled into `<outDir>`, reads them.
import { cpSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Copies `src/store/redis/lua/*.lua` to `<outDir>/lua/`. */
export function copyLua(outDir) {
  cpSync(join(root, 'src/store/redis/lua'), join(outDir, 'lua'), { recursive: true })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) copyLua(join(root, 'dist'))
