import type { SQL } from 'drizzle-orm'
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { disciplines, exams, questions } from '../../db/schema'
import type { CurrentModel } from '../../domain/classify/current'
import { labelsChanged } from '../../domain/classify/current'
import type { BookletQuestion } from '../../domain/classify/model'
import { ensureOabDisciplines } from '../../domain/import/importer'
import { UNCLASSIFIED_KEY } from '../../domain/import/parse-exam'
import { referenceDataChanged } from '../../domain/reference-data'
import { notifyReferenceData } from '../../domain/reference-notify'
import { nameKey } from '../../domain/text'
import { placeTopics, questionsMoved, replaceTopics } from '../../domain/topics/store'
import type { ApplyResult, ClassificationQueue, ClassificationReport, ModelJson, ReviewBody } from './contract'
import { deskRow, EXCERPT_READ } from './desk'
import type { ClassificationConfidence } from './messages'
import { appliedMessage, CLASSIFICATION_PAGE_SIZE, disciplineNotFound, questionNotFound, UNCLASSIFIED_TARGET } from './messages'
import { topicCounts } from './topics'

// The classification desk's rules and queries (ADR 052): the queue of predicted questions, the
// admin's confirmations (labels), the per-exam report and the re-prediction with the current model.

export function modelJson(current: CurrentModel): ModelJson {
  if (!current.ok) return { origin: null, trained_on: null, disciplines: 0, threshold: null, error: current.error }
  const data = current.model.data
  return {
    origin: current.origin,
    trained_on: data.trainedOn,
    disciplines: data.disciplines.length,
    threshold: data.threshold,
    error: null,
  }
}

const live = isNull(questions.removedAt)
const unclassifiedQuestion = sql`${questions.disciplineId} IN (SELECT id FROM disciplines WHERE name_key = ${UNCLASSIFIED_KEY})`
/** The queue: predicted questions and those with no discipline at all (issue 63 §1: none left out). */
const predicted = and(or(eq(questions.disciplineSource, 'prediction'), unclassifiedQuestion), live)

/** The predicted questions, least confident first; `threshold` is the current model's (null: none). */
export async function classificationQueue(
  db: Db,
  filters: { examId?: number; disciplineId?: number; confidence: ClassificationConfidence; page: number },
  model: CurrentModel,
): Promise<ClassificationQueue> {
  const threshold = model.ok ? model.model.data.threshold : null
  const below = threshold === null ? sql`true` : sql`coalesce(${questions.disciplineConfidence}, 0) < ${threshold}`
  const where: (SQL | undefined)[] = [predicted]
  if (filters.examId) where.push(eq(questions.examId, filters.examId))
  if (filters.disciplineId) where.push(eq(questions.disciplineId, filters.disciplineId))
  if (filters.confidence === 'baixa') where.push(below)
  const filtered = and(...where)
  const [rows, [{ n }], [totals], examRows, disciplineRows] = await Promise.all([
    db
      .select({
        id: questions.id,
        shortId: questions.shortId,
        number: questions.number,
        statement: sql<string>`left(${questions.statement}, ${EXCERPT_READ})`,
        confidence: questions.disciplineConfidence,
        examId: exams.id,
        examName: exams.name,
        examYear: exams.year,
        disciplineId: disciplines.id,
        disciplineName: disciplines.name,
      })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId))
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .where(filtered)
      .orderBy(sql`${questions.disciplineConfidence} ASC NULLS FIRST`, asc(questions.examId), asc(questions.number))
      .limit(CLASSIFICATION_PAGE_SIZE)
      .offset((filters.page - 1) * CLASSIFICATION_PAGE_SIZE),
    db.select({ n: count() }).from(questions).where(filtered),
    db
      .select({
        predicted: sql<number>`count(*) FILTER (WHERE NOT ${unclassifiedQuestion})::int`,
        below: sql<number>`count(*) FILTER (WHERE ${below} AND NOT ${unclassifiedQuestion})::int`,
        unclassified: sql<number>`count(*) FILTER (WHERE ${unclassifiedQuestion})::int`,
      })
      .from(questions)
      .where(predicted),
    db
      .select({ id: exams.id, name: exams.name, year: exams.year, predicted: sql<number>`count(*)::int` })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId))
      .where(predicted)
      .groupBy(exams.id)
      .orderBy(asc(exams.year), asc(exams.name)),
    db
      .select({ id: disciplines.id, name: disciplines.name })
      .from(disciplines)
      .where(ne(disciplines.nameKey, UNCLASSIFIED_KEY))
      .orderBy(asc(disciplines.name)),
  ])
  return {
    data: rows.map((r) => ({ ...deskRow(r, threshold), discipline: { id: r.disciplineId, name: r.disciplineName } })),
    total: Number(n),
    page: filters.page,
    per_page: CLASSIFICATION_PAGE_SIZE,
    totals: {
      predicted: Number(totals.predicted),
      confident: Number(totals.predicted) - Number(totals.below),
      to_review: Number(totals.below),
      unclassified: Number(totals.unclassified),
    },
    model: modelJson(model),
    exams: examRows.map((e) => ({ ...e, predicted: Number(e.predicted) })),
    disciplines: disciplineRows,
  }
}

