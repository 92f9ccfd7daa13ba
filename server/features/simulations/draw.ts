import type { SQL } from 'drizzle-orm'
import { asc, desc, eq, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { SimulationShortfall } from '../../db/schema'
import { disciplines, simulationMix } from '../../db/schema'
import type { ExameOrdemPlanJson, ExamJson } from './contract'
import { EXAME_ORDEM_MINUTES, EXAME_ORDEM_PASS, EXAME_ORDEM_SIZE } from './messages'
import type { SimulationFilters } from './schemas'

// What a simulado is drawn from (issue 29, ADR 045): the imported exams and whether each is
// whole, the Exame de Ordem's discipline mix (the newest whole booklet's, or the admin's table),
// and the three draws. Annulled questions are never drawn except in a past exam as applied.

const anyOf = (values: number[] | string[], type: 'int' | 'text') => sql`ANY(${sql.param(values)}::${sql.raw(type)}[])`

/** A drawn question: its place in the simulado comes from the order of the list. */
export type Drawn = { questionId: number; disciplineId: number }

type ExamRow = {
  id: number
  name: string
  year: number
  board: string
  organization: string | null
  live: number
  annulled: number
  min_number: number | null
  max_number: number | null
  removed: number
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 }

/** The edition of 'XXXV Exame de Ordem Unificado' (35) or 'Exame de Ordem Unificado 2010.3' (3); 0 when none. */
export function examEdition(name: string) {
  const roman = /^\s*([IVXLC]+)\b/.exec(name)?.[1]
  if (roman) {
    let total = 0
    for (let i = 0; i < roman.length; i++) {
      const v = ROMAN[roman[i]]
      total += v < (ROMAN[roman[i + 1]] ?? 0) ? -v : v
    }
    return total
  }
  return Number(/\b\d{4}\.(\d{1,2})\b/.exec(name)?.[1] ?? 0)
}

/** An Exame de Ordem booklet, as opposed to a contest's exam or a course's mock. */
const isExameDeOrdem = (e: Pick<ExamRow, 'name' | 'organization'>) =>
  /exame\s+de\s+ordem/i.test(e.name) || (e.organization ?? '').trim().toUpperCase() === 'OAB'

/**
 * Every exam with live questions, newest first (year, then edition). Whole: its live questions
 * are numbered 1 to N with no gap and none removed by a re-upload.
 */
export async function listExams(db: Db, only?: number): Promise<ExamJson[]> {
  const rows = await queryRows<ExamRow>(
    db,
    sql`SELECT e.id, e.name, e.year, e.board, e.organization,
          count(q.id) FILTER (WHERE q.removed_at IS NULL)::int AS live,
          count(q.id) FILTER (WHERE q.removed_at IS NULL AND q.correct_answer IS NULL)::int AS annulled,
          min(q.number) FILTER (WHERE q.removed_at IS NULL)::int AS min_number,
          max(q.number) FILTER (WHERE q.removed_at IS NULL)::int AS max_number,
          count(q.id) FILTER (WHERE q.removed_at IS NOT NULL)::int AS removed
        FROM exams e JOIN questions q ON q.exam_id = e.id
        ${only === undefined ? sql`` : sql`WHERE e.id = ${only}`}
        GROUP BY e.id`,
  )
  return rows
    .filter((r) => r.live > 0)
    .sort((a, b) => b.year - a.year || examEdition(b.name) - examEdition(a.name) || b.id - a.id)
    .map((r) => ({
      id: r.id,
      name: r.name,
      year: r.year,
      board: r.board,
      organization: r.organization,
      question_count: r.live,
      annulled_count: r.annulled,
      complete: r.removed === 0 && r.min_number === 1 && r.max_number === r.live,
    }))
}

type MixRow = { disciplineId: number; count: number }

async function disciplineNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const rows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM disciplines WHERE id = ${anyOf(ids, 'int')}`)
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Live, not annulled questions per discipline: what an Exame de Ordem draw can take. */
async function availableByDiscipline(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>()
  const rows = await queryRows<{ discipline_id: number; n: number }>(
    db,
    sql`SELECT discipline_id, count(*)::int AS n FROM questions
         WHERE removed_at IS NULL AND correct_answer IS NOT NULL AND discipline_id = ${anyOf(ids, 'int')}
         GROUP BY discipline_id`,
  )
  return new Map(rows.map((r) => [r.discipline_id, r.n]))
}

/** The newest whole Exame de Ordem booklet of 80 questions, and its mix in the booklet's order. */
async function bookletMix(db: Db) {
  const exam = (await listExams(db)).find((e) => e.complete && e.question_count === EXAME_ORDEM_SIZE && isExameDeOrdem(e))
  if (!exam) return null
  const rows = await queryRows<{ discipline_id: number; n: number }>(
    db,
    sql`SELECT discipline_id, count(*)::int AS n, min(number) AS first FROM questions
         WHERE exam_id = ${exam.id} AND removed_at IS NULL GROUP BY discipline_id ORDER BY first`,
  )
  return { exam, mix: rows.map((r) => ({ disciplineId: r.discipline_id, count: r.n })) }
}

/** The admin's table (empty: the booklet's mix holds), largest share first. */
export async function adminMix(db: Db): Promise<MixRow[]> {
  return db
    .select({ disciplineId: simulationMix.disciplineId, count: simulationMix.count })
    .from(simulationMix)
    .innerJoin(disciplines, eq(disciplines.id, simulationMix.disciplineId))
    .orderBy(desc(simulationMix.count), asc(disciplines.name))
}

async function planOf(db: Db, source: 'admin' | 'exam' | 'none', exam: ExamJson | null, mix: MixRow[]): Promise<ExameOrdemPlanJson> {
  const ids = mix.map((m) => m.disciplineId)
  const [names, available] = await Promise.all([disciplineNames(db, ids), availableByDiscipline(db, ids)])
  const rows = mix.map((m) => ({
    discipline_id: m.disciplineId,
    discipline_name: names.get(m.disciplineId) ?? `Disciplina ${m.disciplineId}`,
    count: m.count,
    available: available.get(m.disciplineId) ?? 0,
  }))
  return {
    source,
    exam: exam ? { id: exam.id, name: exam.name, year: exam.year, board: exam.board } : null,
    mix: rows,
    shortfall: rows
      .filter((r) => r.available < r.count)
      .map((r) => ({ discipline_id: r.discipline_id, discipline_name: r.discipline_name, wanted: r.count, drawn: r.available })),
    size: EXAME_ORDEM_SIZE,
    duration_minutes: EXAME_ORDEM_MINUTES,
    pass_mark: EXAME_ORDEM_PASS,
  }
}

/** The booklet's plan (what the admin's table replaces). */
export async function bookletPlan(db: Db): Promise<ExameOrdemPlanJson> {
  const booklet = await bookletMix(db)
  return booklet ? planOf(db, 'exam', booklet.exam, booklet.mix) : planOf(db, 'none', null, [])
}

/** The mix the next Exame de Ordem simulado is drawn in: the admin's table when set, else the booklet's. */
export async function exameOrdemPlan(db: Db): Promise<ExameOrdemPlanJson> {
  const table = await adminMix(db)
  if (table.length) return planOf(db, 'admin', null, table)
  return bookletPlan(db)
}

export type DrawOutcome =
  | { kind: 'ok'; drawn: Drawn[]; shortfall: SimulationShortfall[] }
  | { kind: 'unprocessable'; message: string; extra: Record<string, unknown> }

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j], items[i]]
  }
  return items
}

/**
 * 80 questions in the plan's mix, each discipline's block in the booklet's order. A discipline
 * the bank cannot fill is made up from the others (the mix's disciplines first), and said.
 */
export async function drawExameOrdem(db: Db, plan: ExameOrdemPlanJson): Promise<DrawOutcome> {
  if (!plan.mix.length)
    return {
      kind: 'unprocessable',
      message:
        'Não há um Exame de Ordem completo (80 questões) no banco para dar a distribuição das disciplinas, nem uma tabela definida pelo administrador.',
      extra: { code: 'NO_COMPLETE_EXAM' },
    }
  const ids = plan.mix.map((m) => m.discipline_id)
  const counts = plan.mix.map((m) => m.count)
  const picked = await queryRows<{ id: number; discipline_id: number }>(
    db,
    sql`SELECT id, discipline_id FROM (
          SELECT q.id, q.discipline_id, row_number() OVER (PARTITION BY q.discipline_id ORDER BY random()) AS rn
            FROM questions q
           WHERE q.removed_at IS NULL AND q.correct_answer IS NOT NULL AND q.discipline_id = ${anyOf(ids, 'int')}
        ) r
        JOIN unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) AS m(discipline_id, n) USING (discipline_id)
        WHERE r.rn <= m.n`,
  )
  let drawn = picked.map((r) => ({ questionId: r.id, disciplineId: r.discipline_id }))
  const missing = plan.size - drawn.length
  if (missing > 0) {
    const taken = drawn.map((d) => d.questionId)
    const fill = await queryRows<{ id: number; discipline_id: number }>(
      db,
      sql`SELECT q.id, q.discipline_id FROM questions q
           WHERE q.removed_at IS NULL AND q.correct_answer IS NOT NULL
             AND NOT (q.id = ${anyOf(taken.length ? taken : [0], 'int')})
           ORDER BY (q.discipline_id = ${anyOf(ids, 'int')}) DESC, random()
           LIMIT ${missing}`,
    )
    drawn = drawn.concat(fill.map((r) => ({ questionId: r.id, disciplineId: r.discipline_id })))
  }
  if (drawn.length < plan.size)
    return {
      kind: 'unprocessable',
      message: `O banco tem só ${drawn.length} questões válidas (não anuladas) para o simulado do Exame de Ordem, que pede ${plan.size}.`,
      extra: { code: 'NOT_ENOUGH_QUESTIONS', available: drawn.length, wanted: plan.size },
    }
  const order = new Map(ids.map((id, i) => [id, i]))
  const rank = (d: Drawn) => order.get(d.disciplineId) ?? ids.length
  drawn = shuffle(drawn).sort((a, b) => rank(a) - rank(b))
  return { kind: 'ok', drawn, shortfall: plan.shortfall }
}

/** A past exam as applied: every live question in its number order, the annulled ones too. */
export async function drawPastExam(db: Db, exam: ExamJson): Promise<DrawOutcome> {
  if (!exam.complete)
    return {
      kind: 'unprocessable',
      message: `A prova ${exam.name} (${exam.year}) não está completa no banco (${exam.question_count} questões, com lacunas na numeração): escolha uma prova completa.`,
      extra: { code: 'EXAM_INCOMPLETE', available: exam.question_count },
    }
  const rows = await queryRows<{ id: number; discipline_id: number }>(
    db,
    sql`SELECT id, discipline_id FROM questions WHERE exam_id = ${exam.id} AND removed_at IS NULL ORDER BY number`,
  )
  return { kind: 'ok', drawn: rows.map((r) => ({ questionId: r.id, disciplineId: r.discipline_id })), shortfall: [] }
}

/** The conditions of a personalised draw, in the question search's vocabulary. */
function customWhere(filters: SimulationFilters, userId: string): SQL {
  const parts: SQL[] = [sql`q.removed_at IS NULL`, sql`q.correct_answer IS NOT NULL`]
  if (filters.discipline_ids?.length) parts.push(sql`q.discipline_id = ${anyOf(filters.discipline_ids, 'int')}`)
  if (filters.topic_ids?.length)
    parts.push(
      sql`EXISTS (SELECT 1 FROM question_topics qt WHERE qt.question_id = q.id AND qt.topic_id = ${anyOf(filters.topic_ids, 'int')})`,
    )
  if (filters.year?.length) parts.push(sql`q.year = ${anyOf(filters.year, 'int')}`)
  if (filters.exam_board?.length) parts.push(sql`q.board = ${anyOf(filters.exam_board, 'text')}`)
  const attempted = sql`SELECT 1 FROM attempts a WHERE a.user_id = ${userId} AND a.question_id = q.id`
  if (filters.only_unanswered) parts.push(sql`NOT EXISTS (${attempted})`)
  // "Só as que errei": the last answer (by time, then id) was wrong, as the search's "Que errei".
  if (filters.only_wrong)
    parts.push(sql`EXISTS (${attempted} AND NOT a.correct AND NOT EXISTS (
      SELECT 1 FROM attempts b WHERE b.user_id = a.user_id AND b.question_id = a.question_id
        AND (b.created_at, b.id) > (a.created_at, a.id)))`)
  return sql.join(parts, sql` AND `)
}

/** What the filters asked for, in words, for the 422 that says what is missing. */
async function describeFilters(db: Db, filters: SimulationFilters) {
  const said: string[] = []
  if (filters.discipline_ids?.length) {
    const names = await disciplineNames(db, filters.discipline_ids)
    said.push(`disciplinas: ${filters.discipline_ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}`)
  }
  if (filters.topic_ids?.length) {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`SELECT name FROM topics WHERE id = ${anyOf(filters.topic_ids, 'int')} ORDER BY name`,
    )
    said.push(`assuntos: ${rows.map((r) => r.name).join(', ') || 'nenhum assunto conhecido'}`)
  }
  if (filters.year?.length) said.push(`anos: ${filters.year.join(', ')}`)
  if (filters.exam_board?.length) said.push(`bancas: ${filters.exam_board.join(', ')}`)
  if (filters.only_unanswered) said.push('só questões que você nunca respondeu')
  if (filters.only_wrong) said.push('só as que você errou')
  return said
}

/** `size` questions at random among those the filters find (never annulled ones). */
export async function drawCustom(db: Db, userId: string, filters: SimulationFilters, size: number): Promise<DrawOutcome> {
  const where = customWhere(filters, userId)
  const rows = await queryRows<{ id: number; discipline_id: number }>(
    db,
    sql`SELECT q.id, q.discipline_id FROM questions q WHERE ${where} ORDER BY random() LIMIT ${size}`,
  )
  if (rows.length < size) {
    const said = await describeFilters(db, filters)
    const found = rows.length === 0 ? 'nenhuma questão' : `só ${rows.length} ${rows.length === 1 ? 'questão' : 'questões'}`
    return {
      kind: 'unprocessable',
      message:
        `Faltam questões para este simulado: o banco tem ${found} ${said.length ? `com ${said.join('; ')}` : 'válidas'}, ` +
        `e você pediu ${size}. Diminua o número de questões ou amplie os filtros.`,
      extra: { code: 'NOT_ENOUGH_QUESTIONS', available: rows.length, wanted: size },
    }
  }
  return { kind: 'ok', drawn: rows.map((r) => ({ questionId: r.id, disciplineId: r.discipline_id })), shortfall: [] }
}
