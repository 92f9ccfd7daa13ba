import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'

// The topics a student misses most (the dashboard's list and the study plan's focus), from the
// per-topic aggregate the attempts trigger keeps (ADR 024).

export const WEAKEST_TOPICS = 5

/** The me contract's WeakTopic. */
export type WeakTopicRow = { topic_id: number; topic: string; discipline_id: number; discipline: string; correct: number; total: number }

export async function weakestTopics(db: Db, userId: string): Promise<WeakTopicRow[]> {
  return queryRows<WeakTopicRow>(
    db,
    sql`SELECT t.id AS topic_id, t.name AS topic, d.id AS discipline_id, d.name AS discipline, s.correct, s.attempts AS total
          FROM user_topic_stats s
          JOIN topics t ON t.id = s.topic_id
          JOIN disciplines d ON d.id = t.discipline_id
         WHERE s.user_id = ${userId} AND s.correct < s.attempts
         ORDER BY s.correct::float / s.attempts, s.attempts DESC, t.name
         LIMIT ${WEAKEST_TOPICS}`,
  )
}
