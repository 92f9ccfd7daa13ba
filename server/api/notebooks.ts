import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  listNotebookQuestions,
  listNotebooks,
  MAX_QUESTIONS_PER_PAGE,
  NOT_IN_NOTEBOOK,
  NOTEBOOK_NOT_FOUND,
  QUESTION_NOT_FOUND,
  questionNotebooks,
  QUESTIONS_PER_PAGE,
  removeNotebookQuestion,
  setQuestionNotebooks,
  updateNotebook,
} from '../domain/notebooks/notebooks'
import { MembershipBody, NotebookBody, NotebookUpdateBody } from '../domain/notebooks/schemas'
import { currentUser, requireUser } from './auth-middleware'
import { blank, handler, pageParam, parse, pathId, unwrap } from './http'
import { limiter } from './rate-limit'

// Fichário (issue 11, spec section 7): GET/POST /notebooks, GET/PUT/DELETE /notebooks/{id},
// GET /notebooks/{id}/questions, DELETE /notebooks/{id}/questions/{questionId},
// GET/PUT /questions/{id}/notebooks. Bearer only; another user's notebook answers 404.
// Creating goes through the policy (plan limit AND toggle): 403 with code, limit and plans_url.

export const NOTEBOOKS_FLOOD_MESSAGE = 'Você está alterando cadernos rápido demais. Aguarde um pouco e tente novamente.'

const PageQuery = z.object({
  page: pageParam,
  per_page: blank(
    z.coerce
      .number({ error: `per_page inválido: use um número inteiro entre 1 e ${MAX_QUESTIONS_PER_PAGE}.` })
      .int(`per_page inválido: use um número inteiro entre 1 e ${MAX_QUESTIONS_PER_PAGE}.`)
      .min(1, `per_page inválido: use um número inteiro entre 1 e ${MAX_QUESTIONS_PER_PAGE}.`)
      .max(MAX_QUESTIONS_PER_PAGE, `per_page inválido: use um número inteiro entre 1 e ${MAX_QUESTIONS_PER_PAGE}.`)
      .default(QUESTIONS_PER_PAGE),
  ),
})

export function createNotebooksRouter(ctx: AppContext) {
  const router = Router()
  const writes = limiter(ctx, { name: 'notebooks', windowMs: 10 * 60_000, limit: 200, by: 'user', message: NOTEBOOKS_FLOOD_MESSAGE })
  const owner = (req: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(req)
    return { id: user.id, planName: user.planName }
  }

  router.get(
    '/notebooks',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, ...(await listNotebooks(ctx.db, owner(req))) })
    }),
  )

  router.post(
    '/notebooks',
    requireUser,
    writes,
    handler(async (req, res) => {
      const body = parse(NotebookBody, req.body ?? {})
      const notebook = unwrap(await createNotebook(ctx.db, owner(req), body))
      res.status(201).json({ success: true, message: 'Caderno criado com sucesso!', notebook })
    }),
  )

  router.get(
    '/notebooks/:id',
    requireUser,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTEBOOK_NOT_FOUND)
      res.json({ success: true, notebook: unwrap(await getNotebook(ctx.db, currentUser(req).id, id)) })
    }),
  )

  router.put(
    '/notebooks/:id',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTEBOOK_NOT_FOUND)
      const body = parse(NotebookUpdateBody, req.body ?? {})
      res.json({
        success: true,
        message: 'Caderno atualizado com sucesso!',
        notebook: unwrap(await updateNotebook(ctx.db, currentUser(req).id, id, body)),
      })
    }),
  )

  router.delete(
    '/notebooks/:id',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTEBOOK_NOT_FOUND)
      unwrap(await deleteNotebook(ctx.db, currentUser(req).id, id))
      res.json({ success: true, message: 'Caderno excluído com sucesso!' })
    }),
  )

  router.get(
    '/notebooks/:id/questions',
    requireUser,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTEBOOK_NOT_FOUND)
      const query = parse(PageQuery, req.query)
      res.json({ success: true, ...unwrap(await listNotebookQuestions(ctx.db, currentUser(req).id, id, query.page, query.per_page)) })
    }),
  )

  router.delete(
    '/notebooks/:id/questions/:questionId',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', NOTEBOOK_NOT_FOUND)
      const questionId = pathId(req, 'questionId', NOT_IN_NOTEBOOK)
      unwrap(await removeNotebookQuestion(ctx.db, currentUser(req).id, id, questionId))
      res.json({ success: true, message: 'Questão removida do caderno' })
    }),
  )

  router.get(
    '/questions/:id/notebooks',
    requireUser,
    handler(async (req, res) => {
      const id = pathId(req, 'id', QUESTION_NOT_FOUND)
      res.json({ success: true, ...unwrap(await questionNotebooks(ctx.db, currentUser(req).id, id)) })
    }),
  )

  router.put(
    '/questions/:id/notebooks',
    requireUser,
    writes,
    handler(async (req, res) => {
      const id = pathId(req, 'id', QUESTION_NOT_FOUND)
      const { notebook_ids } = parse(MembershipBody, req.body ?? {})
      const result = unwrap(await setQuestionNotebooks(ctx.db, owner(req), id, notebook_ids))
      res.json({ success: true, message: 'Seleção salva.', ...result })
    }),
  )

  return router
}
