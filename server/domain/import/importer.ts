import crypto from 'node:crypto'

import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'

import { isUniqueViolation } from '../../db/errors'
import type { Db } from '../../db/index'
import type { DisciplineSource } from '../../db/schema'
import { analysisRevisions, disciplines, exams, officialMix, questions, questionTopics, topics } from '../../db/schema'
import { regradeSittings } from '../answering'
import { readCitations } from '../citations/store'
import type { ModelLoad } from '../classify/load'
import { defaultModel } from '../classify/load'
import type { DisciplineModel } from '../classify/model'
import { referenceDataChanged } from '../reference-data'
import type { Tx } from '../reference-notify'
import { notifyReferenceData } from '../reference-notify'
import { nameKey } from '../text'
import { placeTopics, questionsMoved, replaceTopics } from '../topics/store'
import type { ParsedDiscipline } from './parse-disciplines'
import { overlaps, parseDisciplinesFile } from './parse-disciplines'
import type { ParsedExam } from './parse-exam'
import { HEADER_ITEM, parseExamFile, UNCLASSIFIED, UNCLASSIFIED_KEY } from './parse-exam'
import type { FileError, ItemErrors } from './text-file'
import { located } from './text-file'

/**
 * Writes parsed files to the database (docs/import-formats.md "Identity, force and re-upload").
 * Each file runs in ONE transaction with bulk statements: any error rolls everything back.
 */

/** Thrown inside the transaction so that it rolls back; carries the errors per item. */
export class ImportValidationError extends Error {
  constructor(readonly errors: ItemErrors[]) {
    super('Validação falhou')
    this.name = 'ImportValidationError'
  }
}

type Runner = Db | Tx

export function examIdentityKey(exam: { name: string; year: number; board: string }) {
  return `${nameKey(exam.name)}|${exam.year}|${nameKey(exam.board)}`
}

export function newShortId() {
  return crypto.randomBytes(6).readUIntBE(0, 6).toString(36).padStart(10, '0').slice(-8)
}

const byFirst = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

type DisciplineRow = { id: number; name: string; nameKey: string }
type TopicRow = { id: number; disciplineId: number; name: string; nameKey: string }

/** Inserts the disciplines whose key is missing (first spelling wins) and returns all of them by key. */
async function upsertDisciplines(tx: Runner, names: string[]) {
  const wanted = new Map<string, string>()
  for (const name of names) if (!wanted.has(nameKey(name))) wanted.set(nameKey(name), name.trim().replace(/\s+/g, ' '))
  if (wanted.size === 0) return { byKey: new Map<string, DisciplineRow>(), created: 0, createdNames: [] as string[] }
  // Keys in one order: two files importing at once wait on each other's new rows, never in a cycle.
  const created = await tx
    .insert(disciplines)
    .values([...wanted].sort(byFirst).map(([key, name]) => ({ name, nameKey: key })))
    .onConflictDoNothing({ target: disciplines.nameKey })
    .returning({ id: disciplines.id, name: disciplines.name })
  const rows = await tx
    .select({ id: disciplines.id, name: disciplines.name, nameKey: disciplines.nameKey })
    .from(disciplines)
    .where(inArray(disciplines.nameKey, [...wanted.keys()]))
  return { byKey: new Map(rows.map((r) => [r.nameKey, r])), created: created.length, createdNames: created.map((r) => r.name) }
}

/** Which of these names are disciplines of the OAB's first phase (reference data: official_mix), by key. */
export async function oabKeysAmong(tx: Runner, names: string[]) {
  if (!names.length) return new Set<string>()
  const rows = await tx
    .select({ nameKey: officialMix.nameKey })
    .from(officialMix)
    .where(inArray(officialMix.nameKey, [...new Set(names.map(nameKey))]))
  return new Set(rows.map((r) => r.nameKey))
}

/** Creates the disciplines of these names that the OAB has and the bank lacks (issue 63 §1); the rows of those it has now. */
export async function ensureOabDisciplines(tx: Runner, names: string[]) {
  const keys = await oabKeysAmong(tx, names)
  return upsertDisciplines(
    tx,
    names.filter((name) => keys.has(nameKey(name))),
  )
}

