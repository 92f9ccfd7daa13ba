import crypto from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/index'
import type { Difficulty } from '../../db/schema'

/** Counts stop here: beyond it the total is "mais de 1.000" (a bounded count; the uncapped one
 * took 125–155 ms for a 34k-row filter at 1M rows, the capped one 15 ms). */
export const COUNT_CAP = 1_000
/** Text matches ranked per request: ts_rank over every hit of a broad word is what gets slow. */
export const RANK_POOL = 1_000
export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100

export type QuestionStatus = 'unsolved' | 'solved' | 'wrong'

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
  status?: QuestionStatus
  random: boolean
  seed?: string
  userId?: string
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
  difficulty_level: Difficulty
  question_text: string
  alternatives: { letter: string; text_content: string }[]
  is_annulled: boolean
  has_explanation: boolean
  topics: { id: number; name: string }[]
}

export type SearchResult = {
  data: QuestionCard[]
  total: number
  /** false when the count stopped at COUNT_CAP: the UI says "mais de". */
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
      p.status,
  )
}

/** The seed of a visitor's random order, as a start point in [0, 1). */
export function seedStart(seed: string) {
  const hash = crypto.createHash('sha256').update(seed).digest()
  return hash.readUInt32BE(0) / 2 ** 32
}

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

function list<T>(values: T[]) {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )
}

function tsQuery(term: string) {
  return sql`websearch_to_tsquery('portuguese', gabarita_fold(${term}))`
}

function whereClause(p: SearchParams): SQL {
  const parts: SQL[] = [sql`q.removed_at IS NULL`]
  if (p.disciplineIds.length) parts.push(sql`q.discipline_id IN (${list(p.disciplineIds)})`)
  if (p.topicIds.length)
    parts.push(sql`EXISTS (SELECT 1 FROM question_topics qt WHERE qt.question_id = q.id AND qt.topic_id IN (${list(p.topicIds)}))`)
  if (p.difficulties.length) parts.push(sql`q.difficulty IN (${list(p.difficulties)})`)
  if (p.years.length) parts.push(sql`q.year IN (${list(p.years)})`)
  if (p.examBoards.length) parts.push(sql`q.board IN (${list(p.examBoards)})`)
  if (p.examIds.length) parts.push(sql`q.exam_id IN (${list(p.examIds)})`)
  if (p.organizations.length)
    parts.push(
      sql`q.exam_id IN (SELECT e.id FROM exams e WHERE lower(e.organization) IN (${list(p.organizations.map((o) => o.toLowerCase()))}))`,
    )
  if (p.searchTerm) {
    // A question code as shown on the card ('#5dki1r9a') finds that question too.
    const code = /^#?([A-Za-z0-9]{6,12})$/.exec(p.searchTerm)?.[1]
    parts.push(
      code
        ? sql`(q.search_vector @@ ${tsQuery(p.searchTerm)} OR q.short_id = ${code})`
        : sql`q.search_vector @@ ${tsQuery(p.searchTerm)}`,
    )
  }
  if (p.status && p.userId) {
    const attempted = sql`SELECT 1 FROM attempts a WHERE a.user_id = ${p.userId} AND a.question_id = q.id`
    if (p.status === 'unsolved') parts.push(sql`NOT EXISTS (${attempted})`)
    if (p.status === 'solved') parts.push(sql`EXISTS (${attempted})`)
    // "Errei": answered wrong and never right since.
    if (p.status === 'wrong')
      parts.push(sql`EXISTS (${attempted} AND a.correct = false) AND NOT EXISTS (${attempted} AND a.correct = true)`)
  }
  return sql.join(parts, sql` AND `)
}

