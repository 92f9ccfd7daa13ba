import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { anyOf } from '../../domain/exams'
import { referenceDataChanged } from '../../domain/reference-data'
import { notifyReferenceData } from '../../domain/reference-notify'
import { TOPIC_MODEL } from '../../domain/topics/model'
import { TOPICS_VERSION } from '../../domain/topics/store'
import type { TopicQueue, TopicReviewBody } from './contract'
import type { DeskQuestion } from './desk'
import { deskRow, EXCERPT_READ } from './desk'
import type { ClassificationConfidence } from './messages'
import { CLASSIFICATION_PAGE_SIZE, questionNotFound, topicNotFound, topicOfAnotherDiscipline } from './messages'

// The desk's topics (issue 65 §2, ADR 092): the questions whose topic the model predicted, least
// confident first, for an admin to confirm or change, one or many at once; each confirmation is a
// label the topic model learns from.

type QueueRow = DeskQuestion & { discipline_id: number; discipline_name: string; topic_id: number; topic_name: string }

/** The predicted topics, least confident first, filtered by exam, discipline and confidence. */
export async function topicQueue(
  db: Db,
  filters: { examId?: number; disciplineId?: number; confidence: ClassificationConfidence; page: number },
): Promise<TopicQueue> {
  const threshold = TOPIC_MODEL.threshold
  const where = [sql`l.source = 'prediction'`, sql`q.removed_at IS NULL`]
  if (filters.examId) where.push(sql`q.exam_id = ${filters.examId}`)
  if (filters.disciplineId) where.push(sql`q.discipline_id = ${filters.disciplineId}`)
  if (filters.confidence === 'baixa') where.push(sql`coalesce(l.confidence, 0) < ${threshold}`)
  const filtered = sql.join(where, sql` AND `)
  const base = sql`FROM question_topics l JOIN questions q ON q.id = l.question_id`
  const [rows, [{ n }], [totals], exams, topics] = await Promise.all([
    queryRows<QueueRow>(
      db,
      sql`SELECT q.id, q.short_id AS "shortId", q.number, left(q.statement, ${EXCERPT_READ}) AS statement, e.id AS "examId",
                 e.name AS "examName", e.year AS "examYear", d.id AS discipline_id, d.name AS discipline_name, t.id AS topic_id, t.name AS topic_name, l.confidence
            ${base} JOIN exams e ON e.id = q.exam_id JOIN disciplines d ON d.id = q.discipline_id JOIN topics t ON t.id = l.topic_id
           WHERE ${filtered}
           ORDER BY l.confidence ASC NULLS FIRST, q.exam_id, q.number, t.name
           LIMIT ${CLASSIFICATION_PAGE_SIZE} OFFSET ${(filters.page - 1) * CLASSIFICATION_PAGE_SIZE}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${base} WHERE ${filtered}`),
    queryRows<{ predicted: number; below: number; without: number }>(
      db,
      sql`SELECT (SELECT count(*)::int ${base} WHERE l.source = 'prediction' AND q.removed_at IS NULL) AS predicted,
                 (SELECT count(*)::int ${base} WHERE l.source = 'prediction' AND q.removed_at IS NULL AND coalesce(l.confidence, 0) < ${threshold}) AS below,
                 (SELECT count(*)::int FROM questions q WHERE q.removed_at IS NULL
                     AND EXISTS (SELECT 1 FROM topics t WHERE t.discipline_id = q.discipline_id)
                     AND NOT EXISTS (SELECT 1 FROM question_topics l WHERE l.question_id = q.id)) AS without`,
    ),
    queryRows<{ id: number; name: string; year: number; predicted: number }>(
      db,
      sql`SELECT e.id, e.name, e.year, count(*)::int AS predicted ${base} JOIN exams e ON e.id = q.exam_id
           WHERE l.source = 'prediction' AND q.removed_at IS NULL GROUP BY e.id ORDER BY e.year, e.name`,
    ),
    queryRows<{ id: number; name: string; discipline_id: number; discipline_name: string }>(
      db,
      sql`SELECT t.id, t.name, d.id AS discipline_id, d.name AS discipline_name FROM topics t JOIN disciplines d ON d.id = t.discipline_id ORDER BY d.name, t.name`,
    ),
  ])
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })
  const disciplines = new Map<number, TopicQueue['disciplines'][number]>()
  for (const t of topics) {
    const d = disciplines.get(t.discipline_id) ?? { id: t.discipline_id, name: t.discipline_name, topics: [] }
    d.topics.push({ id: t.id, name: t.name })
    disciplines.set(t.discipline_id, d)
  }
  const list = [...disciplines.values()].sort((a, b) => collator.compare(a.name, b.name))
  for (const d of list) d.topics.sort((a, b) => collator.compare(a.name, b.name))
  return {
    data: rows.map((r) => ({
      ...deskRow(r, threshold),
      discipline: { id: r.discipline_id, name: r.discipline_name },
      topic: { id: r.topic_id, name: r.topic_name },
    })),
    total: Number(n),
    page: filters.page,
    per_page: CLASSIFICATION_PAGE_SIZE,
    totals: {
      predicted: Number(totals.predicted),
      confident: Number(totals.predicted) - Number(totals.below),
      to_review: Number(totals.below),
      without: Number(totals.without),
    },
    threshold,
    exams: exams.map((e) => ({ ...e, predicted: Number(e.predicted) })),
    disciplines: list,
  }
}

