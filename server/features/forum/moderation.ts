import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { forumFlags, forumReplies, forumTopics } from '../../db/schema'
import type { ForumQueueItem, ForumQueuePage } from './contract'
import type { ForumQueueFilter } from './messages'

// The admin side of Discussões (/admin/forum): one queue of topics and replies, flagged ones
// first with their reasons; highlight a topic, hide or restore a post. Acting on a post
// (hiding, restoring or dismissing) resolves its open flags, so it leaves the top of the queue.

export const QUEUE_PAGE_SIZE = 20
export type { ForumQueueItem, ForumQueuePage } from './contract'
export { FORUM_QUEUE_FILTERS, type ForumQueueFilter } from './messages'
export type ForumFlagJson = ForumQueueItem['flags'][number]

type Row = {
  kind: 'topic' | 'reply'
  id: number
  topic_id: number
  topic_title: string
  question_id: number
  number: number
  short_id: string
  title: string | null
  content: string
  user_id: string | null
  name: string | null
  email: string | null
  created_at: string
  highlighted: boolean
  hidden_at: string | null
  open_flags: number
  flags: ForumFlagJson[] | string | null
  total: number
}

const FILTERS: Record<ForumQueueFilter, ReturnType<typeof sql>> = {
  flagged: sql`f.n IS NOT NULL`,
  hidden: sql`p.hidden_at IS NOT NULL`,
  all: sql`true`,
}

export async function forumQueue(db: Db, options: { filter?: ForumQueueFilter; page: number }): Promise<ForumQueuePage> {
  const filter = FILTERS[options.filter ?? 'all']
  const rows = await queryRows<Row>(
    db,
    sql`WITH posts AS (
        SELECT 'topic' AS kind, t.id, t.id AS topic_id, t.title AS topic_title, t.question_id, t.title, t.content, t.user_id,
               t.created_at, t.highlighted, t.hidden_at
          FROM forum_topics t WHERE t.deleted_at IS NULL
        UNION ALL
        SELECT 'reply', r.id, r.topic_id, t.title, t.question_id, NULL, r.content, r.user_id, r.created_at, false, r.hidden_at
          FROM forum_replies r JOIN forum_topics t ON t.id = r.topic_id WHERE r.deleted_at IS NULL
      ), open_flags AS (
        SELECT CASE WHEN fl.reply_id IS NULL THEN 'topic' ELSE 'reply' END AS kind, coalesce(fl.reply_id, fl.topic_id) AS id,
               count(*)::int AS n, max(fl.created_at) AS last,
               json_agg(json_build_object('reason', fl.reason, 'user_name', fu.name, 'created_at', fl.created_at) ORDER BY fl.created_at) AS flags
          FROM forum_flags fl JOIN users fu ON fu.id = fl.user_id
         WHERE fl.resolved_at IS NULL
         GROUP BY 1, 2
      )
      SELECT p.kind, p.id, p.topic_id, p.topic_title, p.question_id, q.number, q.short_id, p.title, p.content, p.user_id,
             u.name, u.email, p.created_at, p.highlighted, p.hidden_at, coalesce(f.n, 0) AS open_flags, f.flags,
             count(*) OVER () AS total
        FROM posts p
        JOIN questions q ON q.id = p.question_id
        LEFT JOIN users u ON u.id = p.user_id
        LEFT JOIN open_flags f ON f.kind = p.kind AND f.id = p.id
       WHERE ${filter}
       ORDER BY (f.n IS NOT NULL) DESC, f.n DESC NULLS LAST, f.last DESC NULLS LAST, p.created_at DESC, p.kind, p.id DESC
       LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${(options.page - 1) * QUEUE_PAGE_SIZE}`,
  )
  let total = Number(rows[0]?.total ?? 0)
  if (!rows.length && options.page > 1) total = (await forumQueue(db, { filter: options.filter, page: 1 })).total
  return {
    data: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      topic_id: Number(r.topic_id),
      topic_title: r.topic_title,
      question: { id: Number(r.question_id), number: Number(r.number), short_id: r.short_id },
      title: r.title,
      content: r.content,
      author: r.user_id && r.name ? { id: r.user_id, name: r.name, email: r.email ?? '' } : null,
      created_at: new Date(r.created_at).toISOString(),
      highlighted: Boolean(r.highlighted),
      hidden: r.hidden_at !== null,
      open_flags: Number(r.open_flags),
      flags: (typeof r.flags === 'string' ? (JSON.parse(r.flags) as ForumFlagJson[]) : (r.flags ?? [])).map((f) => ({
        ...f,
        created_at: new Date(f.created_at).toISOString(),
      })),
    })),
    total,
    page: options.page,
    per_page: QUEUE_PAGE_SIZE,
  }
}