export type ReviewOutcome = DomainOutcome<{ reviewed: number; changed: number }>

/**
 * Sets each question's discipline as the admin chose it (source 'review', no confidence): one
 * transaction, nothing written when a question or a discipline is unknown.
 */
export async function reviewQuestions(db: Db, items: ReviewBody['items'], now: Date): Promise<ReviewOutcome> {
  const questionIds = items.map((i) => i.question_id)
  const disciplineIds = [...new Set(items.map((i) => i.discipline_id))]
  const outcome = await db.transaction(async (tx): Promise<ReviewOutcome> => {
    const [found, known] = await Promise.all([
      tx
        .select({ id: questions.id, disciplineId: questions.disciplineId })
        .from(questions)
        .where(and(inArray(questions.id, questionIds), live))
        .for('update'),
      tx.select({ id: disciplines.id, nameKey: disciplines.nameKey }).from(disciplines).where(inArray(disciplines.id, disciplineIds)),
    ])
    const current = new Map(found.map((q) => [q.id, q.disciplineId]))
    const missing = questionIds.find((id) => !current.has(id))
    if (missing !== undefined) return { kind: 'not-found', message: questionNotFound(missing) }
    const keys = new Map(known.map((d) => [d.id, d.nameKey]))
    const unknown = disciplineIds.find((id) => !keys.has(id))
    if (unknown !== undefined) return { kind: 'unprocessable', message: disciplineNotFound(unknown) }
    if (disciplineIds.some((id) => keys.get(id) === UNCLASSIFIED_KEY)) return { kind: 'unprocessable', message: UNCLASSIFIED_TARGET }
    const rows = items.map((i) => sql`(${i.question_id}::int, ${i.discipline_id}::int)`)
    await tx.execute(sql`
      UPDATE questions AS q SET discipline_id = v.discipline_id, discipline_source = 'review',
        discipline_confidence = NULL, updated_at = ${now.toISOString()}::timestamptz
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, discipline_id)
      WHERE q.id = v.id`)
    const moved = items.filter((i) => current.get(i.question_id) !== i.discipline_id).map((i) => i.question_id)
    // A question in another discipline takes a topic of that one (issue 65 §2).
    await questionsMoved(tx, moved)
    await notifyReferenceData(tx)
    return { kind: 'ok', value: { reviewed: items.length, changed: moved.length } }
  })
  if (outcome.kind === 'ok') {
    labelsChanged(db)
    referenceDataChanged()
    if (outcome.value.changed) await placeTopics(db)
  }
  return outcome
}

