import { sql } from 'drizzle-orm'

import { createApiToken } from '#server/api/session'

import type { Db } from '../server/db/index'
import { users } from '../server/db/schema'

// Issue 14's scale check: the dashboard of a student with 10,000 attempts (and notes, notebooks)
// must cost about what a new student's does — every tab reads a few indexed rows, never the whole
// history row by row. Two students are seeded straight into the bench bank before the server starts.

export const HEAVY_ATTEMPTS = 10_000

export const DASHBOARD_TABS = ['visao-geral', 'cadernos', 'desempenho', 'comentarios', 'forum', 'configuracoes'] as const
export type DashboardTab = (typeof DASHBOARD_TABS)[number]
export const dashboardPath = (tab: DashboardTab) => (tab === 'visao-geral' ? '/dashboard' : `/dashboard?aba=${tab}`)

/** A student (id and token); with `attempts`, that many answers spread over the last year, 200 notes and 10 notebooks. */
export async function seedStudent(db: Db, name: string, attempts: number) {
  const [user] = await db
    .insert(users)
    .values({ email: `${name.toLowerCase()}-${Date.now()}@bench.gabarita`, name, planName: 'PRO' })
    .returning()
  const { token } = await createApiToken(db, user.id, new Date(), { remember: true })
  if (attempts > 0) {
    // Spread over the bank (a stride prime to its size) and over the last 365 days.
    await db.execute(sql`
      WITH qs AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM questions WHERE removed_at IS NULL),
           n AS (SELECT count(*) AS c FROM qs)
      INSERT INTO attempts (user_id, question_id, answer, correct, elapsed_seconds, is_first, created_at)
      SELECT ${user.id}, qs.id, 'A', random() < 0.6, 30 + (random() * 120)::int, g <= n.c,
             now() - g * (interval '365 days' / ${attempts})
        FROM generate_series(1, ${attempts}) AS g
        CROSS JOIN n
        JOIN qs ON qs.rn = (g::bigint * 7919) % n.c + 1`)
    await db.execute(sql`
      INSERT INTO notes (user_id, question_id, content, created_at, updated_at)
      SELECT ${user.id}, question_id, 'Anotação de revisão ' || id, created_at, created_at
        FROM attempts WHERE user_id = ${user.id} ORDER BY id LIMIT 200`)
    await db.execute(sql`
      INSERT INTO notebooks (user_id, name, color)
      SELECT ${user.id}, 'Caderno ' || g, '#2563eb' FROM generate_series(1, 10) AS g`)
    await db.execute(sql`ANALYZE attempts`)
  }
  return { id: user.id, token }
}
