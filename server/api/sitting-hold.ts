import type { AppContext } from '../context'
import { EXAM_HELD_BY_SIMULATION_MESSAGE, HELD_BY_SIMULATION_MESSAGE, sittingHolding, sittingHoldingExam } from '../domain/sitting-hold'
import { HttpError } from './http'

/**
 * 409 when the caller is sitting a simulado that holds this question (server/domain/sitting-hold.ts).
 * A visitor holds nothing.
 */
export async function refuseWhileInSimulado(ctx: AppContext, userId: string | undefined, questionId: number) {
  if (!userId) return
  const simulationId = await sittingHolding(ctx.db, userId, questionId, ctx.clock())
  if (simulationId !== null)
    throw new HttpError(409, HELD_BY_SIMULATION_MESSAGE, { code: 'IN_OPEN_SIMULATION', simulation_id: simulationId })
}

/** 409 when the caller is sitting a simulado that holds a question of this exam (its export carries every key). */
export async function refuseExamWhileInSimulado(ctx: AppContext, userId: string, examId: number) {
  const simulationId = await sittingHoldingExam(ctx.db, userId, examId, ctx.clock())
  if (simulationId !== null)
    throw new HttpError(409, EXAM_HELD_BY_SIMULATION_MESSAGE, { code: 'IN_OPEN_SIMULATION', simulation_id: simulationId })
}
