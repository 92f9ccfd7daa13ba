import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { explanationFlags, explanationStrikes, studentExplanations } from '../../db/schema'
import type { ExplanationModeration, ExplanationQueueItem, ExplanationQueuePage } from './contract'
import type { ExplanationQueueFilter } from './messages'

// The admin side of Explicações de alunos (/admin/explicacoes), as the forum's queue: reported
// ones first with their reasons, then those waiting for approval; hide, restore, approve or
// dismiss. Hiding counts a strike against the author (two and their next ones wait for
// approval); restoring takes it back. Acting on an explanation resolves its open reports.

export const QUEUE_PAGE_SIZE = 20
type Flag = ExplanationQueueItem['flags'][number]

type Row = {
  id: number
  question_id: number
  number: number
  short_id: string
  content: string
  user_id: string
  name: string
  email: string
  created_at: string
  useful: number
  hidden_at: string | null
  awaiting_approval: boolean
  open_flags: number
  flags: Flag[] | string | null
  total: number
}

const FILTERS: Record<ExplanationQueueFilter, ReturnType<typeof sql>> = {
  flagged: sql`f.n IS NOT NULL`,
  pending: sql`e.awaiting_approval AND e.hidden_at IS NULL`,
  hidden: sql`e.hidden_at IS NOT NULL`,
  all: sql`true`,
}

export async function explanationQueue(db: Db, options: { filter?: ExplanationQueueFilter; page: number }): Promise<ExplanationQueuePage> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH f AS (
          SELECT fl.explanation_id, count(*)::int AS n, max(fl.created_at) AS last,
                 json_agg(json_build_object('reason', fl.reason, 'user_name', fu.name, 'created_at', fl.created_at) ORDER BY fl.created_at) AS flags
            FROM explanation_flags fl JOIN users fu ON fu.id = fl.user_id
           WHERE fl.resolved_at IS NULL GROUP BY fl.explanation_id)
        SELECT e.id, e.question_id, q.number, q.short_id, e.content, e.user_id, u.name, u.email, e.created_at,
               (SELECT count(*)::int FROM explanation_votes v WHERE v.explanation_id = e.id) AS useful,
               e.hidden_at, e.awaiting_approval, coalesce(f.n, 0) AS open_flags, f.flags, count(*) OVER () AS total
          FROM student_explanations e
          JOIN questions q ON q.id = e.question_id
          JOIN users u ON u.id = e.user_id
          LEFT JOIN f ON f.explanation_id = e.id
         WHERE ${FILTERS[options.filter ?? 'all']}
         ORDER BY (f.n IS NOT NULL) DESC, f.n DESC NULLS LAST, (e.awaiting_approval AND e.hidden_at IS NULL) DESC, e.created_at DESC, e.id DESC
         LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${(options.page - 1) * QUEUE_PAGE_SIZE}`,
  )
  let total = Number(rows[0]?.total ?? 0)
  if (!rows.length && options.page > 1) total = (await explanationQueue(db, { filter: options.filter, page: 1 })).total
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      question: { id: Number(r.question_id), number: Number(r.number), short_id: r.short_id },
      content: r.content,
      author: { id: r.user_id, name: r.name, email: r.email },
      created_at: new Date(r.created_at).toISOString(),
      useful: Number(r.useful),
      hidden: r.hidden_at !== null,
      awaiting_approval: Boolean(r.awaiting_approval),
      open_flags: Number(r.open_flags),
      flags: (typeof r.flags === 'string' ? (JSON.parse(r.flags) as Flag[]) : (r.flags ?? [])).map((f) => ({
        ...f,
        created_at: new Date(f.created_at).toISOString(),
      })),
    })),
    total,
    page: options.page,
    per_page: QUEUE_PAGE_SIZE,
  }
}

export type ModerationOutcome = { kind: 'ok'; item: { id: number; hidden: boolean; awaiting_approval: boolean } } | { kind: 'not-found' }

export async function moderateExplanation(
  db: Db,
  adminId: string,
  id: number,
  change: ExplanationModeration,
  at: Date,
): Promise<ModerationOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: studentExplanations.id, userId: studentExplanations.userId, hiddenAt: studentExplanations.hiddenAt })
      .from(studentExplanations)
      .where(eq(studentExplanations.id, id))
      .for('update')
    if (!row) return { kind: 'not-found' as const }
    const set: Partial<typeof studentExplanations.$inferInsert> = { updatedAt: at }
    if (change.hidden === true && !row.hiddenAt) {
      set.hiddenAt = at
      set.hiddenBy = adminId
      await tx.insert(explanationStrikes).values({ userId: row.userId, explanationId: id, createdAt: at })
    } else if (change.hidden === false && row.hiddenAt) {
      set.hiddenAt = null
      set.hiddenBy = null
      await tx.delete(explanationStrikes).where(eq(explanationStrikes.explanationId, id))
    }
    if (change.approved !== undefined) set.awaitingApproval = !change.approved
    const [saved] = await tx
      .update(studentExplanations)
      .set(set)
      .where(eq(studentExplanations.id, id))
      .returning({ hiddenAt: studentExplanations.hiddenAt, awaitingApproval: studentExplanations.awaitingApproval })
    await tx
      .update(explanationFlags)
      .set({ resolvedAt: at })
      .where(and(eq(explanationFlags.explanationId, id), isNull(explanationFlags.resolvedAt)))
    return { kind: 'ok' as const, item: { id, hidden: saved.hiddenAt !== null, awaiting_approval: saved.awaitingApproval } }
  })
}
