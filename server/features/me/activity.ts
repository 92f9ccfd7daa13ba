import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { ActivityItem, ActivityQuestion, ForumCounts, ForumParticipation, MyNote, QuestionRef } from './contract'

// The dashboard's lists (issue 14): recent activity (Visão geral), the student's private notes
// (Anotações) and forum participations (Fórum). Each is one statement over the student's own
// rows, read through the (user_id, created_at) indexes; every row names the question it is about.

export const ACTIVITY_LIMIT = 20

type ActivityRow = {
  kind: ActivityItem['kind']
  at: Date | string
  question_id: number | null
  code: string | null
  discipline: string | null
  correct: boolean | null
  ref_id: number | null
  title: string | null
  statement: string | null
}

const iso = (at: Date | string) => new Date(at).toISOString()
const questionRef = (row: { question_id: number | null; code: string | null; discipline: string | null }): QuestionRef => ({
  id: row.question_id!,
  code: row.code!,
  discipline: row.discipline!,
})

const EXCERPT_WORDS = 8

/** The statement's first words as plain text (the markup's tags and marks dropped), '…' when cut. */
export function excerptOf(statement: string) {
  const words = statement
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#>]+/g, '')
    .split(/\s+/)
    .filter(Boolean)
  const text = words.slice(0, EXCERPT_WORDS).join(' ')
  return words.length > EXCERPT_WORDS ? `${text.replace(/[,;:.]$/, '')}…` : text
}

const activityQuestion = (row: ActivityRow): ActivityQuestion => ({ ...questionRef(row), excerpt: excerptOf(row.statement ?? '') })

/** The newest answers, notes, notebooks and forum posts, merged newest first. */
export async function myActivity(db: Db, userId: string, limit = ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  // Each source gives at most `limit` rows by its own index before the merge.
  const rows = await queryRows<ActivityRow>(
    db,
    sql`SELECT x.kind, x.at, x.question_id, q.short_id AS code, d.name AS discipline, x.correct, x.ref_id, x.title,
               left(q.statement, 300) AS statement
          FROM (
            (SELECT 'answer' AS kind, created_at AS at, question_id, correct, NULL::int AS ref_id, NULL::text AS title
               FROM attempts WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit})
            UNION ALL
            (SELECT 'note', created_at, question_id, NULL, id, NULL
               FROM notes WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit})
            UNION ALL
            (SELECT 'notebook', created_at, NULL, NULL, id, name
               FROM notebooks WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit})
            UNION ALL
            (SELECT 'topic', created_at, question_id, NULL, id, title
               FROM forum_topics WHERE user_id = ${userId} AND deleted_at IS NULL ORDER BY created_at DESC LIMIT ${limit})
            UNION ALL
            (SELECT 'reply', r.created_at, t.question_id, NULL, r.id, t.title
               FROM forum_replies r JOIN forum_topics t ON t.id = r.topic_id
              WHERE r.user_id = ${userId} AND r.deleted_at IS NULL AND t.deleted_at IS NULL
              ORDER BY r.created_at DESC LIMIT ${limit})
          ) x
          LEFT JOIN questions q ON q.id = x.question_id
          LEFT JOIN disciplines d ON d.id = q.discipline_id
         -- A removed question's answers stay counted in the figures but are not offered as links.
         WHERE x.question_id IS NULL OR q.removed_at IS NULL
         ORDER BY x.at DESC, x.kind, x.ref_id DESC
         LIMIT ${limit}`,
  )
  return rows.map((row): ActivityItem => {
    const at = iso(row.at)
    switch (row.kind) {
      case 'answer':
        return { kind: 'answer', at, question: activityQuestion(row), correct: row.correct === true }
      case 'note':
        return { kind: 'note', at, question: activityQuestion(row) }
      case 'notebook':
        return { kind: 'notebook', at, notebook: { id: row.ref_id!, name: row.title! } }
      default:
        return { kind: row.kind, at, question: activityQuestion(row), title: row.title! }
    }
  })
}

export const NOTES_PAGE_SIZE = 20

