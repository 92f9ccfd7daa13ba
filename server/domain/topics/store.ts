import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { Alternative } from '../../db/schema'
import { nextTurn } from '../../db/turn'
import { questionCitations } from '../citations/extract'
import { lastModel } from '../classify/current'
import { questionText } from '../classify/tokenize'
import { anyOf } from '../exams'
import type { Tx } from '../reference-notify'
import { notifyReferenceData } from '../reference-notify'
import { nameKey } from '../text'
import type { ArticleRange } from './articles'
import { parseArticleRange, rangesOverlap } from './articles'
import type { LabelledQuestion, TopicSeed } from './model'
import { TopicModel, topicWords, wordCountsOf } from './model'
import { shippedTrees, TREE_VERSION } from './tree'

// Where topics meet the bank (issue 65 §2, ADR 092). Each question is placed once per pass version
// (`questions.topics_version`, null for a new, changed or moved question): a question whose file or
// an editor gave a topic keeps it; any other gets the model's topic in its discipline, stored with
// source 'prediction' and its confidence. The OAB's shipped tree is seeded into a discipline the
// first time one of its questions needs a topic.

/** Bump when the model or the trees change how questions are placed: every predicted question is placed again at the next start. */
export const TOPICS_VERSION = 1
const BATCH = 500
/** The newest labelled questions the model learns from: a bound on its training (tokenizing), not on any bank seen. */
export const MAX_LABELLED = 5000

type Runner = Db | Tx

/** A question with a topic from its file or an editor: never predicted again. */
const LABELLED = sql`EXISTS (SELECT 1 FROM question_topics l WHERE l.question_id = q.id AND l.source <> 'prediction')`

/**
 * The shipped trees into these disciplines (those behind TREE_VERSION): the topics they lack by
 * name, and the ranges and words of those nobody gave any; a range another topic of the discipline
 * already holds is left out. How many topics it created.
 */
export async function seedTrees(tx: Runner, disciplineIds: number[]) {
  if (!disciplineIds.length) return 0
  const due = await queryRows<{ id: number; name_key: string }>(
    tx,
    sql`SELECT id, name_key FROM disciplines WHERE id = ${anyOf(disciplineIds, 'int')} AND coalesce(topic_tree_version, 0) < ${TREE_VERSION} FOR UPDATE`,
  )
  if (!due.length) return 0
  const trees = new Map(shippedTrees().map((d) => [nameKey(d.name), d]))
  let created = 0
  for (const discipline of due) {
    const tree = trees.get(discipline.name_key)
    if (!tree) continue
    const existing = await queryRows<{ name_key: string; articles: string[] }>(
      tx,
      sql`SELECT name_key, articles FROM topics WHERE discipline_id = ${discipline.id}`,
    )
    const taken = existing.flatMap((t) =>
      t.articles
        .map(rangeOf)
        .filter((r): r is ArticleRange => r !== null)
        .map((range) => ({ key: t.name_key, range })),
    )
    const rows = tree.topics.map((t) => ({
      name: t.name,
      key: nameKey(t.name),
      articles: (t.articles ?? []).filter(
        (text) => !taken.some((other) => other.key !== nameKey(t.name) && rangesOverlap(other.range, rangeOf(text)!)),
      ),
      keywords: t.keywords ?? [],
    }))
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO topics (discipline_id, name, name_key, articles, keywords)
          SELECT ${discipline.id}, v.name, v.key, v.articles, v.keywords
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(name text, key text, articles text[], keywords text[])
          ON CONFLICT (discipline_id, name_key) DO NOTHING RETURNING id`,
    )
    created += inserted.length
    await tx.execute(sql`
      UPDATE topics t SET articles = v.articles, keywords = v.keywords, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(name text, key text, articles text[], keywords text[])
       WHERE t.discipline_id = ${discipline.id} AND t.name_key = v.key AND t.articles = '{}' AND t.keywords = '{}'`)
  }
  await tx.execute(
    sql`UPDATE disciplines SET topic_tree_version = ${TREE_VERSION} WHERE id = ${anyOf(
      due.map((d) => d.id),
      'int',
    )}`,
  )
  return created
}

function rangeOf(text: string) {
  const parsed = parseArticleRange(text)
  return parsed.ok ? parsed.range : null
}

/** The disciplines of questions waiting for a predicted topic whose tree is behind the shipped one. */
async function disciplinesToSeed(db: Db) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT d.id FROM disciplines d JOIN questions q ON q.discipline_id = d.id
         WHERE coalesce(d.topic_tree_version, 0) < ${TREE_VERSION}
           AND q.topics_version IS DISTINCT FROM ${TOPICS_VERSION} AND q.removed_at IS NULL AND NOT ${LABELLED}`,
  )
  return rows.map((r) => r.id)
}