async function upsertTopics(tx: Runner, pairs: { disciplineId: number; name: string }[]) {
  const wanted = new Map<string, { disciplineId: number; name: string; nameKey: string }>()
  for (const pair of pairs) {
    const key = `${pair.disciplineId}|${nameKey(pair.name)}`
    if (!wanted.has(key))
      wanted.set(key, { disciplineId: pair.disciplineId, name: pair.name.trim().replace(/\s+/g, ' '), nameKey: nameKey(pair.name) })
  }
  if (wanted.size === 0) return { byKey: new Map<string, TopicRow>(), created: 0 }
  const created = await tx
    .insert(topics)
    .values([...wanted].sort(byFirst).map(([, row]) => row))
    .onConflictDoNothing({ target: [topics.disciplineId, topics.nameKey] })
    .returning({ id: topics.id })
  const disciplineIds = [...new Set(pairs.map((p) => p.disciplineId))]
  const rows = await tx.select().from(topics).where(inArray(topics.disciplineId, disciplineIds))
  return { byKey: new Map(rows.map((r) => [`${r.disciplineId}|${r.nameKey}`, r])), created: created.length }
}

export type DisciplineImportResult = { createdDisciplines: number; createdTopics: number }

/**
 * Upsert of a discipline file: adds what is new, never deletes. A topic given as an object with
 * `artigos` or `palavras` (issue 65 §1) sets them, checked against the ranges of the discipline's
 * topics the file leaves out; any overlap fails the whole file.
 */
export async function importDisciplines(db: Db, list: ParsedDiscipline[]): Promise<DisciplineImportResult> {
  const result = await db.transaction(async (tx) => {
    const { byKey, created } = await upsertDisciplines(
      tx,
      list.map((d) => d.name),
    )
    const pairs = list.flatMap((d) => d.topics.map((topic) => ({ disciplineId: byKey.get(nameKey(d.name))!.id, name: topic.name })))
    const topicResult = await upsertTopics(tx, pairs)
    const errors: ItemErrors[] = []
    const detailed: { disciplineId: number; key: string; articles: string[] | null; keywords: string[] | null }[] = []
    for (const d of list) {
      const disciplineId = byKey.get(nameKey(d.name))!.id
      const given = d.topics.filter((t) => t.articles || t.keywords)
      if (!given.length) continue
      const named = new Set(d.topics.map((t) => nameKey(t.name)))
      const others = (await tx.select().from(topics).where(eq(topics.disciplineId, disciplineId)))
        .filter((t) => !named.has(t.nameKey))
        .map((t) => ({ name: t.name, articles: t.articles, path: 'já cadastrado' }))
      const clashes = overlaps([...d.topics, ...others], given)
      if (clashes.length) errors.push({ item: d.name, errors: clashes })
      for (const t of given)
        detailed.push({ disciplineId, key: nameKey(t.name), articles: t.articles ?? null, keywords: t.keywords ?? null })
    }
    if (errors.length) throw new ImportValidationError(errors)
    if (detailed.length)
      await tx.execute(sql`
        UPDATE topics t SET articles = coalesce(v.articles, t.articles), keywords = coalesce(v.keywords, t.keywords), updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(detailed)}::jsonb) AS v("disciplineId" int, key text, articles text[], keywords text[])
         WHERE t.discipline_id = v."disciplineId" AND t.name_key = v.key`)
    // A tree that changed places its discipline's predicted questions again.
    const changed = [...new Set([...detailed.map((t) => t.disciplineId), ...(topicResult.created ? pairs.map((p) => p.disciplineId) : [])])]
    if (changed.length) await replaceTopics(tx, { disciplineIds: changed, predictedOnly: true })
    await notifyReferenceData(tx)
    return { createdDisciplines: created, createdTopics: topicResult.created }
  })
  referenceDataChanged()
  // The new and changed questions' citations, read now so the import's questions filter at once (ADR 055).
  await readCitations(db)
  await placeTopics(db).catch(() => undefined)
  return result
}

/** The discipline each question is stored under, and who chose it (ADR 051). */
type Placed = { name: string; source: DisciplineSource; confidence: number | null; confident: boolean }

