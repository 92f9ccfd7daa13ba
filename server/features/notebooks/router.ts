import type { Request } from 'express'
import { Router } from 'express'

import { unwrap } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import type { AppContext } from '../../context'
import { notebooksApi } from './contract'
import { NOTEBOOKS_FLOOD_MESSAGE } from './messages'
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  listNotebookQuestions,
  listNotebooks,
  questionNotebooks,
  removeNotebookQuestion,
  setQuestionNotebooks,
  updateNotebook,
} from './notebooks'

// Fichário: the contract (./contract.ts) says what each route reads and answers; this says which
// rule runs.

export function createNotebooksRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, { name: 'notebooks', windowMs: 10 * 60_000, limit: 200, by: 'user', message: NOTEBOOKS_FLOOD_MESSAGE })
  const owner = (req: Request) => {
    const user = currentUser(req)
    return { id: user.id, planName: user.planName }
  }

  route(router, notebooksApi.list)(async ({ req }) => ({ success: true, ...(await listNotebooks(ctx.db, owner(req), ctx.clock())) }))

  route(router, notebooksApi.create, [writes])(async ({ req, body }) => ({
    success: true,
    message: 'Caderno criado com sucesso!',
    notebook: unwrap(await createNotebook(ctx.db, owner(req), body, ctx.clock())),
  }))

  route(
    router,
    notebooksApi.get,
  )(async ({ req, params }) => ({
    success: true,
    notebook: unwrap(await getNotebook(ctx.db, currentUser(req).id, params.id)),
  }))

  route(router, notebooksApi.update, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: 'Caderno atualizado com sucesso!',
    notebook: unwrap(await updateNotebook(ctx.db, currentUser(req).id, params.id, body, ctx.clock())),
  }))

  route(router, notebooksApi.remove, [writes])(async ({ req, params }) => {
    unwrap(await deleteNotebook(ctx.db, currentUser(req).id, params.id))
    return { success: true, message: 'Caderno excluído com sucesso!' }
  })

  route(
    router,
    notebooksApi.questions,
  )(async ({ req, params, query }) => ({
    success: true,
    ...unwrap(await listNotebookQuestions(ctx.db, currentUser(req).id, params.id, query.page, query.per_page)),
  }))

  route(router, notebooksApi.removeQuestion, [writes])(async ({ req, params }) => {
    unwrap(await removeNotebookQuestion(ctx.db, currentUser(req).id, params.id, params.questionId, ctx.clock()))
    return { success: true, message: 'Questão removida do caderno' }
  })

  route(
    router,
    notebooksApi.questionNotebooks,
  )(async ({ req, params }) => ({
    success: true,
    ...unwrap(await questionNotebooks(ctx.db, currentUser(req).id, params.id)),
  }))

  route(router, notebooksApi.setQuestionNotebooks, [writes])(async ({ req, params, body }) => ({
    success: true,
    message: 'Seleção salva.',
    ...unwrap(await setQuestionNotebooks(ctx.db, owner(req), params.id, body.notebook_ids, ctx.clock())),
  }))

  return router
}
