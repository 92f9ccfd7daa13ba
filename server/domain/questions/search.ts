import crypto from 'node:crypto'

import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { Difficulty } from '../../db/schema'
import { citedNorms } from '../citations/store'
import type { LegislativeRule, PossibleChange } from '../legislation'
import { changesBadgingSql, loadLegislativeRules, notOutdatedSql, outdatedBy, parseIntArray as parseIds } from '../legislation'
import { questionCodeIn } from './code'
import { measuredDifficulty } from './difficulty'

/** Counts stop here: beyond it the total is "mais de 1.000" (a bounded count; the uncapped one
 * took 125–155 ms for a 34k-row filter at 1M rows, the capped one 15 ms). */
export const COUNT_CAP = 1_000
/** A text search ranks the same bounded pool it counts, and each pooled match costs a heap
 * visit and a ts_rank: at 1M rows a pool of 1,001 put the narrow query's p95 at 2.3× its 10k
 * p95, a pool of 501 at 1.75× (ADR 010). 25 pages of the most relevant matches; then refine the words. */
export const TEXT_COUNT_CAP = 500
export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100

/**
 * Never answered, answered at all, last answer wrong, last answer right (the student's own
 * attempts), or due for review (their Revisão card's due date has passed: issue 30).
 */
export type QuestionStatus = 'unsolved' | 'solved' | 'wrong' | 'right' | 'to_review'

export type SearchParams = {
  page: number
  perPage: number
  searchTerm?: string
  disciplineIds: number[]
  topicIds: number[]
  difficulties: Difficulty[]
  years: number[]
  examBoards: string[]
  examIds: number[]
  organizations: string[]
  /** Norms the question cites (question_citations keys: cf, lei:8666), any of them. */
  citationKeys: string[]
  status?: QuestionStatus
  /** Questions kept by the status filter whatever it says: those the student just answered on the list (issue 61). */
  keepIds?: number[]
  /** true: only questions with the teacher's analysis; false: only those without. */
  hasExplanation?: boolean
  /** false: leave annulled questions out; true: only annulled ones. */
  annulled?: boolean
  /** "Excluir desatualizadas": leave out the questions confirmed outdated and those a change may have outdated (ADR 053). */
  excludeOutdated?: boolean
  /** Only the questions of this notebook; the API checks first that it is the caller's own. */
  notebookId?: number
  random: boolean
  seed?: string
  userId?: string
  /** The server's clock (ctx.clock): required by status to_review, never defaulted. */
  now?: Date
}

/** A search with no filter (the first page of 20, the bank's own order), changed by `overrides`. */
export function searchParamsWith(overrides: Partial<SearchParams>): SearchParams {
  return {
    page: 1,
    perPage: 20,
    disciplineIds: [],
    topicIds: [],
    difficulties: [],
    years: [],
    examBoards: [],
    examIds: [],
    organizations: [],
    citationKeys: [],
    random: false,
    ...overrides,
  }
}

/** A question as search results and cards show it: never the answer key nor the explanation. */
export type QuestionCard = {
  id: number
  short_id: string
  question_number: number
  discipline_id: number
  discipline_name: string
  exam_id: number
  exam_year: number
  exam_name: string | null
  exam_board: string
  exam_organization: string | null
  difficulty_level: Difficulty | null
  measured_difficulty: { level: Difficulty; first_attempts: number } | null
  question_text: string
  alternatives: { letter: string; text_content: string }[]
  is_annulled: boolean
  has_explanation: boolean
  /** Who wrote it (issue 40): 'professor' on the analysis desk, 'import' with the exam file. */
  explanation_source: 'import' | 'professor' | null
  topics: { id: number; name: string }[]
  /** Live topics in Discussões (not hidden, not deleted): the count on the card's button. */
  forum_topics_count: number
  /** The caller's latest attempt at this question; null for a visitor or a question never answered. */
  my_last_attempt: { correct: boolean; at: string } | null
  /** "Pode estar desatualizada" (the changes in force after its exam) and an admin's confirmation (ADR 053). */
  outdated: { possible: PossibleChange[]; confirmed: { note: string; at: string } | null }
  /** Added by the API for a signed-in caller: when this card was shown, signed (timing.ts). */
  shown_token?: string
}

