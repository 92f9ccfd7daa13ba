import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { Alternative, AnalysisAction, ExplanationSource } from '../../db/schema'
import { analysisRevisions, questions, users } from '../../db/schema'
import { extractCitations } from '../../domain/citations/extract'
import { citationsOf, rereadCitations } from '../../domain/citations/store'
import { communityAnswers } from '../../domain/community-answers'
import { questionName, shortExamName } from '../../domain/questions/exam-name'
import { referenceDataChanged } from '../../domain/reference-data'
import type { Tx } from '../../domain/reference-notify'
import { notifyReferenceData } from '../../domain/reference-notify'
import { markupExcerpt } from '../../domain/text'
import { spMidnight, weekStart } from '../../domain/time/calendar'
import { deskExplanations, explainedQuestions, explanationCounts, promotableExplanation } from '../explanations/index'
import type { AnalysisJson, DeskJson, QueueJson, RevisionJson, SummaryJson } from './contract'
import {
  ACTION_LABELS,
  ANALYSIS_PUBLISHED,
  ANALYSIS_UNCHANGED,
  ANALYSIS_UNPUBLISHED,
  ANALYSIS_UPDATED,
  conflictMessage,
  EXPLANATION_NOT_FOUND,
  NOTHING_TO_UNPUBLISH,
  POST_NOT_FOUND,
  QUESTION_NOT_FOUND,
} from './messages'
import type { PublishBody } from './schemas'

// The analysis desk's rules (issue 40, ADR 059). The published text stays on the question (every
// reader of explanations keeps working); each change is a new version and a row in
// analysis_revisions, so an edit never loses the text before it, and a save names the version it
// started from: another professor's save in between is a conflict, never an overwrite.

export const QUEUE_PAGE_SIZE = 20
/** The discussion's best answers the desk offers to promote. */
const COMMUNITY_SHOWN = 5
/** How far down the discussion's ranking a promoted post may be. */
const PROMOTABLE = 200
const EXCERPT = 180

/** A published analysis (an empty text is none): the queue, the exports and the admin's counts agree on it. */
export const hasText = sql`(q.explanation IS NOT NULL AND btrim(q.explanation) <> '')`

/** How the desk names a question: "OAB XIV · questão 23", its exam, discipline and whether the classifier chose it. */
function questionHeading(r: {
  id: number
  number: number
  exam_id: number
  exam_name: string
  board: string
  year: number
  discipline: string
  discipline_source: string
}) {
  const exam = shortExamName(r.exam_name, r.board, r.year)
  return {
    id: r.id,
    label: questionName(exam, r.number),
    exam: { id: r.exam_id, name: exam },
    number: r.number,
    discipline: r.discipline,
    predicted: r.discipline_source === 'prediction',
  }
}

type QueueFilters = { disciplineId?: number; examId?: number; predicted?: boolean; page: number }