export type ModerationChange = { highlighted?: boolean; hidden?: boolean; dismiss_flags?: boolean }
export type ModerationOutcome = { kind: 'ok'; item: { id: number; highlighted?: boolean; hidden: boolean } } | { kind: 'not-found' }

export async function moderateTopic(
  db: Db,
  adminId: string,
  topicId: number,
  change: ModerationChange,
  at: Date,
): Promise<ModerationOutcome> {
  return db.transaction(async (tx) => {
    const [topic] = await tx
      .select({ id: forumTopics.id, hiddenAt: forumTopics.hiddenAt, highlighted: forumTopics.highlighted })
      .from(forumTopics)
      .where(and(eq(forumTopics.id, topicId), isNull(forumTopics.deletedAt)))
    if (!topic) return { kind: 'not-found' as const }
    const set: Partial<typeof forumTopics.$inferInsert> = { updatedAt: at }
    if (change.highlighted !== undefined) set.highlighted = change.highlighted
    if (change.hidden !== undefined) {
      set.hiddenAt = change.hidden ? (topic.hiddenAt ?? at) : null
      set.hiddenBy = change.hidden ? adminId : null
    }
    const [row] = await tx
      .update(forumTopics)
      .set(set)
      .where(eq(forumTopics.id, topicId))
      .returning({ id: forumTopics.id, highlighted: forumTopics.highlighted, hiddenAt: forumTopics.hiddenAt })
    if (change.hidden !== undefined || change.dismiss_flags) {
      await tx
        .update(forumFlags)
        .set({ resolvedAt: at })
        .where(and(eq(forumFlags.topicId, topicId), isNull(forumFlags.replyId), isNull(forumFlags.resolvedAt)))
    }
    return { kind: 'ok' as const, item: { id: row.id, highlighted: row.highlighted, hidden: row.hiddenAt !== null } }
  })
}

export async function moderateReply(
  db: Db,
  adminId: string,
  replyId: number,
  change: Omit<ModerationChange, 'highlighted'>,
  at: Date,
): Promise<ModerationOutcome> {
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .select({ id: forumReplies.id, hiddenAt: forumReplies.hiddenAt })
      .from(forumReplies)
      .where(and(eq(forumReplies.id, replyId), isNull(forumReplies.deletedAt)))
    if (!reply) return { kind: 'not-found' as const }
    const set: Partial<typeof forumReplies.$inferInsert> = { updatedAt: at }
    if (change.hidden !== undefined) {
      set.hiddenAt = change.hidden ? (reply.hiddenAt ?? at) : null
      set.hiddenBy = change.hidden ? adminId : null
    }
    const [row] = await tx
      .update(forumReplies)
      .set(set)
      .where(eq(forumReplies.id, replyId))
      .returning({ id: forumReplies.id, hiddenAt: forumReplies.hiddenAt })
    if (change.hidden !== undefined || change.dismiss_flags) {
      await tx
        .update(forumFlags)
        .set({ resolvedAt: at })
        .where(and(eq(forumFlags.replyId, replyId), isNull(forumFlags.resolvedAt)))
    }
    return { kind: 'ok' as const, item: { id: row.id, hidden: row.hiddenAt !== null } }
  })
}
