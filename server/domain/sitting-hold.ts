import { sql } from 'drizzle-orm'

import type { Db } from '../db/index'
import { queryRows } from '../db/index'

// While a student sits a simulado, its questions keep their key to themselves (ADR 050): the
// bank's reveal, answer, statistics, analysis, discussions and video refuse them to that student
// until delivery (or the deadline). Other students are unaffected.

export const HELD_BY_SIMULATION_MESSAGE =
  'Esta questão faz parte do simulado que você está fazendo. Entregue o simulado para ver a resposta, as estatísticas, a análise, as discussões e o vídeo dela.'

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