/** The page as (id, ord) rows: one query with the cards below, one round trip. */
function pageQuery(p: SearchParams, where: SQL): SQL {
  const offset = (p.page - 1) * p.perPage
  if (p.searchTerm) {
    // Rank a bounded pool of matches: exact for narrow queries, bounded cost for broad ones.
    const pool = Math.max(RANK_POOL, offset + p.perPage)
    return sql`WITH m AS (SELECT q.id, q.search_vector FROM questions q WHERE ${where} LIMIT ${pool})
      SELECT id, row_number() OVER (ORDER BY ts_rank(search_vector, ${tsQuery(p.searchTerm)}) DESC, id) AS ord FROM m
      ORDER BY ord LIMIT ${p.perPage} OFFSET ${offset}`
  }
  if (p.random) {
    // Stable per-visitor shuffle: walk the fixed random_key from the seed's point, wrapping
    // around; each branch reads at most offset + per_page index entries.
    const start = seedStart(p.seed ?? 'gabarita')
    return sql`SELECT id, row_number() OVER (ORDER BY part, random_key) AS ord FROM (
        (SELECT q.id, 0 AS part, q.random_key FROM questions q WHERE ${where} AND q.random_key >= ${start} ORDER BY q.random_key LIMIT ${offset + p.perPage})
        UNION ALL
        (SELECT q.id, 1 AS part, q.random_key FROM questions q WHERE ${where} AND q.random_key < ${start} ORDER BY q.random_key LIMIT ${offset + p.perPage})
      ) w ORDER BY ord LIMIT ${p.perPage} OFFSET ${offset}`
  }
  return sql`SELECT q.id, row_number() OVER (ORDER BY q.id DESC) AS ord FROM questions q WHERE ${where}
    ORDER BY q.id DESC LIMIT ${p.perPage} OFFSET ${offset}`
}

async function countMatches(db: Db, where: SQL) {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q WHERE ${where} LIMIT ${COUNT_CAP + 1}) s`,
  )
  const n = Number(rows[0]?.n ?? 0)
  return n > COUNT_CAP ? { total: COUNT_CAP, exact: false } : { total: n, exact: true }
}

type CardRow = {
  id: number
  short_id: string
  number: number
  discipline_id: number
  discipline_name: string
  exam_id: number
  year: number
  exam_name: string | null
  board: string
  organization: string | null
  difficulty: Difficulty
  statement: string
  alternatives: { letter: string; text: string }[] | string
  annulled: boolean
  has_explanation: boolean
  topics: { id: number; name: string }[] | string | null
}

/** Cards for these ids, in the given order. */
export async function loadCards(db: Db, ids: number[]): Promise<QuestionCard[]> {
  if (!ids.length) return []
  return loadCardsFrom(db, sql`SELECT id, ord FROM unnest(ARRAY[${list(ids)}]::int[]) WITH ORDINALITY AS t(id, ord)`)
}

async function loadCardsFrom(db: Db, page: SQL): Promise<QuestionCard[]> {
  const rows = await rowsOf<CardRow>(db, sql`
    SELECT q.id, q.short_id, q.number, q.discipline_id, d.name AS discipline_name, q.exam_id, q.year,
      e.name AS exam_name, q.board, e.organization, q.difficulty, q.statement, q.alternatives,
      (q.correct_answer IS NULL) AS annulled,
      (q.explanation IS NOT NULL AND length(trim(q.explanation)) > 0) AS has_explanation,
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json)
         FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = q.id) AS topics
    FROM (${page}) p
    JOIN questions q ON q.id = p.id
    JOIN disciplines d ON d.id = q.discipline_id
    JOIN exams e ON e.id = q.exam_id
    ORDER BY p.ord`)
  return rows.map(toCard)
}

function parseJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

function toCard(r: CardRow): QuestionCard {
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
    question_text: r.statement,
    alternatives: alternatives.map((a) => ({ letter: a.letter, text_content: a.text })),
    is_annulled: Boolean(r.annulled),
    has_explanation: Boolean(r.has_explanation),
    topics: (parseJson(r.topics) ?? []).map((t) => ({ id: Number(t.id), name: t.name })),
  }
}

export async function searchQuestions(db: Db, p: SearchParams): Promise<SearchResult> {
  const where = whereClause(p)
  const data = await loadCardsFrom(db, pageQuery(p, where))
  // A short first page is the whole result: no count query needed.
  const count = p.page === 1 && data.length < p.perPage ? { total: data.length, exact: true } : await countMatches(db, where)
  return { data, total: count.total, total_exact: count.exact, page: p.page, per_page: p.perPage }
}

export async function filterOptions(db: Db) {
  // From the small exams table, keeping only exams with live questions (no scan of questions).
  const live = sql`EXISTS (SELECT 1 FROM questions q WHERE q.exam_id = e.id AND q.removed_at IS NULL)`
  const [years, boards] = await Promise.all([
    rowsOf<{ year: number }>(db, sql`SELECT DISTINCT e.year FROM exams e WHERE ${live} ORDER BY e.year DESC`),
    rowsOf<{ board: string }>(db, sql`SELECT DISTINCT e.board FROM exams e WHERE ${live} ORDER BY e.board`),
  ])
  return {
    years: years.map((r) => Number(r.year)),
    exam_boards: boards.map((r) => r.board),
    difficulties: ['facil', 'medio', 'dificil'] as const,
  }
}