/** The questions without analysis, the most helpful first: answers × share wrong (the wrong answers), then recent. */
export async function deskQueue(db: Db, filters: QueueFilters): Promise<QueueJson> {
  const where = [sql`q.removed_at IS NULL`, sql`NOT ${hasText}`]
  if (filters.disciplineId) where.push(sql`q.discipline_id = ${filters.disciplineId}`)
  if (filters.examId) where.push(sql`q.exam_id = ${filters.examId}`)
  if (filters.predicted !== undefined)
    where.push(filters.predicted ? sql`q.discipline_source = 'prediction'` : sql`q.discipline_source <> 'prediction'`)
  const open = [sql`q.removed_at IS NULL`, sql`NOT ${hasText}`]
  const [rows, disciplines, exams] = await Promise.all([
    queryRows<{
      id: number
      number: number
      statement: string
      discipline_source: string
      discipline: string
      exam_id: number
      exam_name: string
      board: string
      year: number
      answers: number
      wrong: number
      total: number
    }>(
      db,
      sql`WITH s AS (SELECT question_id, sum(attempts)::int AS answers, sum(attempts - correct)::int AS wrong
                     FROM question_answer_stats GROUP BY question_id)
          SELECT q.id, q.number, q.statement, q.discipline_source, d.name AS discipline, e.id AS exam_id, e.name AS exam_name,
                 e.board, e.year, coalesce(s.answers, 0)::int AS answers, coalesce(s.wrong, 0)::int AS wrong, count(*) OVER ()::int AS total
          FROM questions q JOIN exams e ON e.id = q.exam_id JOIN disciplines d ON d.id = q.discipline_id
          LEFT JOIN s ON s.question_id = q.id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY wrong DESC, answers DESC, q.year DESC, e.id DESC, q.number
          LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${(filters.page - 1) * QUEUE_PAGE_SIZE}`,
    ),
    queryRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT d.id, d.name, count(*)::int AS count FROM questions q JOIN disciplines d ON d.id = q.discipline_id
          WHERE ${sql.join(open, sql` AND `)} GROUP BY d.id, d.name ORDER BY d.name`,
    ),
    queryRows<{ id: number; name: string; board: string; year: number; count: number }>(
      db,
      sql`SELECT e.id, e.name, e.board, e.year, count(*)::int AS count FROM questions q JOIN exams e ON e.id = q.exam_id
          WHERE ${sql.join(open, sql` AND `)} GROUP BY e.id ORDER BY e.year DESC, e.id DESC`,
    ),
  ])
  const [counts, coverage] = await Promise.all([
    explanationCounts(
      db,
      rows.map((r) => r.id),
    ),
    deskCoverage(db),
  ])
  const best = new Map(
    await Promise.all([...counts.keys()].map(async (id) => [id, (await deskExplanations(db, id, 1))[0] ?? null] as const)),
  )
  return {
    data: rows.map((r) => {
      const top = best.get(r.id)
      return {
        ...questionHeading(r),
        answers: r.answers,
        wrong: r.wrong,
        wrong_share: r.answers ? r.wrong / r.answers : null,
        excerpt: markupExcerpt(r.statement, EXCERPT),
        student_explanations: counts.get(r.id) ?? 0,
        best_explanation: top ? { id: top.id, author: top.author, useful: top.useful, excerpt: markupExcerpt(top.text, EXCERPT) } : null,
      }
    }),
    total: rows[0]?.total ?? 0,
    page: filters.page,
    per_page: QUEUE_PAGE_SIZE,
    disciplines,
    exams: exams.map((e) => ({ id: e.id, name: shortExamName(e.name, e.board, e.year), count: e.count })),
    coverage,
  }
}

/** Live questions, those with a professor's analysis and those with a student explanation: counted apart, never added. */
async function deskCoverage(db: Db) {
  const [[row], student] = await Promise.all([
    queryRows<{ questions: number; professor: number }>(
      db,
      sql`SELECT count(*)::int AS questions, count(*) FILTER (WHERE ${hasText} AND q.explanation_source = 'professor')::int AS professor
            FROM questions q WHERE q.removed_at IS NULL`,
    ),
    explainedQuestions(db),
  ])
  return { questions: Number(row?.questions ?? 0), professor: Number(row?.professor ?? 0), student }
}

type QuestionRow = {
  id: number
  number: number
  statement: string
  alternatives: Alternative[]
  correct_answer: string | null
  discipline: string
  discipline_source: string
  exam_id: number
  exam_name: string
  board: string
  year: number
  explanation: string | null
  explanation_source: ExplanationSource | null
  explanation_credit: string | null
  alternative_comments: Record<string, string> | null
  explanation_version: number
  explanation_updated_at: string | Date | null
  author: string | null
}

async function liveQuestion(db: Db, id: number): Promise<QuestionRow | null> {
  const [row] = await queryRows<QuestionRow>(
    db,
    sql`SELECT q.id, q.number, q.statement, q.alternatives, q.correct_answer, d.name AS discipline, q.discipline_source,
               e.id AS exam_id, e.name AS exam_name, e.board, e.year, q.explanation, q.explanation_source, q.explanation_credit,
               q.alternative_comments, q.explanation_version, q.explanation_updated_at, u.name AS author
        FROM questions q JOIN exams e ON e.id = q.exam_id JOIN disciplines d ON d.id = q.discipline_id
        LEFT JOIN users u ON u.id = q.explanation_by
        WHERE q.id = ${id} AND q.removed_at IS NULL`,
  )
  return row ?? null
}

const iso = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString())

function analysisOf(
  row: Pick<
    QuestionRow,
    | 'explanation'
    | 'explanation_source'
    | 'explanation_credit'
    | 'alternative_comments'
    | 'explanation_version'
    | 'explanation_updated_at'
    | 'author'
  >,
): AnalysisJson {
  const text = row.explanation?.trim() ? row.explanation : null
  return {
    text,
    source: text ? row.explanation_source : null,
    author: text && row.explanation_source === 'professor' ? row.author : null,
    credit: text ? row.explanation_credit : null,
    alternative_comments: text ? (row.alternative_comments ?? {}) : {},
    version: row.explanation_version,
    updated_at: iso(row.explanation_updated_at),
  }
}

/** The lines of a text, blank ones out: what a change is counted in. */
const linesOf = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

/** Above this many line pairs a change is shown as the whole old text out and the new one in. */
const DIFF_CELLS = 250_000

/** What changed between two texts, line by line (longest common subsequence): kept, removed, added. */
export function lineChanges(before: string | null, after: string | null) {
  const a = linesOf(before)
  const b = linesOf(after)
  type Change = { op: 'same' | 'add' | 'del'; text: string }
  if (a.length * b.length > DIFF_CELLS)
    return [...a.map((text): Change => ({ op: 'del', text })), ...b.map((text): Change => ({ op: 'add', text }))]
  // lcs[i][j]: the longest common run of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
  const out: Change[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i++] })
      j++
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: 'del', text: a[i++] })
    else out.push({ op: 'add', text: b[j++] })
  }
  while (i < a.length) out.push({ op: 'del', text: a[i++] })
  while (j < b.length) out.push({ op: 'add', text: b[j++] })
  return out
}

function commentsChanged(before: Record<string, string>, after: Record<string, string>) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => (before[k] ?? '') !== (after[k] ?? '')).sort()
}

async function historyOf(db: Db, questionId: number): Promise<RevisionJson[]> {
  const rows = await db
    .select({ revision: analysisRevisions, author: users.name })
    .from(analysisRevisions)
    .leftJoin(users, eq(users.id, analysisRevisions.authorId))
    .where(eq(analysisRevisions.questionId, questionId))
    .orderBy(analysisRevisions.version)
  let previous: { text: string | null; comments: Record<string, string> } = { text: null, comments: {} }
  const out: RevisionJson[] = []
  for (const { revision: r, author } of rows) {
    const comments = r.alternativeComments ?? {}
    out.push({
      version: r.version,
      action: r.action,
      action_label: ACTION_LABELS[r.action],
      author,
      created_at: r.createdAt.toISOString(),
      text: r.text,
      alternative_comments: comments,
      credit: r.credit,
      changes: lineChanges(previous.text, r.text),
      comments_changed: commentsChanged(previous.comments, comments),
    })
    previous = { text: r.text, comments }
  }
  return out.reverse()
}

/** A question's desk: the question, its key and figures, the legal basis, the analysis, its history and the community's best answers. */
export async function deskView(db: Db, questionId: number): Promise<DeskJson | null> {
  const row = await liveQuestion(db, questionId)
  if (!row) return null
  const [stats, cited, history, posts] = await Promise.all([
    queryRows<{ answer: string; attempts: number; correct: number }>(
      db,
      sql`SELECT answer, attempts, correct FROM question_answer_stats WHERE question_id = ${questionId} ORDER BY answer`,
    ),
    citationsOf(db, [questionId]),
    historyOf(db, questionId),
    communityAnswers(db, questionId, COMMUNITY_SHOWN),
  ])
  const students = await deskExplanations(db, questionId, COMMUNITY_SHOWN)
  const answers = stats.reduce((n, s) => n + Number(s.attempts), 0)
  const byLetter = new Map(stats.map((s) => [s.answer.toUpperCase(), Number(s.attempts)]))
  return {
    question: {
      ...questionHeading(row),
      statement: row.statement,
      alternatives: row.alternatives,
      correct_answer: row.correct_answer,
      citations: cited.get(questionId) ?? [],
    },
    statistics: {
      answers,
      wrong: answers - stats.reduce((n, s) => n + Number(s.correct), 0),
      alternatives: row.alternatives.map((a) => {
        const count = byLetter.get(a.letter.toUpperCase()) ?? 0
        return { letter: a.letter, count, share: answers ? count / answers : 0, correct: a.letter === row.correct_answer }
      }),
    },
    analysis: analysisOf(row),
    history,
    community: posts.map((p) => ({
      kind: p.kind,
      id: p.id,
      topic_id: p.topic_id,
      author: p.author_name ?? 'Participante',
      votes: p.votes,
      text: p.text,
    })),
    student_explanations: students,
  }
}

export type SaveOutcome =
  | { kind: 'ok'; message: string; analysis: AnalysisJson }
  | { kind: 'not-found'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'conflict'; message: string; current: AnalysisJson }

type Author = { id: string; name: string }

/**
 * The community post or student explanation a professor promotes: one the desk lists (visible;
 * a post voted up); its author's name for the credit.
 */
async function promotedAuthor(db: Db, questionId: number, post: { kind: 'topic' | 'reply' | 'explanation'; id: number }) {
  if (post.kind === 'explanation') return promotableExplanation(db, questionId, post.id)
  const found = (await communityAnswers(db, questionId, PROMOTABLE)).find((p) => p.kind === post.kind && p.id === post.id)
  return found ? (found.author_name ?? 'Participante') : null
}

/**
 * The question locked for a change, if its analysis is still at the version the writer started
 * from; else why not (gone, or someone saved in between: the current analysis and who made it).
 */
async function openAt(tx: Tx, questionId: number, baseVersion: number) {
  const [locked] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM questions WHERE id = ${questionId} AND removed_at IS NULL FOR UPDATE`,
  )
  if (!locked) return { kind: 'not-found' as const, message: QUESTION_NOT_FOUND }
  const row = (await liveQuestion(tx, questionId))!
  const current = analysisOf(row)
  if (row.explanation_version === baseVersion) return { kind: 'open' as const, row, current }
  const author = current.author ?? (await lastAuthor(tx, questionId))
  return { kind: 'conflict' as const, message: conflictMessage(author, row.explanation_version), current }
}

const lf = (text: string) => text.replace(/\r\n?/g, '\n')

const sameComments = (a: Record<string, string>, b: Record<string, string>) => commentsChanged(a, b).length === 0

/**
 * Publishes or edits a question's analysis as `author`, from `base_version`: a later version is a
 * conflict (nothing written). The text's citations are read again in the same transaction.
 */
export async function publishAnalysis(db: Db, questionId: number, author: Author, sent: PublishBody, now: Date): Promise<SaveOutcome> {
  const outcome = await publish(db, questionId, author, sent, now)
  // The plan cards state the coverage: this server counts again now, the others at the NOTIFY
  // (a save that changed nothing made no version and sent none).
  if (outcome.kind === 'ok' && outcome.analysis.version !== sent.base_version) referenceDataChanged()
  return outcome
}

async function publish(db: Db, questionId: number, author: Author, sent: PublishBody, now: Date): Promise<SaveOutcome> {
  // A browser's textarea and a file written on Windows end lines with CR LF: stored as the import stores them.
  const body = {
    ...sent,
    text: lf(sent.text),
    alternative_comments: Object.fromEntries(Object.entries(sent.alternative_comments).map(([l, c]) => [l, lf(c)])),
  }
  return db.transaction(async (tx) => {
    const opened = await openAt(tx, questionId, body.base_version)
    if (opened.kind !== 'open') return opened
    const { row, current } = opened
    const letters = new Set(row.alternatives.map((a) => a.letter.toUpperCase()))
    const stray = Object.keys(body.alternative_comments).find((l) => !letters.has(l))
    if (stray) return { kind: 'invalid', message: `A alternativa ${stray} não existe nesta questão.` }
    if (
      !body.from_post &&
      current.source === 'professor' &&
      current.text === body.text &&
      sameComments(current.alternative_comments, body.alternative_comments)
    )
      return { kind: 'ok', message: ANALYSIS_UNCHANGED, analysis: current }
    let credit = current.credit
    if (body.from_post) {
      credit = await promotedAuthor(tx, questionId, body.from_post)
      if (!credit) return { kind: 'invalid', message: body.from_post.kind === 'explanation' ? EXPLANATION_NOT_FOUND : POST_NOT_FOUND }
    } else if (current.source !== 'professor') credit = null
    const action: AnalysisAction = body.from_post ? 'promote' : current.text ? 'edit' : 'publish'
    const version = row.explanation_version + 1
    const comments = Object.keys(body.alternative_comments).length ? body.alternative_comments : null
    await tx
      .update(questions)
      .set({
        explanation: body.text,
        explanationSource: 'professor',
        explanationBy: author.id,
        explanationCredit: credit,
        alternativeComments: comments,
        explanationVersion: version,
        explanationUpdatedAt: now,
      })
      .where(eq(questions.id, questionId))
    await tx.insert(analysisRevisions).values({
      questionId,
      version,
      authorId: author.id,
      action,
      text: body.text,
      alternativeComments: comments,
      credit,
      createdAt: now,
    })
    await rereadCitations(tx, [questionId])
    await notifyReferenceData(tx)
    return {
      kind: 'ok',
      message: action === 'edit' ? ANALYSIS_UPDATED : ANALYSIS_PUBLISHED,
      analysis: {
        text: body.text,
        source: 'professor',
        author: author.name,
        credit,
        alternative_comments: comments ?? {},
        version,
        updated_at: now.toISOString(),
      },
    }
  })
}

/** Whoever made the latest version (an unpublish leaves no author on the question). */
async function lastAuthor(db: Db, questionId: number) {
  const [row] = await db
    .select({ name: users.name })
    .from(analysisRevisions)
    .leftJoin(users, eq(users.id, analysisRevisions.authorId))
    .where(eq(analysisRevisions.questionId, questionId))
    .orderBy(sql`${analysisRevisions.version} DESC`)
    .limit(1)
  return row?.name ?? null
}

/** Takes the analysis off the students' pages; the text stays in the history. */
export async function unpublishAnalysis(db: Db, questionId: number, author: Author, baseVersion: number, now: Date): Promise<SaveOutcome> {
  const outcome = await unpublish(db, questionId, author, baseVersion, now)
  if (outcome.kind === 'ok') referenceDataChanged()
  return outcome
}

async function unpublish(db: Db, questionId: number, author: Author, baseVersion: number, now: Date): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const opened = await openAt(tx, questionId, baseVersion)
    if (opened.kind !== 'open') return opened
    const { row, current } = opened
    if (!current.text) return { kind: 'conflict', message: NOTHING_TO_UNPUBLISH, current }
    const version = row.explanation_version + 1
    await tx
      .update(questions)
      .set({
        explanation: null,
        explanationSource: null,
        explanationBy: null,
        explanationCredit: null,
        alternativeComments: null,
        explanationVersion: version,
        explanationUpdatedAt: now,
      })
      .where(eq(questions.id, questionId))
    await tx.insert(analysisRevisions).values({ questionId, version, authorId: author.id, action: 'unpublish', text: null, createdAt: now })
    await rereadCitations(tx, [questionId])
    await notifyReferenceData(tx)
    return {
      kind: 'ok',
      message: ANALYSIS_UNPUBLISHED,
      analysis: { text: null, source: null, author: null, credit: null, alternative_comments: {}, version, updated_at: now.toISOString() },
    }
  })
}