/** The student's private notes, newest first, a page at a time, with the question each is on. */
export async function myNotes(db: Db, userId: string, page: number) {
  const rows = await queryRows<{
    id: number
    content: string
    created_at: Date | string
    updated_at: Date | string
    question_id: number
    code: string
    discipline: string
    total: number
  }>(
    db,
    sql`SELECT n.id, n.content, n.created_at, n.updated_at, n.question_id, q.short_id AS code, d.name AS discipline,
               count(*) OVER ()::int AS total
          FROM notes n
          JOIN questions q ON q.id = n.question_id AND q.removed_at IS NULL
          JOIN disciplines d ON d.id = q.discipline_id
         WHERE n.user_id = ${userId}
         ORDER BY n.created_at DESC, n.id DESC
         LIMIT ${NOTES_PAGE_SIZE} OFFSET ${(page - 1) * NOTES_PAGE_SIZE}`,
  )
  const notes: MyNote[] = rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    question: questionRef(r),
  }))
  // A page past the end has no row to carry the total: count apart only then.
  const total = rows[0]?.total ?? (page > 1 ? await countNotes(db, userId) : 0)
  return { notes, total, page, per_page: NOTES_PAGE_SIZE }
}

async function countNotes(db: Db, userId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notes n JOIN questions q ON q.id = n.question_id AND q.removed_at IS NULL WHERE n.user_id = ${userId}`,
  )
  return row.n
}

export const PARTICIPATIONS_LIMIT = 20

/** Topics the student opened, replied to or voted on (topic or reply votes), newest first, and the counts. */
export async function myForum(db: Db, userId: string): Promise<{ counts: ForumCounts; participations: ForumParticipation[] }> {
  const [counts] = await queryRows<ForumCounts>(
    db,
    sql`SELECT (SELECT count(*) FROM forum_topics WHERE user_id = ${userId} AND deleted_at IS NULL)::int AS created,
               (SELECT count(*) FROM forum_replies WHERE user_id = ${userId} AND deleted_at IS NULL)::int AS replied,
               ((SELECT count(*) FROM forum_topic_votes WHERE user_id = ${userId})
                 + (SELECT count(*) FROM forum_reply_votes WHERE user_id = ${userId}))::int AS voted`,
  )
  const rows = await queryRows<{
    type: ForumParticipation['type']
    topic_id: number
    title: string
    question_id: number
    code: string
    discipline: string
    at: Date | string
    upvotes: number
    downvotes: number
    replies: number
  }>(
    db,
    sql`WITH mine AS (
          SELECT id AS topic_id, 'created' AS type, created_at AS at FROM forum_topics WHERE user_id = ${userId} AND deleted_at IS NULL
          UNION ALL
          SELECT topic_id, 'replied', created_at FROM forum_replies WHERE user_id = ${userId} AND deleted_at IS NULL
          UNION ALL
          SELECT topic_id, 'voted', created_at FROM forum_topic_votes WHERE user_id = ${userId}
          UNION ALL
          SELECT r.topic_id, 'voted', v.created_at FROM forum_reply_votes v JOIN forum_replies r ON r.id = v.reply_id WHERE v.user_id = ${userId}
        ), latest AS (
          SELECT topic_id, type, max(at) AS at FROM mine GROUP BY topic_id, type ORDER BY at DESC LIMIT ${PARTICIPATIONS_LIMIT}
        )
        SELECT l.type, l.topic_id, t.title, t.question_id, q.short_id AS code, d.name AS discipline, l.at,
               (SELECT count(*) FROM forum_topic_votes v WHERE v.topic_id = t.id AND v.value > 0)::int AS upvotes,
               (SELECT count(*) FROM forum_topic_votes v WHERE v.topic_id = t.id AND v.value < 0)::int AS downvotes,
               (SELECT count(*) FROM forum_replies r WHERE r.topic_id = t.id AND r.deleted_at IS NULL AND r.hidden_at IS NULL)::int AS replies
          FROM latest l
          JOIN forum_topics t ON t.id = l.topic_id AND t.deleted_at IS NULL AND t.hidden_at IS NULL
          JOIN questions q ON q.id = t.question_id AND q.removed_at IS NULL
          JOIN disciplines d ON d.id = q.discipline_id
         ORDER BY l.at DESC, l.topic_id DESC, l.type`,
  )
  return {
    counts,
    participations: rows.map((r) => ({
      type: r.type,
      topicId: r.topic_id,
      topicTitle: r.title,
      question: questionRef(r),
      lastActivity: iso(r.at),
      upvotes: r.upvotes,
      downvotes: r.downvotes,
      replies: r.replies,
    })),
  }
}