/** What the topic model learns from, as the bank has it now; `turn` yields between chunks of work. */
export async function buildTopicModel(db: Db, turn: () => Promise<void> = async () => undefined) {
  const [topicRows, labelledRows] = await Promise.all([
    queryRows<{ id: number; discipline_id: number; name: string; keywords: string[]; articles: string[] }>(
      db,
      sql`SELECT id, discipline_id, name, keywords, articles FROM topics ORDER BY discipline_id, id`,
    ),
    queryRows<{ discipline_id: number; topic_id: number; statement: string; alternatives: Alternative[] }>(
      db,
      sql`SELECT q.discipline_id, l.topic_id, q.statement, q.alternatives
            FROM question_topics l JOIN questions q ON q.id = l.question_id JOIN topics t ON t.id = l.topic_id
           WHERE l.source <> 'prediction' AND q.removed_at IS NULL AND t.discipline_id = q.discipline_id
           ORDER BY q.id DESC LIMIT ${MAX_LABELLED}`,
    ),
  ])
  const trees = new Map<number, TopicSeed[]>()
  for (const t of topicRows) {
    const seeds = trees.get(t.discipline_id) ?? []
    seeds.push({
      id: t.id,
      name: t.name,
      keywords: t.keywords,
      ranges: t.articles.map(rangeOf).filter((r): r is ArticleRange => r !== null),
    })
    trees.set(t.discipline_id, seeds)
  }
  const labelled: LabelledQuestion[] = []
  for (let i = 0; i < labelledRows.length; i++) {
    const r = labelledRows[i]
    labelled.push({ disciplineId: r.discipline_id, topicId: r.topic_id, words: topicWords(questionText(r)) })
    // Reading the texts is the work: the event loop gets a turn every 200 questions.
    if (i % 200 === 199) await turn()
  }
  const names = await queryRows<{ id: number; name_key: string }>(db, sql`SELECT id, name_key FROM disciplines`)
  const discipline = lastModel(db)
  const byName = discipline.ok ? wordCountsOf(discipline.model.data) : new Map()
  const counts = new Map(names.flatMap((d) => (byName.has(d.name_key) ? [[d.id, byName.get(d.name_key)!] as const] : [])))
  return { model: new TopicModel(trees, labelled, counts), labelled: labelled.length }
}

type PlacedRow = { id: number; discipline_id: number; statement: string; alternatives: Alternative[]; year: number; labelled: boolean }

/**
 * Places every question not placed with this version: predicted topics replaced by the model's,
 * labelled questions left as they are. How many questions it placed and how many got a topic.
 * Replicas starting together share the work (SKIP LOCKED), as the citations pass does.
 */
