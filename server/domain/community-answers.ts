import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'
import type { CommunityAnswer, CommunityAnswerJson } from './analysis-source'
import { excerptOf } from './analysis-source'

// The community's best answers on a question (issue 40): what a student on a plan with
// discussions reads while no analysis exists, and what a professor may promote into one.
// Only posts anyone can read count (not hidden, not deleted, in a visible topic), and only
// with more up votes than down: a post nobody backed teaches nothing.

type Row = {
  kind: 'topic' | 'reply'
  id: number
  topic_id: number
  author_name: string | null
  votes: number
  text: string
  created_at: Date | string
}

/** The question's most-voted posts, best first (ties: the oldest first). */
export async function communityAnswers(db: Db, questionId: number, limit: number): Promise<CommunityAnswer[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT * FROM (
        SELECT 'topic' AS kind, t.id, t.id AS topic_id, u.name AS author_name, t.content AS text, t.created_at,
          (SELECT coalesce(sum(v.value), 0)::int FROM forum_topic_votes v WHERE v.topic_id = t.id) AS votes
        FROM forum_topics t LEFT JOIN users u ON u.id = t.user_id
        WHERE t.question_id = ${questionId} AND t.hidden_at IS NULL AND t.deleted_at IS NULL
        UNION ALL
        SELECT 'reply' AS kind, r.id, r.topic_id, u.name AS author_name, r.content AS text, r.created_at,
          (SELECT coalesce(sum(v.value), 0)::int FROM forum_reply_votes v WHERE v.reply_id = r.id) AS votes
        FROM forum_replies r JOIN forum_topics t ON t.id = r.topic_id LEFT JOIN users u ON u.id = r.user_id
        WHERE t.question_id = ${questionId} AND t.hidden_at IS NULL AND t.deleted_at IS NULL
          AND r.hidden_at IS NULL AND r.deleted_at IS NULL
      ) posts
      WHERE votes > 0
      ORDER BY votes DESC, created_at ASC, kind DESC, id ASC
      LIMIT ${limit}`,
  )
  return rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    topic_id: Number(r.topic_id),
    author_name: r.author_name,
    votes: Number(r.votes),
    text: r.text,
    created_at: new Date(r.created_at).toISOString(),
  }))
}

/**
 * Without an analysis to read, a plan with discussions reads the community's most-voted answer
 * instead (issue 40); null on a plan without them (`discussions` false), with an analysis, or
 * when no post qualifies.
 */
export async function communityAnswerFor(
  db: Db,
  questionId: number,
  explanationShown: boolean,
  discussions: boolean,
): Promise<CommunityAnswerJson | null> {
  if (explanationShown || !discussions) return null
  const [best] = await communityAnswers(db, questionId, 1)
  return best ? excerptOf(best) : null
}