export type ImportOptions = {
  force: boolean
  now: Date
  /**
   * Predicts `DISCIPLINA: Não classificada`: a model, or a function giving one (called only when
   * the file has unlabelled questions: the bank's current model may need retraining, ADR 052);
   * the shipped model when left out, none with null.
   */
  model?: DisciplineModel | null | (() => Promise<ModelLoad>)
}

/**
 * The file's own label always wins; an unlabelled question gets the model's discipline with
 * its probability, or "Não classificada" when there is no model (missing or broken file).
 */
async function placeQuestions(exam: ParsedExam, option: ImportOptions['model']) {
  const placed: Placed[] = exam.questions.map((q) => ({
    name: q.discipline ?? UNCLASSIFIED,
    source: 'file',
    confidence: null,
    confident: false,
  }))
  let predictionError: string | null = null
  if (exam.questions.some((q) => q.discipline === null)) {
    let model: DisciplineModel | null = null
    if (option === undefined || typeof option === 'function') {
      const loaded = option ? await option() : defaultModel()
      if (loaded.ok) model = loaded.model
      else predictionError = loaded.error
    } else model = option
    if (model) {
      const byNumber = new Map(model.classify(exam.questions).map((p) => [p.number, p]))
      exam.questions.forEach((q, i) => {
        const p = byNumber.get(q.number)
        if (q.discipline === null && p)
          placed[i] = { name: p.discipline, source: 'prediction', confidence: p.confidence, confident: p.confident }
      })
    }
  }
  return { placed, predictionError }
}

export type ExamImportResult = {
  examId: number
  examCreated: boolean
  processedQuestions: number
  created: number
  updated: number
  removed: number
  createdDisciplines: number
  createdTopics: number
  /** Questions whose discipline the classifier chose, and how many of those it was confident of. */
  predicted: number
  confident: number
  /** Why nothing was predicted (no model), if so. */
  predictionError: string | null
  /** Questions whose discipline the file gave (not "Não classificada"). */
  labelledByFile: number
  /** Questions stored under "Não classificada", and why (null when none). */
  unclassified: number
  unclassifiedReason: string | null
  /** The disciplines this import created, by name ("Não classificada" left out when predicted into). */
  createdDisciplineNames: string[]
  /** Questions of the bank (this import's and any waiting) that the topic model gave a topic. */
  predictedTopics?: number
}

/** Why questions stayed "Não classificada": no model, or a prediction into a discipline that is not the OAB's. */
function unclassifiedReason(predictionError: string | null, notRegistered: string[]) {
  if (predictionError) return predictionError
  if (notRegistered.length)
    return `a disciplina prevista não está cadastrada nem é da OAB (${notRegistered.join(', ')}): cadastre-a e classifique em /admin/classificacao`
  return 'nenhum modelo de disciplinas foi usado nesta importação'
}

/**
 * Imports one parsed exam. Without force, unknown disciplines/topics and an existing exam are
 * validation errors; with force they are created, and an existing exam is replaced in place:
 * same QUESTAO number = UPDATE keeping the id, new = INSERT, missing = removed_at set.
 */
