import { sql } from 'drizzle-orm'

import type { DomainOutcome } from '../../api/http'
import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { ExplanationSource, PlanName } from '../../db/schema'
import { explanationOrigin } from '../../domain/analysis-source'
import { outcomeOf, passMark, scoreOf, scores } from '../../domain/answering'
import { getCatalog } from '../plans/index'
import { commentedAnswerAccess, getPolicy } from '../plans/index'
import type { ReviewItemJson, SimulationResultJson } from './contract'
import { ABANDONED_NOT_COMPARED, COMPARISON_MIN_PEOPLE, NOT_FINISHED, SIMULATION_NOT_FOUND } from './messages'
import type { SimulationRow, SittingQuestionRow } from './sitting'
import { currentSitting, toSimulationJson } from './sitting'

// The result of a finished simulado (issue 29): score against the cut, per discipline, time,
// the comparison with everyone who sat the same exam, and the review with the key and (when the
// plan has the Análise) the teacher's explanation.

type ReviewRow = SittingQuestionRow & {
  position: number
  correct_answer: string | null
  explanation: string | null
  explanation_source: ExplanationSource | null
  explanation_author: string | null
  explanation_credit: string | null
  alternative_comments: Record<string, string> | null
}

const round = (n: number) => Math.round(n)

/**
 * Where this sitting stands among everyone who finished the same exam (a past exam: the same
 * exam_id; the Exame de Ordem: every such sitting), each person counted once by their first
 * sitting, this student by this one. Position and percentile only from 5 people on.
 */
async function comparison(db: Db, row: SimulationRow, score: number): Promise<SimulationResultJson['comparison']> {
  if (row.kind === 'personalizado') return { scope: 'none', people: 0, position: null, percentile: null, message: null }
  const scope = row.kind === 'prova_anterior' ? 'exam' : 'exame_ordem'
  // An abandoned sitting (closed by the clock with nothing saved, issue 39) is no grade: it is
  // not compared, and nobody's abandoned sitting stands in for their first real one.
  if (row.closed_by_deadline && row.answered_count === 0)
    return { scope, people: 0, position: null, percentile: null, message: ABANDONED_NOT_COMPARED }
  const sameExam = row.kind === 'prova_anterior' ? sql`AND exam_id = ${row.exam_id}` : sql``
  const [stats] = await queryRows<{ others: number; higher: number; lower: number }>(
    db,
    sql`WITH firsts AS (
          SELECT DISTINCT ON (user_id) user_id, score FROM simulations
           WHERE kind = ${row.kind} ${sameExam} AND finished_at IS NOT NULL AND score IS NOT NULL AND user_id <> ${row.user_id}
             AND NOT (closed_by_deadline AND NOT EXISTS (
                   SELECT 1 FROM simulation_questions c WHERE c.simulation_id = simulations.id AND c.choice IS NOT NULL))
           ORDER BY user_id, finished_at, id)
        SELECT count(*)::int AS others, count(*) FILTER (WHERE score > ${score})::int AS higher,
               count(*) FILTER (WHERE score < ${score})::int AS lower
          FROM firsts`,
  )
  const people = stats.others + 1
  if (people < COMPARISON_MIN_PEOPLE)
    return {
      scope,
      people,
      position: null,
      percentile: null,
      message: `A comparação aparece quando ${COMPARISON_MIN_PEOPLE} ou mais pessoas tiverem terminado este simulado (até agora: ${people}).`,
    }
  const position = stats.higher + 1
  const percentile = round((100 * stats.lower) / stats.others)
  return {
    scope,
    people,
    position,
    percentile,
    message: `Você ficou em ${position}º de ${people}: sua nota foi maior que a de ${percentile}% das outras pessoas.`,
  }
}

