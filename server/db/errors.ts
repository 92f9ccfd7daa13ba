/**
 * True when a database error (or one it wraps: drizzle puts the driver's error in
 * `cause`) is PostgreSQL's unique_violation, on PGlite and node-postgres alike.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true
  }
  return false
}

export type DbErrorSummary = {
  type: 'DatabaseError'
  message: string
  code?: string
  constraint?: string
  table?: string
  column?: string
}

/**
 * What may be logged of a failed query: the driver's code, message and constraint.
 * Drizzle's own message, `params`, the driver's `detail` ("Failing row contains (…)") and
 * `where` carry the statement's values, an argon2 hash among them: never logged.
 * Null when `error` is not a database error.
 */
export function dbErrorSummary(error: unknown): DbErrorSummary | null {
  let isDb = false
  let driver: Record<string, unknown> | undefined
  for (
    let e = error as Record<string, unknown> | undefined, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if ('params' in e || 'query' in e) isDb = true
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e)) {
      isDb = true
      driver = e
    }
  }
  if (!isDb) return null
  const text = (key: string) => (typeof driver?.[key] === 'string' ? (driver[key] as string) : undefined)
  return {
    type: 'DatabaseError',
    message: text('message') ?? 'Falha na consulta ao banco de dados',
    code: text('code'),
    constraint: text('constraint'),
    table: text('table'),
    column: text('column'),
  }
}