export async function importExam(db: Db, exam: ParsedExam, options: ImportOptions): Promise<ExamImportResult> {
  const identityKey = examIdentityKey(exam)
  const { placed, predictionError } = await placeQuestions(exam, options.model)
  const result = await db.transaction(async (tx) => {
    const existingExam = (await tx.select().from(exams).where(eq(exams.identityKey, identityKey)))[0]
    let createdDisciplines = 0
    let createdDisciplineNames: string[] = []
    /** Predicted disciplines that are neither in the bank nor the OAB's: their questions stay "Não classificada". */
    const notRegistered = new Set<string>()
    let createdTopics = 0
    let disciplineByKey: Map<string, DisciplineRow>
    let topicByKey: Map<string, TopicRow>

    if (!options.force) {
      const errors = new Map<string, FileError[]>()
      const push = (item: string, error: FileError) => errors.set(item, [...(errors.get(item) ?? []), error])
      if (existingExam)
        push(
          HEADER_ITEM,
          located(
            exam.line,
            `Prova já importada: ${existingExam.name} (${existingExam.year}, ${existingExam.board}); envie com force para substituí-la`,
          ),
        )
      const keys = [...new Set(placed.map((p) => nameKey(p.name)))]
      const rows = await tx
        .select({ id: disciplines.id, name: disciplines.name, nameKey: disciplines.nameKey })
        .from(disciplines)
        .where(inArray(disciplines.nameKey, keys))
      disciplineByKey = new Map(rows.map((r) => [r.nameKey, r]))
      const topicRows = rows.length
        ? await tx
            .select()
            .from(topics)
            .where(
              inArray(
                topics.disciplineId,
                rows.map((r) => r.id),
              ),
            )
        : []
      topicByKey = new Map(topicRows.map((r) => [`${r.disciplineId}|${r.nameKey}`, r]))
      // A prediction or "Não classificada" never fails a file (issue 63 §1): a predicted discipline
      // the bank lacks is created when it is one of the OAB's (reference data, official_mix), and
      // said in the report; any other falls back to "Não classificada", with the reason.
      const missing = placed.filter((p) => p.source === 'prediction' && !disciplineByKey.has(nameKey(p.name)))
      const official = await oabKeysAmong(
        tx,
        missing.map((p) => p.name),
      )
      for (const p of missing)
        if (!official.has(nameKey(p.name))) {
          notRegistered.add(p.name)
          Object.assign(p, { name: UNCLASSIFIED, source: 'file', confidence: null, confident: false })
        }
      const toCreate = placed
        .filter((p) => !disciplineByKey.has(nameKey(p.name)) && (p.source === 'prediction' || nameKey(p.name) === UNCLASSIFIED_KEY))
        .map((p) => p.name)
      if (toCreate.length) {
        const d = await upsertDisciplines(tx, toCreate)
        for (const [key, row] of d.byKey) disciplineByKey.set(key, row)
        createdDisciplines = d.created
        createdDisciplineNames = d.createdNames.filter((name) => nameKey(name) !== UNCLASSIFIED_KEY)
      }
      for (const [index, q] of exam.questions.entries()) {
        const discipline = disciplineByKey.get(nameKey(placed[index].name))
        if (!discipline) {
          push(`QUESTAO ${q.number}`, located(q.disciplineLine, `Disciplina não cadastrada: ${placed[index].name}`))
          continue
        }
        for (const topic of q.topics) {
          if (!topicByKey.has(`${discipline.id}|${nameKey(topic)}`)) {
            push(`QUESTAO ${q.number}`, located(q.topicsLine, `Assunto não cadastrado: ${topic} (em ${discipline.name})`))
          }
        }
      }
      if (errors.size) throw new ImportValidationError([...errors].map(([item, list]) => ({ item, errors: list })))
    } else {
      const d = await upsertDisciplines(
        tx,
        placed.map((p) => p.name),
      )
      disciplineByKey = d.byKey
      createdDisciplines = d.created
      createdDisciplineNames = d.createdNames
      const t = await upsertTopics(
        tx,
        exam.questions.flatMap((q, i) => q.topics.map((name) => ({ disciplineId: d.byKey.get(nameKey(placed[i].name))!.id, name }))),
      )
      topicByKey = t.byKey
      createdTopics = t.created
    }

    // The exam row: created, or its display fields refreshed on a forced re-upload.
    let examId: number
    if (existingExam) {
      examId = existingExam.id
      await tx
        .update(exams)
        // A file without DATA keeps the day an admin or an earlier file set.
        .set({
          name: exam.name,
          organization: exam.organization,
          board: exam.board,
          ...(exam.appliedOn ? { appliedOn: exam.appliedOn } : {}),
          updatedAt: options.now,
        })
        .where(eq(exams.id, examId))
    } else {
      const [row] = await tx
        .insert(exams)
        .values({
          name: exam.name,
          year: exam.year,
          board: exam.board,
          organization: exam.organization,
          appliedOn: exam.appliedOn,
          identityKey,
        })
        .returning({ id: exams.id })
      examId = row.id
    }

    const current = existingExam
      ? await tx.select({ id: questions.id, number: questions.number }).from(questions).where(eq(questions.examId, examId))
      : []
    const idByNumber = new Map(current.map((r) => [r.number, r.id]))
    const values = exam.questions.map((q, i) => ({
      number: q.number,
      disciplineId: disciplineByKey.get(nameKey(placed[i].name))!.id,
      disciplineSource: placed[i].source,
      disciplineConfidence: placed[i].confidence,
      difficulty: q.difficulty,
      statement: q.statement,
      alternatives: q.alternatives,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      videoUrl: q.videoUrl,
      year: exam.year,
      board: exam.board,
    }))
    const toInsert = values.filter((v) => !idByNumber.has(v.number))
    const toUpdate = values.filter((v) => idByNumber.has(v.number))

    if (toInsert.length) {
      // One statement with the rows as one JSON parameter and the search vector computed
      // set-wise: the per-row trigger was most of an import's time (bench/README.md).
      const rows = toInsert.map((v) => ({
        short_id: newShortId(),
        exam_id: examId,
        number: v.number,
        discipline_id: v.disciplineId,
        discipline_source: v.disciplineSource,
        discipline_confidence: v.disciplineConfidence,
        difficulty: v.difficulty,
        statement: v.statement,
        alternatives: v.alternatives,
        correct_answer: v.correctAnswer,
        explanation: v.explanation,
        video_url: v.videoUrl,
        year: v.year,
        board: v.board,
      }))
      const result = await tx.execute(sql`
        INSERT INTO questions (short_id, exam_id, number, discipline_id, discipline_source, discipline_confidence, difficulty, statement, alternatives, correct_answer, explanation,
          explanation_source, explanation_version, explanation_updated_at, video_url, year, board, search_vector)
        SELECT v.short_id, v.exam_id, v.number, v.discipline_id, v.discipline_source, v.discipline_confidence, v.difficulty, v.statement, v.alternatives, v.correct_answer, v.explanation,
          CASE WHEN v.explanation IS NULL THEN NULL ELSE 'import' END, CASE WHEN v.explanation IS NULL THEN 0 ELSE 1 END,
          CASE WHEN v.explanation IS NULL THEN NULL ELSE ${options.now.toISOString()}::timestamptz END, v.video_url, v.year, v.board,
          gabarita_question_vector(v.statement, v.alternatives, d.name)
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(short_id text, exam_id int, number int, discipline_id int,
          discipline_source text, discipline_confidence double precision, difficulty text,
          statement text, alternatives jsonb, correct_answer text, explanation text, video_url text, year int, board text)
        JOIN disciplines d ON d.id = v.discipline_id
        RETURNING id, number`)
      for (const row of (result as unknown as { rows: { id: number; number: number }[] }).rows) idByNumber.set(row.number, row.id)
      const explained = toInsert.filter((v) => v.explanation !== null).map((v) => ({ id: idByNumber.get(v.number)!, text: v.explanation! }))
      await recordImportedAnalyses(
        tx,
        explained.map((e) => ({ ...e, version: 1 })),
        options.now,
      )
    }
    if (toUpdate.length) {
      // A professor's analysis outlives a re-import (ADR 059); an imported text the file changed is a new version.
      const before = await tx
        .select({
          id: questions.id,
          explanation: questions.explanation,
          source: questions.explanationSource,
          version: questions.explanationVersion,
          key: questions.correctAnswer,
        })
        .from(questions)
        .where(
          inArray(
            questions.id,
            toUpdate.map((v) => idByNumber.get(v.number)!),
          ),
        )
      const kept = new Map(before.map((b) => [b.id, b]))
      for (const v of toUpdate) {
        const old = kept.get(idByNumber.get(v.number)!)!
        if (old.source === 'professor') v.explanation = old.explanation
      }
      const changed = toUpdate
        .map((v) => ({ v, old: kept.get(idByNumber.get(v.number)!)! }))
        .filter(({ v, old }) => old.source !== 'professor' && (old.explanation ?? null) !== v.explanation)
      if (changed.length)
        await tx.execute(sql`
        UPDATE questions AS q SET explanation_version = q.explanation_version + 1, explanation_updated_at = ${options.now.toISOString()}::timestamptz,
          explanation_source = CASE WHEN v.text IS NULL THEN NULL ELSE 'import' END, explanation_by = NULL, explanation_credit = NULL, alternative_comments = NULL
        FROM jsonb_to_recordset(${JSON.stringify(changed.map(({ v, old }) => ({ id: old.id, text: v.explanation })))}::jsonb) AS v(id int, text text)
        WHERE q.id = v.id`)
      await recordImportedAnalyses(
        tx,
        changed.map(({ v, old }) => ({ id: old.id, text: v.explanation, version: old.version + 1 })),
        options.now,
      )
      // One UPDATE ... FROM (VALUES ...) for every kept question: ids (and user data) stay.
      const rows = toUpdate.map(
        (v) =>
          sql`(${idByNumber.get(v.number)!}::int, ${v.disciplineId}::int, ${v.disciplineSource}::text, ${v.disciplineConfidence}::double precision, ${v.difficulty}::text, ${v.statement}::text, ${JSON.stringify(v.alternatives)}::jsonb, ${v.correctAnswer}::text, ${v.explanation}::text, ${v.videoUrl}::text, ${v.year}::int, ${v.board}::text)`,
      )
      await tx.execute(sql`
        UPDATE questions AS q SET
          discipline_id = v.discipline_id, discipline_source = v.discipline_source,
          discipline_confidence = v.discipline_confidence, difficulty = v.difficulty, statement = v.statement,
          alternatives = v.alternatives, correct_answer = v.correct_answer, explanation = v.explanation,
          video_url = v.video_url, year = v.year, board = v.board, removed_at = NULL, citations_version = NULL, topics_version = NULL, updated_at = now(),
          -- What a student answers changed: a card shown before now is refused its answer (ADR 097).
          content_changed_at = CASE
            WHEN q.statement IS DISTINCT FROM v.statement OR q.alternatives IS DISTINCT FROM v.alternatives
              OR q.correct_answer IS DISTINCT FROM v.correct_answer
            THEN ${options.now.toISOString()}::timestamptz ELSE q.content_changed_at END
        FROM (VALUES ${sql.join(rows, sql`, `)})
          AS v(id, discipline_id, discipline_source, discipline_confidence, difficulty, statement, alternatives, correct_answer, explanation, video_url, year, board)
        WHERE q.id = v.id`)
      // A key the file changed (an annulment after the exam, a corrected key) re-grades the finished
      // simulados that had the question, as the board re-grades everyone (issue 62).
      const rekeyed = toUpdate.filter((v) => (kept.get(idByNumber.get(v.number)!)!.key ?? null) !== (v.correctAnswer ?? null))
      if (rekeyed.length) await regradeSittings(tx, { questionIds: rekeyed.map((v) => idByNumber.get(v.number)!) })
    }
    let removed = 0
    if (existingExam) {
      const numbers = exam.questions.map((q) => q.number)
      const marked = await tx
        .update(questions)
        .set({ removedAt: options.now, updatedAt: options.now })
        .where(and(eq(questions.examId, examId), notInArray(questions.number, numbers), isNull(questions.removedAt)))
        .returning({ id: questions.id })
      removed = marked.length
    }

    // Topic links of the questions in the file are rewritten from the file; a question the file
    // gives no topic keeps an editor's (ADR 092) while it stays in that topic's discipline, and
    // its predicted one is placed again after the import.
    const presentIds = exam.questions.map((q) => idByNumber.get(q.number)!)
    if (toUpdate.length) {
      const updated = new Set(toUpdate.map((v) => v.number))
      const withTopics = exam.questions.filter((q) => updated.has(q.number) && q.topics.length).map((q) => idByNumber.get(q.number)!)
      const without = exam.questions.filter((q) => updated.has(q.number) && !q.topics.length).map((q) => idByNumber.get(q.number)!)
      if (withTopics.length) await tx.delete(questionTopics).where(inArray(questionTopics.questionId, withTopics))
      if (without.length)
        await tx.delete(questionTopics).where(and(inArray(questionTopics.questionId, without), ne(questionTopics.source, 'review')))
      await questionsMoved(tx, without)
    }
    const links = exam.questions.flatMap((q, index) => {
      const disciplineId = disciplineByKey.get(nameKey(placed[index].name))!.id
      return q.topics.map((topic) => ({ questionId: presentIds[index], topicId: topicByKey.get(`${disciplineId}|${nameKey(topic)}`)!.id }))
    })
    // Two array parameters instead of two per link: a file's links are thousands of parameters.
    if (links.length)
      await tx.execute(sql`
        INSERT INTO question_topics (question_id, topic_id)
        SELECT * FROM unnest(${`{${links.map((l) => l.questionId).join(',')}}`}::int[], ${`{${links.map((l) => l.topicId).join(',')}}`}::int[])
        ON CONFLICT DO NOTHING`)
    await notifyReferenceData(tx)

    const unclassified = placed.filter((p) => nameKey(p.name) === UNCLASSIFIED_KEY).length
    return {
      examId,
      examCreated: !existingExam,
      processedQuestions: exam.questions.length,
      created: toInsert.length,
      updated: toUpdate.length,
      removed,
      createdDisciplines,
      createdTopics,
      predicted: placed.filter((p) => p.source === 'prediction').length,
      confident: placed.filter((p) => p.source === 'prediction' && p.confident).length,
      predictionError,
      labelledByFile: exam.questions.filter((q) => q.discipline !== null).length,
      unclassified,
      unclassifiedReason: unclassified ? unclassifiedReason(predictionError, [...notRegistered]) : null,
      createdDisciplineNames,
    }
  })
  referenceDataChanged()
  // The new and changed questions' citations, read now so the import's questions filter at once (ADR 055).
  await readCitations(db)
  // And their topics (issue 65 §2): the file's, else the model's. The import has committed: a pass
  // that fails leaves its questions to the next one (at the latest, the next start's).
  const topicPass = await placeTopics(db).catch(() => ({ placed: 0, predicted: 0 }))
  if (topicPass.predicted) referenceDataChanged()
  return { ...result, predictedTopics: topicPass.predicted }
}