export async function simulationResult(
  db: Db,
  user: { id: string; planName: PlanName },
  id: number,
  now: Date,
): Promise<DomainOutcome<SimulationResultJson>> {
  const row = await currentSitting(db, user.id, id, now)
  if (!row) return { kind: 'not-found', message: SIMULATION_NOT_FOUND }
  if (row.finished_at === null) return { kind: 'conflict', message: NOT_FINISHED }
  const [rows, policy, catalog] = await Promise.all([
    queryRows<ReviewRow>(
      db,
      sql`SELECT sq.position, sq.question_id, q.short_id, q.number, q.discipline_id, d.name AS discipline_name,
                 e.name AS exam_name, e.year AS exam_year, e.board AS exam_board, q.statement, q.alternatives,
                 sq.choice, sq.marked, q.correct_answer, q.explanation, q.explanation_source,
                 p.name AS explanation_author, q.explanation_credit, q.alternative_comments
            FROM simulation_questions sq
            JOIN questions q ON q.id = sq.question_id
            LEFT JOIN users p ON p.id = q.explanation_by
            JOIN disciplines d ON d.id = q.discipline_id
            JOIN exams e ON e.id = q.exam_id
           WHERE sq.simulation_id = ${id}
           ORDER BY sq.position`,
    ),
    getPolicy(db, user, now),
    getCatalog(db),
  ])
  const access = commentedAnswerAccess(policy, catalog)
  const review: ReviewItemJson[] = rows.map((r) => {
    const outcome = outcomeOf(r.choice, r.correct_answer)
    const annulled = outcome === 'annulled'
    const written = r.explanation?.trim() ? r.explanation : null
    const origin = explanationOrigin(
      {
        explanationSource: r.explanation_source,
        authorName: r.explanation_author,
        explanationCredit: r.explanation_credit,
        alternativeComments: r.alternative_comments,
        examName: r.exam_name,
        board: r.exam_board,
        year: r.exam_year,
      },
      access.allowed && written !== null,
    )
    return {
      position: r.position,
      question_id: r.question_id,
      short_id: r.short_id,
      number: r.number,
      discipline_id: r.discipline_id,
      discipline_name: r.discipline_name,
      exam_name: r.exam_name,
      exam_year: r.exam_year,
      exam_board: r.exam_board,
      question_text: r.statement,
      alternatives: r.alternatives.map((a) => ({ letter: a.letter, text_content: a.text })),
      choice: r.choice,
      marked: r.marked,
      correct_answer: r.correct_answer,
      annulled,
      outcome,
      explanation: access.allowed ? written : null,
      explanation_locked: written && !access.allowed ? access.reason : null,
      explanation_message: written && !access.allowed ? access.message : null,
      ...origin,
    }
  })
  // Today's keys, by the rule that scored the sitting and scores it again when a key changes
  // (server/domain/answering.ts): the stored score the history shows is this one.
  const { score, right, wrong, blank, annulled, size, passed } = scoreOf(
    rows.map((r) => ({ choice: r.choice, key: r.correct_answer })),
    row.size,
  )
  const byDiscipline = new Map<number, SimulationResultJson['by_discipline'][number]>()
  for (const r of review) {
    const d = byDiscipline.get(r.discipline_id) ?? {
      discipline_id: r.discipline_id,
      discipline_name: r.discipline_name,
      total: 0,
      weight_percent: 0,
      right: 0,
      wrong: 0,
      blank: 0,
    }
    d.total++
    if (scores(r.outcome)) d.right++
    else if (r.outcome === 'wrong') d.wrong++
    else d.blank++
    byDiscipline.set(r.discipline_id, d)
  }
  for (const d of byDiscipline.values()) d.weight_percent = size ? round((100 * d.total) / size) : 0
  const used = Math.max(0, Math.round((new Date(row.finished_at).getTime() - new Date(row.started_at).getTime()) / 1000))
  return {
    kind: 'ok',
    value: {
      simulation: toSimulationJson(row, now),
      score,
      size,
      right,
      wrong,
      blank,
      annulled,
      percent: size ? round((100 * score) / size) : 0,
      pass_mark: passMark(size),
      passed,
      time_used_seconds: used,
      seconds_per_question: size ? round(used / size) : 0,
      by_discipline: [...byDiscipline.values()],
      comparison: await comparison(db, row, score),
      review,
    },
  }
}
