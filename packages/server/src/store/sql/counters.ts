import type { Counters } from '../types.js'
import type { SqlQuery } from './driver.js'

/**
 * The SQL counters (`Counters`): `rampkit_rate_limits` and `rampkit_kv` of the quoted schema `s`,
 * each change one statement. `prune` deletes the windows that ended and the keys that expired.
 */
export function sqlCounters(
  query: SqlQuery,
  s: string,
): { counters: Counters; prune: (now: Date) => Promise<{ rateLimits: number; kv: number }> } {
  const counters: Counters = {
    async hitRateLimit({ key, limit, windowMs, now = new Date() }) {
      const at = now.getTime()
      const windowStart = at - (at % windowMs)
      const resetAt = new Date(windowStart + windowMs)
      const { rows } = await query<{ count: number | string }>(
        `INSERT INTO ${s}.rampkit_rate_limits (key, window_start, count, reset_at)
         VALUES ($1, $2, 1, $3)
         ON CONFLICT (key, window_start)
         DO UPDATE SET count = ${s}.rampkit_rate_limits.count + 1
         RETURNING count`,
        [key, new Date(windowStart), resetAt],
      )
      const count = Number(rows[0]?.count ?? 1)
      return { allowed: count <= limit, count, remaining: Math.max(0, limit - count), resetAt }
    },

    async kvGet(key, now = new Date()) {
      const { rows } = await query<{ value: string }>(
        `SELECT value FROM ${s}.rampkit_kv
          WHERE key = $1 AND (expires_at IS NULL OR expires_at > $2)`,
        [key, now],
      )
      return rows[0]?.value ?? null
    },

    async kvSet({ key, value, ttlMs, ifAbsent, now = new Date() }) {
      const expiresAt = ttlMs === undefined ? null : new Date(now.getTime() + ttlMs)
      const guard = ifAbsent
        ? `WHERE ${s}.rampkit_kv.expires_at IS NOT NULL AND ${s}.rampkit_kv.expires_at <= $4`
        : 'WHERE $4::timestamptz IS NOT NULL'
      const result = await query(
        `INSERT INTO ${s}.rampkit_kv (key, value, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
         ${guard}`,
        [key, value, expiresAt, now],
      )
      return result.rowCount === 1
    },

    async kvDelete(key) {
      await query(`DELETE FROM ${s}.rampkit_kv WHERE key = $1`, [key])
    },
  }

  async function prune(now: Date) {
    const rateLimits = await query(`DELETE FROM ${s}.rampkit_rate_limits WHERE reset_at <= $1`, [
      now,
    ])
    const kv = await query(
      `DELETE FROM ${s}.rampkit_kv WHERE expires_at IS NOT NULL AND expires_at <= $1`,
      [now],
    )
    return { rateLimits: rateLimits.rowCount, kv: kv.rowCount }
  }

  return { counters, prune }
}