/** What an upload reports per file (API, admin pages and CLI). */
export type FileResult = {
  filename: string
  success: boolean
  message: string
  validations: { item: string; errors: { message: string }[] }[]
  processing_time_ms: number
  processed_questions: number
  exam?: { id: number; name: string; year: number; board: string; created: boolean }
  created?: number
  updated?: number
  removed?: number
  created_disciplines?: number
  created_topics?: number
  /** Questions the topic model gave a topic (issue 65 §2): those the file named none for. */
  predicted_topics?: number
  predicted_disciplines?: number
  confident_predictions?: number
  prediction_warning?: string
  classification?: ClassificationReport
}

/** How the questions of an imported exam got their discipline (issue 63 §1). */
export type ClassificationReport = {
  by_file: number
  confident: number
  for_review: number
  unclassified: number
  unclassified_reason: string | null
  created_disciplines: string[]
}

/** A file that imported: the counts the caller adds go beside the common fields. */
function succeededFile(filename: string, started: number, processed: number, counts: Partial<FileResult>): FileResult {
  return {
    filename,
    success: true,
    message: 'Upload realizado com sucesso!',
    validations: [],
    processing_time_ms: Math.round(performance.now() - started),
    processed_questions: processed,
    ...counts,
  }
}

export function failedFile(filename: string, validations: ItemErrors[], started: number, message?: string): FileResult {
  const count = validations.reduce((n, v) => n + v.errors.length, 0)
  return {
    filename,
    success: false,
    message: message ?? `Validação falhou - ${count} erro(s) encontrado(s)`,
    validations: validations.map((v) => ({ item: v.item, errors: v.errors.map((e) => ({ message: e.message })) })),
    processing_time_ms: Math.round(performance.now() - started),
    processed_questions: 0,
  }
}