export async function placeTopics(db: Db, model?: TopicModel): Promise<{ placed: number; predicted: number }> {
  const due = await disciplinesToSeed(db)
  if (due.length) await db.transaction((tx) => seedTrees(tx, due))
  const current = model ?? (await topicModel(db))
  let placed = 0
  let predicted = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await queryRows<PlacedRow>(
        tx,
        sql`SELECT q.id, q.discipline_id, q.statement, q.alternatives, q.year, ${LABELLED} AS labelled FROM questions q
             WHERE q.topics_version IS DISTINCT FROM ${TOPICS_VERSION} ORDER BY q.id LIMIT ${BATCH} FOR UPDATE OF q SKIP LOCKED`,
      )
      if (!rows.length) return null
      const wanted = rows.flatMap((r) => {
        if (r.labelled) return []
        const p = current.predict({ disciplineId: r.discipline_id, text: questionText(r), citations: questionCitations(r, r.year) })
        return p ? [{ question: r.id, topic: p.topicId, confidence: p.confidence }] : []
      })
      const ids = rows.map((r) => r.id)
      // Only what changed: a link removed and added back would move its answers twice (the stats trigger).
      await tx.execute(sql`
        DELETE FROM question_topics l WHERE l.question_id = ${anyOf(ids, 'int')} AND l.source = 'prediction'
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(question int, topic int, confidence double precision)
                           WHERE v.question = l.question_id AND v.topic = l.topic_id)`)
      if (wanted.length)
        await tx.execute(sql`
          INSERT INTO question_topics (question_id, topic_id, source, confidence)
          SELECT v.question, v.topic, 'prediction', v.confidence
            FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(question int, topic int, confidence double precision)
          ON CONFLICT (question_id, topic_id) DO UPDATE SET confidence = EXCLUDED.confidence WHERE question_topics.source = 'prediction'`)
      await tx.execute(sql`UPDATE questions SET topics_version = ${TOPICS_VERSION} WHERE id = ${anyOf(ids, 'int')}`)
      // The filters' topic counts moved: every server refreshes its reference data (ADR 019).
      await notifyReferenceData(tx)
      return { placed: rows.length, predicted: wanted.length }
    })
    if (!done) return { placed, predicted }
    placed += done.placed
    predicted += done.predicted
    await nextTurn()
  }
}

/** These questions are placed again at the next pass (moved to another discipline, their tree edited). */
export async function replaceTopics(tx: Runner, where: { questionIds?: number[]; disciplineIds?: number[]; predictedOnly?: boolean }) {
  const parts = [sql`true`]
  if (where.questionIds) parts.push(sql`q.id = ${anyOf(where.questionIds.length ? where.questionIds : [0], 'int')}`)
  if (where.disciplineIds) parts.push(sql`q.discipline_id = ${anyOf(where.disciplineIds.length ? where.disciplineIds : [0], 'int')}`)
  if (where.predictedOnly) parts.push(sql`NOT ${LABELLED}`)
  await tx.execute(sql`UPDATE questions q SET topics_version = NULL WHERE ${sql.join(parts, sql` AND `)}`)
}

/** A question moved to another discipline: its topics of the old one go (whoever gave them), the pass places it again. */
export async function questionsMoved(tx: Runner, questionIds: number[]) {
  if (!questionIds.length) return
  await tx.execute(sql`
    DELETE FROM question_topics l USING questions q, topics t
     WHERE l.question_id = q.id AND t.id = l.topic_id AND q.id = ${anyOf(questionIds, 'int')} AND t.discipline_id <> q.discipline_id`)
  await replaceTopics(tx, { questionIds })
}

// The model per database, rebuilt when the topics or the labels moved (a cheap version read first).
type State = { key: string | null; pending: Promise<TopicModel> | null }
const states = new WeakMap<object, State>()

async function modelKey(db: Db) {
  const [row] = await queryRows<{ key: string }>(
    db,
    sql`SELECT concat_ws('|', (SELECT count(*) FROM topics), (SELECT max(updated_at)::text FROM topics), (SELECT max(id) FROM topics),
          (SELECT count(*) FROM question_topics WHERE source <> 'prediction'),
          (SELECT coalesce(sum(question_id::bigint * 31 + topic_id), 0) FROM question_topics WHERE source <> 'prediction')) AS key`,
  )
  const discipline = lastModel(db)
  return `${row.key}|${discipline.ok ? `${discipline.origin}:${discipline.model.data.trainedOn.questions}` : 'none'}`
}

/**
 * The topic model for the bank as it is now, rebuilt when its topics or labels moved; its training
 * (reading the labelled questions' words) gives the event loop a turn every 200 questions (ADR 092).
 */
export async function topicModel(db: Db): Promise<TopicModel> {
  let state = states.get(db)
  if (!state) states.set(db, (state = { key: null, pending: null }))
  const key = await modelKey(db)
  if (state.key !== key || !state.pending) {
    state.key = key
    const pending = buildTopicModel(db, nextTurn).then((built) => built.model)
    state.pending = pending
    pending.catch(() => {
      if (state.pending === pending) state.pending = null
    })
  }
  return state.pending
}
