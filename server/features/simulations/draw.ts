import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { SimulationShortfall } from '../../db/schema'
import { anyOf, disciplineNames } from '../../domain/exams'
import { UNCLASSIFIED_KEY } from '../../domain/import/parse-exam'
import { notOutdatedSql } from '../../domain/legislation'
import type { ExameOrdemPlanJson, ExamJson } from './contract'
import type { SimulationFilters } from './schemas'

// The three draws of a simulado (issue 29, ADR 045), from the exams and the Exame de Ordem mix
// the kernel keeps (server/domain/exams.ts). Annulled questions are never drawn except in a past exam as applied.

/** A drawn question: its place in the simulado comes from the order of the list. */
export type Drawn = { questionId: number; disciplineId: number }

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
 * 80 questions in the plan's mix (never one an admin confirmed outdated, ADR 053), each discipline's block in the booklet's order. A discipline
 * the bank cannot fill is made up by the disciplines the plan names (issue 63 §3); past their spare questions, by any other.
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
  // What a discipline cannot give goes where the plan said (issue 63 §3).
  const extra = new Map<number, number>()
  for (const f of plan.shortfall) for (const to of f.to) extra.set(to.discipline_id, (extra.get(to.discipline_id) ?? 0) + to.count)
  const counts = plan.mix.map((m) => m.count + (extra.get(m.discipline_id) ?? 0))
  const picked = await queryRows<{ id: number; discipline_id: number }>(
    db,
    sql`SELECT id, discipline_id FROM (
          SELECT q.id, q.discipline_id, row_number() OVER (PARTITION BY q.discipline_id ORDER BY random()) AS rn
            FROM questions q
           WHERE q.removed_at IS NULL AND q.correct_answer IS NOT NULL AND q.outdated_at IS NULL AND q.discipline_id = ${anyOf(ids, 'int')}
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
      // The mix's disciplines first, then any classified one: "Não classificada" only when nothing else is left.
      sql`SELECT q.id, q.discipline_id FROM questions q JOIN disciplines d ON d.id = q.discipline_id
           WHERE q.removed_at IS NULL AND q.correct_answer IS NOT NULL AND q.outdated_at IS NULL
             AND NOT (q.id = ${anyOf(taken.length ? taken : [0], 'int')})
           ORDER BY (q.discipline_id = ${anyOf(ids, 'int')}) DESC, (d.name_key = ${UNCLASSIFIED_KEY}), random()
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
  if (filters.exclude_outdated) parts.push(notOutdatedSql())
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
  if (filters.exclude_outdated) said.push('sem as desatualizadas')
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
