// How the students' explanations are ordered (ADR 085). A vote says only "Útil", so the share is
// useful votes out of the explanation's audience: the students who got the question wrong since it
// was written (each had it under the verdict or a tap away), never fewer than the votes. The order
// is the Wilson score's lower bound at 95%: one vote from one reader (≈ 0.21) stays behind 40 of 45
// (≈ 0.76), and a text nobody read yet scores 0 until someone does.

const Z = 1.96

/** The lower bound of the 95% Wilson interval of `useful` out of `audience` (0 when nobody read it). */
export function usefulness(useful: number, audience: number) {
  const n = Math.max(audience, useful)
  if (n <= 0) return 0
  const p = useful / n
  const z2 = Z * Z
  return (p + z2 / (2 * n) - Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n)
}

type Ranked = { id: number; useful: number; audience: number; created_at: string }

/** Best first; ties: more votes, then the oldest, then the lowest id. */
export function byUsefulness<T extends Ranked>(rows: T[]): T[] {
  return rows
    .map((row) => ({ row, score: usefulness(row.useful, row.audience) }))
    .sort(
      (a, b) => b.score - a.score || b.row.useful - a.row.useful || a.row.created_at.localeCompare(b.row.created_at) || a.row.id - b.row.id,
    )
    .map(({ row }) => row)
}
