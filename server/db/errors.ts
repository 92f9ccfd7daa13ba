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