/** Parse + import of one exam file; never throws for a bad file (the DB is left unchanged). */
export async function importExamBytes(db: Db, filename: string, bytes: Uint8Array, options: ImportOptions): Promise<FileResult> {
  const started = performance.now()
  const parsed = parseExamFile(bytes, options.now)
  if (!parsed.ok) return failedFile(filename, parsed.errors, started)
  return importParsedExam(db, filename, parsed.exam, started, options)
}

async function importParsedExam(db: Db, filename: string, exam: ParsedExam, started: number, options: ImportOptions) {
  try {
    const result = await importExam(db, exam, options)
    return succeededFile(filename, started, result.processedQuestions, {
      exam: { id: result.examId, name: exam.name, year: exam.year, board: exam.board, created: result.examCreated },
      created: result.created,
      updated: result.updated,
      removed: result.removed,
      created_disciplines: result.createdDisciplines,
      created_topics: result.createdTopics,
      ...(result.predictedTopics ? { predicted_topics: result.predictedTopics } : {}),
      ...(result.predicted ? { predicted_disciplines: result.predicted, confident_predictions: result.confident } : {}),
      ...(result.predictionError ? { prediction_warning: result.predictionError } : {}),
      classification: {
        by_file: result.labelledByFile,
        confident: result.confident,
        for_review: result.predicted - result.confident,
        unclassified: result.unclassified,
        unclassified_reason: result.unclassifiedReason,
        created_disciplines: result.createdDisciplineNames,
      },
    })
  } catch (error) {
    if (error instanceof ImportValidationError) return failedFile(filename, error.errors, started)
    // Two uploads of the same new exam at once: the loser's transaction hit the unique key
    // and rolled back; report it on the file instead of a 500.
    if (isUniqueViolation(error)) {
      const message = `Erro no arquivo ${filename}: outra importação da mesma prova terminou antes; envie de novo (com force para substituí-la)`
      return failedFile(filename, [{ item: HEADER_ITEM, errors: [{ message }] }], started, message)
    }
    throw error
  }
}