export type SearchResult = {
  data: QuestionCard[]
  total: number
  /** false when the count stopped at its cap (COUNT_CAP, TEXT_COUNT_CAP): the UI says "mais de". */
  total_exact: boolean
  page: number
  per_page: number
}

export function hasFilters(p: SearchParams) {
  return Boolean(
    p.searchTerm ||
    p.disciplineIds.length ||
    p.topicIds.length ||
    p.difficulties.length ||
    p.years.length ||
    p.examBoards.length ||
    p.examIds.length ||
    p.organizations.length ||
    p.citationKeys.length ||
    p.status ||
    p.hasExplanation !== undefined ||
    p.annulled !== undefined ||
    p.excludeOutdated ||
    p.notebookId,
  )
}

/** The seed of a visitor's random order, as a start point in [0, 1). */
export function seedStart(seed: string) {
  const hash = crypto.createHash('sha256').update(seed).digest()
  return hash.readUInt32BE(0) / 2 ** 32
}

/** A list filter as one array parameter: the statement text stays the same whatever its length. */
function anyOf(values: number[] | string[], type: 'int' | 'text') {
  return sql`ANY(${sql.param(values)}::${sql.raw(type)}[])`
}

/** A student's words as the Portuguese text query every search of the bank uses (also the assistant's, server/features/chat). */
export function tsQuery(term: string) {
  return sql`websearch_to_tsquery('portuguese', gabarita_fold(${term}))`
}

const HAS_EXPLANATION = sql`(q.explanation IS NOT NULL AND length(trim(q.explanation)) > 0)`

/**
 * The caller's attempts at question q. The last one is the latest by (created_at, id): "que errei"
 * and "que acertei" ask for an attempt with that verdict and none after it, an EXISTS the planner
 * turns into a semi-join over attempts_user_question_idx (a scalar "last attempt" subquery would
 * be probed once per question of the bank).
 */
function statusCondition(status: QuestionStatus, userId: string, now: Date | undefined): SQL {
  if (status === 'to_review') {
    if (!now) throw new Error('status to_review needs the server clock (SearchParams.now)')
    return sql`EXISTS (SELECT 1 FROM review_cards rc WHERE rc.user_id = ${userId} AND rc.question_id = q.id AND rc.due <= ${now})`
  }
  const attempted = sql`SELECT 1 FROM attempts a WHERE a.user_id = ${userId} AND a.question_id = q.id`
  if (status === 'unsolved') return sql`NOT EXISTS (${attempted})`
  if (status === 'solved') return sql`EXISTS (${attempted})`
  return sql`EXISTS (${attempted} AND a.correct = ${status === 'right'} AND NOT EXISTS (
      SELECT 1 FROM attempts b WHERE b.user_id = a.user_id AND b.question_id = a.question_id
        AND (b.created_at, b.id) > (a.created_at, a.id)))`
}