const countsOf = (r: { total: number; file: number; review: number; predicted: number; confident: number; unclassified: number }) => ({
  total: Number(r.total),
  file: Number(r.file),
  review: Number(r.review),
  predicted: Number(r.predicted),
  confident: Number(r.confident),
  unclassified: Number(r.unclassified),
})

/** Per exam, who set its questions' disciplines; `model` gives the threshold of "confident". */
export async function classificationReport(db: Db, model: CurrentModel): Promise<ClassificationReport> {
  const threshold = model.ok ? model.model.data.threshold : 2
  const unclassified = sql`${disciplines.nameKey} = ${UNCLASSIFIED_KEY}`
  const rows = await db
    .select({
      id: exams.id,
      name: exams.name,
      year: exams.year,
      total: sql<number>`count(*)::int`,
      file: sql<number>`count(*) FILTER (WHERE ${questions.disciplineSource} = 'file' AND NOT ${unclassified})::int`,
      review: sql<number>`count(*) FILTER (WHERE ${questions.disciplineSource} = 'review' AND NOT ${unclassified})::int`,
      predicted: sql<number>`count(*) FILTER (WHERE ${questions.disciplineSource} = 'prediction' AND NOT ${unclassified})::int`,
      confident: sql<number>`count(*) FILTER (WHERE ${questions.disciplineSource} = 'prediction' AND NOT ${unclassified} AND ${questions.disciplineConfidence} >= ${threshold})::int`,
      unclassified: sql<number>`count(*) FILTER (WHERE ${unclassified})::int`,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
    .where(live)
    .groupBy(exams.id)
    .orderBy(asc(exams.year), asc(exams.name))
  const byExam = await topicCounts(db)
  const none = { file: 0, review: 0, predicted: 0, confident: 0, none: 0 }
  const list = rows.map((r) => ({ id: r.id, name: r.name, year: r.year, ...countsOf(r), topics: byExam.get(r.id) ?? none }))
  const sum = (key: Exclude<keyof ReturnType<typeof countsOf>, 'topics'>) => list.reduce((n, r) => n + r[key], 0)
  const sumTopics = (key: keyof typeof none) => list.reduce((n, r) => n + r.topics[key], 0)
  return {
    exams: list,
    totals: {
      total: sum('total'),
      file: sum('file'),
      review: sum('review'),
      predicted: sum('predicted'),
      confident: sum('confident'),
      unclassified: sum('unclassified'),
      topics: {
        file: sumTopics('file'),
        review: sumTopics('review'),
        predicted: sumTopics('predicted'),
        confident: sumTopics('confident'),
        none: sumTopics('none'),
      },
    },
    model: modelJson(model),
  }
}

/**
 * Predicts again, exam by exam (the booklet in number order, its labels pinned), every live
 * question still predicted or under "Não classificada"; file and review labels never change.
 * A prediction of a discipline the bank lacks creates it when it is the OAB's; of any other, leaves
 * its question as it was.
 */
export async function applyModel(db: Db, current: CurrentModel & { ok: true }, now: Date): Promise<Omit<ApplyResult, 'model'>> {
  const model = current.model
  const target = or(eq(questions.disciplineSource, 'prediction'), eq(disciplines.nameKey, UNCLASSIFIED_KEY))
  const examIds = (
    await db
      .selectDistinct({ id: questions.examId })
      .from(questions)
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .where(and(live, target))
  ).map((r) => r.id)
  const bank = await db.select({ id: disciplines.id, name: disciplines.name, nameKey: disciplines.nameKey }).from(disciplines)
  const byKey = new Map(bank.map((d) => [d.nameKey, d]))
  const changed: ApplyResult['changed'] = []
  const unknown: ApplyResult['unknown'] = []
  const updates: { id: number; disciplineId: number; confidence: number }[] = []
  /** The predictions into a discipline the bank lacks, until it is known whether the OAB has it. */
  const predicted = new Map<number, { from: string; confidence: number; confident: boolean }>()
  let examined = 0
  for (const examId of examIds) {
    const rows = await db
      .select({
        id: questions.id,
        number: questions.number,
        statement: questions.statement,
        alternatives: questions.alternatives,
        source: questions.disciplineSource,
        confidence: questions.disciplineConfidence,
        disciplineId: disciplines.id,
        discipline: disciplines.name,
        nameKey: disciplines.nameKey,
        exam: exams.name,
      })
      .from(questions)
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .innerJoin(exams, eq(exams.id, questions.examId))
      .where(and(eq(questions.examId, examId), live))
      .orderBy(asc(questions.number))
    const isTarget = (r: (typeof rows)[number]) => r.source === 'prediction' || r.nameKey === UNCLASSIFIED_KEY
    const booklet: BookletQuestion[] = rows.map((r) => ({ ...r, discipline: isTarget(r) ? null : r.discipline }))
    const predictions = new Map(model.classify(booklet).map((p) => [p.number, p]))
    for (const r of rows.filter(isTarget)) {
      examined++
      const p = predictions.get(r.number)!
      const to = byKey.get(nameKey(p.discipline))
      if (!to || to.nameKey === UNCLASSIFIED_KEY) {
        unknown.push({ question_id: r.id, exam: r.exam, number: r.number, discipline: p.discipline })
        predicted.set(r.id, { from: r.discipline, confidence: p.confidence, confident: p.confident })
        continue
      }
      if (to.id !== r.disciplineId)
        changed.push({
          question_id: r.id,
          exam: r.exam,
          number: r.number,
          from: r.discipline,
          to: to.name,
          confidence: p.confidence,
          confident: p.confident,
        })
      if (to.id !== r.disciplineId || r.source !== 'prediction' || r.confidence !== p.confidence)
        updates.push({ id: r.id, disciplineId: to.id, confidence: p.confidence })
    }
  }
  if (unknown.length) {
    // A prediction into one of the OAB's disciplines the bank lacks creates it, as an import does (issue 63 §1).
    const created = await ensureOabDisciplines(
      db,
      unknown.map((u) => u.discipline),
    )
    const left = unknown.filter((u) => !created.byKey.has(nameKey(u.discipline)))
    for (const u of unknown.filter((x) => !left.includes(x))) {
      const to = created.byKey.get(nameKey(u.discipline))!
      const p = predicted.get(u.question_id)!
      changed.push({
        question_id: u.question_id,
        exam: u.exam,
        number: u.number,
        from: p.from,
        to: to.name,
        confidence: p.confidence,
        confident: p.confident,
      })
      updates.push({ id: u.question_id, disciplineId: to.id, confidence: p.confidence })
    }
    unknown.splice(0, unknown.length, ...left)
  }
  if (updates.length) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < updates.length; i += 1000) {
        const rows = updates.slice(i, i + 1000).map((u) => sql`(${u.id}::int, ${u.disciplineId}::int, ${u.confidence}::double precision)`)
        await tx.execute(sql`
          UPDATE questions AS q SET discipline_id = v.discipline_id, discipline_source = 'prediction',
            discipline_confidence = v.confidence, updated_at = ${now.toISOString()}::timestamptz
          FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, discipline_id, confidence)
          WHERE q.id = v.id AND (q.discipline_source = 'prediction'
            OR q.discipline_id IN (SELECT id FROM disciplines WHERE name_key = ${UNCLASSIFIED_KEY}))`)
      }
      await questionsMoved(
        tx,
        changed.map((c) => c.question_id),
      )
      await notifyReferenceData(tx)
    })
    referenceDataChanged()
  }
  // The predicted topics too, with the model as the labels now teach it (and the moved questions').
  await replaceTopics(db, { predictedOnly: true })
  const topics = await placeTopics(db)
  return { success: true, message: appliedMessage(changed.length), examined, changed, unknown, predicted_topics: topics.predicted }
}