/** A part of an upload: its bytes, or why they were not read (too big, wrong type). */
export type UploadedFile = { filename: string; bytes?: Uint8Array; error?: string }

/** A part the upload could not read, reported on its own like a file that failed validation. */
export function unreadFile(file: UploadedFile, started: number) {
  const message = file.error ?? 'arquivo vazio'
  return failedFile(file.filename, [{ item: 'arquivo', errors: [{ message }] }], started, file.error)
}

/**
 * The exam files of one upload, each in its own transaction, results in the files' order.
 * `lanes` files import at once (ADR 027): on PostgreSQL each transaction has its own backend,
 * so two files use both cores for their search vectors; PGlite has one connection (one lane).
 * Files naming the same exam share a lane, in order: a later one still replaces an earlier one.
 */
export async function importExamFiles(
  db: Db,
  files: UploadedFile[],
  options: { force: boolean; lanes: number; now: Date; model?: ImportOptions['model'] },
): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length)
  const byExam = new Map<string, { index: number; exam: ParsedExam; parseMs: number }[]>()
  files.forEach((file, index) => {
    const started = performance.now()
    if (file.error || !file.bytes) {
      results[index] = unreadFile(file, started)
      return
    }
    const parsed = parseExamFile(file.bytes, options.now)
    if (!parsed.ok) {
      results[index] = failedFile(file.filename, parsed.errors, started)
      return
    }
    const key = examIdentityKey(parsed.exam)
    byExam.set(key, [...(byExam.get(key) ?? []), { index, exam: parsed.exam, parseMs: performance.now() - started }])
  })
  const queue = [...byExam.values()]
  const lane = async () => {
    for (let group = queue.shift(); group; group = queue.shift())
      for (const { index, exam, parseMs } of group)
        // A file's time is its own parse and transaction, not its wait for a lane.
        results[index] = await importParsedExam(db, files[index].filename, exam, performance.now() - parseMs, options)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.lanes, queue.length)) }, lane))
  return results
}

/** Parse + upsert of one discipline file. */
export async function importDisciplinesBytes(db: Db, filename: string, bytes: Uint8Array): Promise<FileResult> {
  const started = performance.now()
  const parsed = parseDisciplinesFile(bytes)
  if (!parsed.ok) return failedFile(filename, parsed.errors, started)
  let result: DisciplineImportResult
  try {
    result = await importDisciplines(db, parsed.disciplines)
  } catch (error) {
    if (error instanceof ImportValidationError) return failedFile(filename, error.errors, started)
    throw error
  }
  return succeededFile(filename, started, 0, {
    created_disciplines: result.createdDisciplines,
    created_topics: result.createdTopics,
  })
}

/** The history of texts that came with an exam file (ADR 059): an 'import' revision each (null text: the file dropped it). */
async function recordImportedAnalyses(tx: Tx, rows: { id: number; text: string | null; version: number }[], now: Date) {
  if (!rows.length) return
  await tx.insert(analysisRevisions).values(
    rows.map((r) => ({
      questionId: r.id,
      version: r.version,
      action: r.text === null ? ('unpublish' as const) : ('import' as const),
      text: r.text,
      createdAt: now,
    })),
  )
}