function whereClause(p: SearchParams): SQL {
  const parts: SQL[] = [sql`q.removed_at IS NULL`]
  if (p.disciplineIds.length) parts.push(sql`q.discipline_id = ${anyOf(p.disciplineIds, 'int')}`)
  if (p.topicIds.length)
    parts.push(sql`EXISTS (SELECT 1 FROM question_topics qt WHERE qt.question_id = q.id AND qt.topic_id = ${anyOf(p.topicIds, 'int')})`)
  if (p.difficulties.length) parts.push(sql`q.difficulty = ${anyOf(p.difficulties, 'text')}`)
  if (p.years.length) parts.push(sql`q.year = ${anyOf(p.years, 'int')}`)
  if (p.examBoards.length) parts.push(sql`q.board = ${anyOf(p.examBoards, 'text')}`)
  if (p.examIds.length) parts.push(sql`q.exam_id = ${anyOf(p.examIds, 'int')}`)
  if (p.organizations.length)
    parts.push(
      sql`q.exam_id IN (SELECT e.id FROM exams e WHERE lower(e.organization) = ${anyOf(
        p.organizations.map((o) => o.toLowerCase()),
        'text',
      )})`,
    )
  if (p.searchTerm) {
    // A question code as shown on the card ('#5dki1r9a') finds that question too.
    const code = questionCodeIn(p.searchTerm)
    parts.push(
      code ? sql`(q.search_vector @@ ${tsQuery(p.searchTerm)} OR q.short_id = ${code})` : sql`q.search_vector @@ ${tsQuery(p.searchTerm)}`,
    )
  }
  if (p.notebookId && p.userId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM notebook_questions nq JOIN notebooks n ON n.id = nq.notebook_id
        WHERE nq.question_id = q.id AND nq.notebook_id = ${p.notebookId} AND n.user_id = ${p.userId})`,
    )
  if (p.citationKeys.length)
    parts.push(sql`EXISTS (SELECT 1 FROM question_citations c WHERE c.question_id = q.id AND c.key = ${anyOf(p.citationKeys, 'text')})`)
  if (p.status && p.userId) {
    const status = statusCondition(p.status, p.userId, p.now)
    parts.push(p.keepIds?.length ? sql`(${status} OR q.id = ${anyOf(p.keepIds, 'int')})` : status)
  }
  if (p.hasExplanation !== undefined) parts.push(p.hasExplanation ? HAS_EXPLANATION : sql`NOT ${HAS_EXPLANATION}`)
  if (p.annulled !== undefined) parts.push(p.annulled ? sql`q.correct_answer IS NULL` : sql`q.correct_answer IS NOT NULL`)
  if (p.excludeOutdated) parts.push(notOutdatedSql())
  return sql.join(parts, sql` AND `)
}

/**
 * The page as (id, ord) rows and the bounded total, as CTEs of the one search statement.
 * A text search reads its newest TEXT_COUNT_CAP + 1 matches once: that pool is counted, and
 * ranked, and its TEXT_COUNT_CAP best are what pages show (the same pool on every page, so
 * pages never overlap; past page 25 of a broad word the answer is empty: refine the search).
 * Newest by id, not the first the scan meets: PostgreSQL starts a scan of a large table where the
 * last one stopped, so that pool moved with every call and a page showed other questions each time
 * it was loaded (ADR 068).
 */
function pageAndTotal(p: SearchParams, where: SQL): SQL {
  const offset = (p.page - 1) * p.perPage
  if (p.searchTerm) {
    return sql`m AS MATERIALIZED (SELECT q.id, q.search_vector FROM questions q WHERE ${where} ORDER BY q.id DESC LIMIT ${TEXT_COUNT_CAP + 1}),
      ranked AS (SELECT id, row_number() OVER (ORDER BY ts_rank(search_vector, ${tsQuery(p.searchTerm)}) DESC, id) AS ord FROM m),
      page AS (SELECT id, ord FROM ranked WHERE ord <= ${TEXT_COUNT_CAP} ORDER BY ord LIMIT ${p.perPage} OFFSET ${offset}),
      total AS (SELECT count(*)::int AS n FROM m)`
  }
  const total = sql`total AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q WHERE ${where} LIMIT ${COUNT_CAP + 1}) s)`
  if (p.random) {
    // Stable per-visitor shuffle: walk the fixed random_key from the seed's point, wrapping
    // around; each branch reads at most offset + per_page index entries.
    const start = seedStart(p.seed ?? 'gabarita')
    const depth = offset + p.perPage
    return sql`page AS (SELECT id, row_number() OVER (ORDER BY part, random_key) AS ord FROM (
        (SELECT q.id, 0 AS part, q.random_key FROM questions q WHERE ${where} AND q.random_key >= ${start} ORDER BY q.random_key LIMIT ${depth})
        UNION ALL
        (SELECT q.id, 1 AS part, q.random_key FROM questions q WHERE ${where} AND q.random_key < ${start} ORDER BY q.random_key LIMIT ${depth})
      ) w ORDER BY ord LIMIT ${p.perPage} OFFSET ${offset}), ${total}`
  }
  return sql`page AS (SELECT q.id, row_number() OVER (ORDER BY q.id DESC) AS ord FROM questions q WHERE ${where}
    ORDER BY q.id DESC LIMIT ${p.perPage} OFFSET ${offset}), ${total}`
}

type CardRow = {
  id: number
  short_id: string
  number: number
  discipline_id: number
  outdated_by: number[] | string | null
  discipline_name: string
  exam_id: number
  year: number
  exam_name: string | null
  board: string
  organization: string | null
  difficulty: Difficulty | null
  statement: string
  first_n: number | string
  first_ok: number | string
  alternatives: { letter: string; text: string }[] | string
  annulled: boolean
  has_explanation: boolean
  explanation_source: 'import' | 'professor' | null
  topics: { id: number; name: string }[] | string | null
  forum_topics: number | string | null
  last_correct: boolean | null
  last_at: Date | string | null
  applied_on: string | null
  outdated_note: string | null
  outdated_at: Date | string | null
}

/** A card's columns; with a caller, their latest attempt (the lateral join of cardJoins). */
const cardColumns = (userId?: string) => sql`q.id, q.short_id, q.number, q.discipline_id, d.name AS discipline_name, q.exam_id, q.year,
      e.name AS exam_name, q.board, e.organization, q.difficulty, q.statement, q.alternatives, st.first_n, st.first_ok,
      (q.correct_answer IS NULL) AS annulled, e.applied_on::text AS applied_on, q.outdated_note, q.outdated_at,
      ${changesBadgingSql()} AS outdated_by,
      ${HAS_EXPLANATION} AS has_explanation,
      CASE WHEN ${HAS_EXPLANATION} THEN coalesce(q.explanation_source, 'import') END AS explanation_source,
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json)
         FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = q.id) AS topics,
      (SELECT count(*) FROM forum_topics ft WHERE ft.question_id = q.id AND ft.hidden_at IS NULL AND ft.deleted_at IS NULL) AS forum_topics,
      ${userId ? sql`la.correct AS last_correct, la.created_at AS last_at` : sql`NULL::boolean AS last_correct, NULL::timestamptz AS last_at`}`
/** One index probe per card of the page (attempts_user_question_idx), in the same statement. */
const cardJoins = (userId?: string) => sql`JOIN questions q ON q.id = p.id
    JOIN disciplines d ON d.id = q.discipline_id
    JOIN exams e ON e.id = q.exam_id
    LEFT JOIN LATERAL (SELECT coalesce(sum(s.first_attempts), 0) AS first_n, coalesce(sum(s.first_correct), 0) AS first_ok
      FROM question_answer_stats s WHERE s.question_id = q.id) st ON true${
        userId
          ? sql`
    LEFT JOIN LATERAL (SELECT a.correct, a.created_at FROM attempts a WHERE a.user_id = ${userId} AND a.question_id = q.id
      ORDER BY a.created_at DESC, a.id DESC LIMIT 1) la ON true`
          : sql``
      }`

/** Cards for these ids, in the given order (with `userId`'s latest attempts); questions removed by a re-import are left out. */
export async function loadCards(db: Db, ids: number[], userId?: string): Promise<QuestionCard[]> {
  if (!ids.length) return []
  const rules = await loadLegislativeRules(db)
  const rows = await queryRows<CardRow>(
    db,
    sql`
    SELECT ${cardColumns(userId)}
    FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS p(id, ord)
    ${cardJoins(userId)}
    WHERE q.removed_at IS NULL
    ORDER BY p.ord`,
    { prepare: true },
  )
  return rows.map((r) => toCard(r, rules))
}

function parseJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

function toCard(r: CardRow, rules: LegislativeRule[]): QuestionCard {
  const alternatives = parseJson(r.alternatives) ?? []
  return {
    id: Number(r.id),
    short_id: r.short_id,
    question_number: Number(r.number),
    discipline_id: Number(r.discipline_id),
    discipline_name: r.discipline_name,
    exam_id: Number(r.exam_id),
    exam_year: Number(r.year),
    exam_name: r.exam_name?.trim() ? r.exam_name : null,
    exam_board: r.board,
    exam_organization: r.organization?.trim() ? r.organization : null,
    difficulty_level: r.difficulty,
    measured_difficulty: measuredDifficulty(Number(r.first_ok), Number(r.first_n)),
    question_text: r.statement,
    alternatives: alternatives.map((a) => ({ letter: a.letter, text_content: a.text })),
    is_annulled: Boolean(r.annulled),
    has_explanation: Boolean(r.has_explanation),
    explanation_source: r.has_explanation ? (r.explanation_source ?? 'import') : null,
    topics: (parseJson(r.topics) ?? []).map((t) => ({ id: Number(t.id), name: t.name })),
    forum_topics_count: Number(r.forum_topics ?? 0),
    my_last_attempt: r.last_at === null ? null : { correct: Boolean(r.last_correct), at: new Date(r.last_at).toISOString() },
    outdated: {
      possible: outdatedBy(rules, parseIds(r.outdated_by), { applied_on: r.applied_on?.slice(0, 10) ?? null, year: Number(r.year) }),
      confirmed: r.outdated_at === null ? null : { note: r.outdated_note ?? '', at: new Date(r.outdated_at).toISOString() },
    },
  }
}

/** The whole search as one statement: one round trip, the bounded total on every row. */
export function searchStatement(p: SearchParams): SQL {
  return sql`
    WITH ${pageAndTotal(p, whereClause(p))}
    SELECT total.n AS total, c.* FROM total LEFT JOIN (
      SELECT p.ord, ${cardColumns(p.userId)} FROM page p ${cardJoins(p.userId)}
    ) c ON true
    ORDER BY c.ord`
}

export async function searchQuestions(db: Db, p: SearchParams): Promise<SearchResult> {
  // An empty page still answers one row: the total, with null card columns.
  const rows = await queryRows<CardRow & { total: number }>(db, searchStatement(p), { prepare: !p.searchTerm })
  const n = Number(rows[0]?.total ?? 0)
  const cap = p.searchTerm ? TEXT_COUNT_CAP : COUNT_CAP
  const cards = rows.filter((r) => r.id !== null)
  const rules = cards.length ? await loadLegislativeRules(db) : []
  const data = cards.map((r) => toCard(r, rules))
  return { data, total: Math.min(n, cap), total_exact: n <= cap, page: p.page, per_page: p.perPage }
}

export async function filterOptions(db: Db) {
  // From the small exams table, keeping only exams with live questions (no scan of questions).
  const live = sql`EXISTS (SELECT 1 FROM questions q WHERE q.exam_id = e.id AND q.removed_at IS NULL)`
  const [years, boards, examRows, citations] = await Promise.all([
    queryRows<{ year: number }>(db, sql`SELECT DISTINCT e.year FROM exams e WHERE ${live} ORDER BY e.year DESC`),
    queryRows<{ board: string }>(db, sql`SELECT DISTINCT e.board FROM exams e WHERE ${live} ORDER BY e.board`),
    queryRows<{ id: number; name: string; year: number; board: string }>(
      db,
      sql`SELECT e.id, e.name, e.year, e.board FROM exams e WHERE ${live} ORDER BY e.year DESC, e.name, e.id`,
    ),
    citedNorms(db, 100),
  ])
  return {
    years: years.map((r) => Number(r.year)),
    exam_boards: boards.map((r) => r.board),
    exams: examRows.map((r) => ({ id: Number(r.id), name: r.name, year: Number(r.year), board: r.board })),
    difficulties: ['facil', 'medio', 'dificil'] as const,
    citations,
  }
}