/** The legal basis a draft cites, read as the students' pages will read it (the exam's year decides "CPC"). */
export async function previewCitations(db: Db, questionId: number, text: string) {
  const [row] = await db
    .select({ year: questions.year })
    .from(questions)
    .where(and(eq(questions.id, questionId), isNull(questions.removedAt)))
  return row ? extractCitations(text, row.year) : null
}

/** The admin's view of the desk: this week's output by professor, and what each discipline has. */
export async function analysesSummary(db: Db, now: Date): Promise<SummaryJson> {
  const week = weekStart(now)
  const [byProfessor, coverage] = await Promise.all([
    queryRows<{ id: string | null; name: string | null; published: number; edited: number }>(
      db,
      sql`SELECT r.author_id AS id, u.name,
                 count(*) FILTER (WHERE r.action IN ('publish', 'promote'))::int AS published,
                 count(*) FILTER (WHERE r.action = 'edit')::int AS edited
          FROM analysis_revisions r LEFT JOIN users u ON u.id = r.author_id
          WHERE r.created_at >= ${spMidnight(week).toISOString()}::timestamptz AND r.action IN ('publish', 'promote', 'edit')
          GROUP BY r.author_id, u.name ORDER BY published DESC, edited DESC, u.name`,
    ),
    queryRows<{ id: number; name: string; questions: number; professor: number; imported: number; student: number }>(
      db,
      sql`SELECT d.id, d.name, count(q.id)::int AS questions,
                 count(q.id) FILTER (WHERE ${hasText} AND q.explanation_source = 'professor')::int AS professor,
                 count(q.id) FILTER (WHERE ${hasText} AND q.explanation_source = 'import')::int AS imported,
                 count(q.id) FILTER (WHERE EXISTS (SELECT 1 FROM student_explanations e WHERE e.question_id = q.id
                                                     AND e.hidden_at IS NULL AND NOT e.awaiting_approval))::int AS student
          FROM disciplines d JOIN questions q ON q.discipline_id = d.id AND q.removed_at IS NULL
          GROUP BY d.id, d.name ORDER BY d.name`,
    ),
  ])
  const total = (pick: (c: (typeof coverage)[number]) => number) => coverage.reduce((n, c) => n + pick(c), 0)
  return {
    week_start: week,
    published_this_week: byProfessor.reduce((n, p) => n + p.published, 0),
    by_professor: byProfessor.map((p) => ({ id: p.id, name: p.name ?? 'Conta excluída', published: p.published, edited: p.edited })),
    coverage: coverage.map((c) => ({ ...c, share: c.questions ? c.professor / c.questions : null })),
    totals: {
      questions: total((c) => c.questions),
      professor: total((c) => c.professor),
      imported: total((c) => c.imported),
      student: total((c) => c.student),
    },
  }
}
