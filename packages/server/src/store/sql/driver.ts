/** One statement's result, the part of `pg` and PGlite results the store uses. */
export type SqlResult<Row> = { rows: Row[]; rowCount: number }

/** Runs one parameterised statement (`$1`, `$2`, ...). */
export type SqlQuery = <Row = Record<string, unknown>>(
  text: string,
  params?: readonly unknown[],
) => Promise<SqlResult<Row>>

/**
 * The little the SQL store needs from a Postgres connection, so `pg` and PGlite run the very
 * same statements: a query, and a transaction that runs its callback on one connection.
 */
export type SqlDriver = {
  readonly engine: string
  query: SqlQuery
  transaction<T>(callback: (query: SqlQuery) => Promise<T>): Promise<T>
  /** Releases what the driver opened itself. */
  close(): Promise<void>
}

/** A Postgres error's SQLSTATE, when it has one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}

/** A timestamp column as a Date: `pg` gives one already, PGlite may give the text. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value)
}
