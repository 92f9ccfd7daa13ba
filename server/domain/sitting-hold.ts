import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'

// While a student sits a simulado, its questions keep their key to themselves (ADR 050): the
// bank's reveal, answer, statistics, analysis, discussions and video refuse them to that student
// until delivery (or the deadline), and so do a professor's analysis desk, its saves and exam export
// (server/features/analyses). Other students are unaffected.

export const HELD_BY_SIMULATION_MESSAGE =
  'Esta questão faz parte do simulado que você está fazendo. Entregue o simulado para ver a resposta, as estatísticas, a análise, as discussões e o vídeo dela.'

/** The professor's exam export (server/features/analyses) holds every key of the exam: refused while one is held. */
export const EXAM_HELD_BY_SIMULATION_MESSAGE =
  'Esta prova tem questões do simulado que você está fazendo, e o arquivo exportado traz o gabarito delas. Entregue o simulado para exportar a prova.'

/** The open simulado of this student that holds the question, at `now`; null when none does. */
export async function sittingHolding(db: Db, userId: string, questionId: number, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM simulations s JOIN simulation_questions sq ON sq.simulation_id = s.id
         WHERE s.user_id = ${userId} AND sq.question_id = ${questionId} AND s.finished_at IS NULL
           AND (s.deadline_at IS NULL OR s.deadline_at > ${now})
         LIMIT 1`,
  )
  return row?.id ?? null
}

/** The open simulado of this student that holds any live question of the exam, at `now`; null when none does. */
export async function sittingHoldingExam(db: Db, userId: string, examId: number, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM simulations s
          JOIN simulation_questions sq ON sq.simulation_id = s.id
          JOIN questions q ON q.id = sq.question_id
         WHERE s.user_id = ${userId} AND q.exam_id = ${examId} AND q.removed_at IS NULL AND s.finished_at IS NULL
           AND (s.deadline_at IS NULL OR s.deadline_at > ${now})
         LIMIT 1`,
  )
  return row?.id ?? null
}
