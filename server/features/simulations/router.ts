import type { Request } from 'express'
import { Router } from 'express'

import { unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { exameOrdemPlan, listExams } from '../../domain/exams'
import { mixView, officialView, setMix, setOfficial, weekStats } from './admin'
import { simulationAllowance } from './allowance'
import { simulationsApi } from './contract'
import { CUSTOM_DEFAULT_SIZE, CUSTOM_MAX_SIZE, CUSTOM_MIN_SIZE, MINUTES_PER_QUESTION, SIMULATIONS_FLOOD_MESSAGE } from './messages'
import { simulationResult } from './result'
import { createSimulation, deliver, getSitting, listSimulations, saveAnswer } from './sitting'

// Simulados: the contract (./contract.ts) says what each route reads and answers; this says
// which rule runs. Every rule reads the one clock (ctx.clock: CLOCK_OFFSET_SECONDS outside
// production, a test's hand), never the database's now().

export function createSimulationsRouter(ctx: AppContext) {
  const router = Router()
  const now = () => ctx.clock()
  const owner = (req: Request) => {
    const user = currentUser(req)
    return { id: user.id, planName: user.planName }
  }
  // 80 answers in a few minutes is normal; thousands a minute is not a student.
  const writes = limiter(ctx, { name: 'simulations', windowMs: 60_000, limit: 300, by: 'user', message: SIMULATIONS_FLOOD_MESSAGE })
  const starts = limiter(ctx, {
    name: 'simulation-starts',
    windowMs: 10 * 60_000,
    limit: 20,
    by: 'user',
    message: SIMULATIONS_FLOOD_MESSAGE,
  })

  route(router, simulationsApi.exams)(async () => ({ success: true, exams: await listExams(ctx.db) }))

  // Before /simulations/:id, which would take 'options' for an id.
  route(
    router,
    simulationsApi.options,
  )(async ({ req }) => ({
    success: true,
    allowance: await simulationAllowance(ctx.db, owner(req), now()),
    exame_ordem: await exameOrdemPlan(ctx.db),
    personalizado: {
      min_size: CUSTOM_MIN_SIZE,
      max_size: CUSTOM_MAX_SIZE,
      default_size: CUSTOM_DEFAULT_SIZE,
      minutes_per_question: MINUTES_PER_QUESTION,
    },
  }))

  route(router, simulationsApi.create, [starts])(async ({ req, body }) => ({
    success: true,
    simulation: unwrap(await createSimulation(ctx.db, owner(req), body, now())),
  }))

  route(
    router,
    simulationsApi.list,
  )(async ({ req }) => ({ success: true, simulations: await listSimulations(ctx.db, owner(req).id, now()) }))

  route(
    router,
    simulationsApi.get,
  )(async ({ req, params, query }) => ({
    success: true,
    ...unwrap(await getSitting(ctx.db, owner(req).id, params.id, query.position, now())),
  }))

  route(router, simulationsApi.answer, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: 'Resposta salva.',
    ...unwrap(await saveAnswer(ctx.db, owner(req).id, params.id, params.questionId, body, now())),
  }))

  route(router, simulationsApi.finish, [writes])(async ({ req, params }) => ({
    success: true,
    message: 'Simulado entregue.',
    simulation: unwrap(await deliver(ctx.db, owner(req).id, params.id, now())),
  }))

  route(
    router,
    simulationsApi.result,
  )(async ({ req, params }) => ({ success: true, result: unwrap(await simulationResult(ctx.db, owner(req), params.id, now())) }))

  route(router, simulationsApi.adminMix)(async () => ({ success: true, ...(await mixView(ctx.db)) }))

  route(
    router,
    simulationsApi.setAdminMix,
  )(async ({ body }) => ({
    success: true,
    message: body.mix.length ? 'Distribuição do Exame de Ordem salva.' : 'Distribuição removida: vale a do caderno da prova mais recente.',
    ...unwrap(await setMix(ctx.db, body, now())),
  }))

  route(router, simulationsApi.officialMix)(async () => ({ success: true, lines: await officialView(ctx.db) }))

  route(
    router,
    simulationsApi.setOfficialMix,
  )(async ({ body }) => ({ success: true, message: 'Distribuição oficial salva.', ...(await setOfficial(ctx.db, body, now())) }))

  route(router, simulationsApi.adminStats)(async () => ({ success: true, ...(await weekStats(ctx.db, now())) }))

  return router
}