/**
 * Each question's topic as the admin chose it (source 'review', no confidence), replacing the
 * topics it had: one transaction, nothing written when a question or a topic is unknown or the
 * topic belongs to another discipline.
 */
export async function reviewTopics(db: Db, items: TopicReviewBody['items']): Promise<DomainOutcome<{ reviewed: number; changed: number }>> {
  const questionIds = items.map((i) => i.question_id)
  const topicIds = [...new Set(items.map((i) => i.topic_id))]
  const outcome = await db.transaction(async (tx): Promise<DomainOutcome<{ reviewed: number; changed: number }>> => {
    const [found, known, before] = await Promise.all([
      queryRows<{ id: number; discipline_id: number }>(
        tx,
        sql`SELECT id, discipline_id FROM questions WHERE id = ${anyOf(questionIds, 'int')} AND removed_at IS NULL FOR UPDATE`,
      ),
      queryRows<{ id: number; discipline_id: number; name: string }>(
        tx,
        sql`SELECT id, discipline_id, name FROM topics WHERE id = ${anyOf(topicIds, 'int')}`,
      ),
      queryRows<{ question_id: number; topic_id: number; source: string }>(
        tx,
        sql`SELECT question_id, topic_id, source FROM question_topics WHERE question_id = ${anyOf(questionIds, 'int')}`,
      ),
    ])
    const disciplineOf = new Map(found.map((q) => [q.id, q.discipline_id]))
    const missing = questionIds.find((id) => !disciplineOf.has(id))
    if (missing !== undefined) return { kind: 'not-found', message: questionNotFound(missing) }
    const topics = new Map(known.map((t) => [t.id, t]))
    const unknown = topicIds.find((id) => !topics.has(id))
    if (unknown !== undefined) return { kind: 'unprocessable', message: topicNotFound(unknown) }
    const wrong = items.find((i) => topics.get(i.topic_id)!.discipline_id !== disciplineOf.get(i.question_id))
    if (wrong) return { kind: 'unprocessable', message: topicOfAnotherDiscipline(topics.get(wrong.topic_id)!.name, wrong.question_id) }
    // Only what changed is rewritten: a link removed and added back would move its answers twice.
    const wanted = items.map((i) => ({ question: i.question_id, topic: i.topic_id }))
    await tx.execute(sql`
      DELETE FROM question_topics l WHERE l.question_id = ${anyOf(questionIds, 'int')}
        AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(question int, topic int)
                         WHERE v.question = l.question_id AND v.topic = l.topic_id)`)
    await tx.execute(sql`
      INSERT INTO question_topics (question_id, topic_id, source, confidence)
      SELECT v.question, v.topic, 'review', NULL FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(question int, topic int)
      ON CONFLICT (question_id, topic_id) DO UPDATE SET source = 'review', confidence = NULL`)
    await tx.execute(sql`UPDATE questions SET topics_version = ${TOPICS_VERSION} WHERE id = ${anyOf(questionIds, 'int')}`)
    await notifyReferenceData(tx)
    const changed = items.filter((i) => !before.some((b) => b.question_id === i.question_id && b.topic_id === i.topic_id)).length
    return { kind: 'ok', value: { reviewed: items.length, changed } }
  })
  if (outcome.kind === 'ok') referenceDataChanged()
  return outcome
}

/** Per exam, who gave its live questions their topics (the file, a review, the model), and how many have none. */
export async function topicCounts(db: Db) {
  const threshold = TOPIC_MODEL.threshold
  const rows = await queryRows<{ exam_id: number; file: number; review: number; predicted: number; confident: number; none: number }>(
    db,
    sql`SELECT q.exam_id,
               count(*) FILTER (WHERE s.source = 'file')::int AS file,
               count(*) FILTER (WHERE s.source = 'review')::int AS review,
               count(*) FILTER (WHERE s.source = 'prediction')::int AS predicted,
               count(*) FILTER (WHERE s.source = 'prediction' AND s.confidence >= ${threshold})::int AS confident,
               count(*) FILTER (WHERE s.source IS NULL)::int AS none
          FROM questions q
          LEFT JOIN LATERAL (SELECT CASE WHEN bool_or(l.source = 'file') THEN 'file' WHEN bool_or(l.source = 'review') THEN 'review'
                                         WHEN bool_or(l.source = 'prediction') THEN 'prediction' END AS source,
                                    max(l.confidence) AS confidence
                               FROM question_topics l WHERE l.question_id = q.id) s ON true
         WHERE q.removed_at IS NULL
         GROUP BY q.exam_id`,
  )
  return new Map(
    rows.map((r) => [r.exam_id, { file: r.file, review: r.review, predicted: r.predicted, confident: r.confident, none: r.none }]),
  )
}
