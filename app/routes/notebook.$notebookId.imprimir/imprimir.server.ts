import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { ApiClient } from '#server/client/core'
import { questionName, shortExamName } from '#server/domain/questions/exam-name'
import { notebooksApi } from '#server/features/notebooks/contract'
import { MAX_QUESTIONS_PER_PAGE } from '#server/features/notebooks/messages'
import { notesApi } from '#server/features/notes/contract'
import { questionsApi } from '#server/features/questions/contract'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, policyOf, requireUser, withSession } from '~/utils/session.server'

// "Imprimir caderno" (issue 40 §4): a notebook laid out for the browser's print (so "Salvar como
// PDF" works): its questions in order, the student's notes, the key at the end or after each one.
// A key is printed when it costs nothing: already opened (GET …/reveal), or on a plan without a
// weekly limit (POST …/reveal counts nothing there). On a limited plan the others say so.

/** Questions printed at most (two API pages): a longer notebook prints its first ones and says so. */
export const PRINT_MAX = 2 * MAX_QUESTIONS_PER_PAGE

export type KeyOrder = 'fim' | 'questao'

async function keyOf(api: ApiClient, id: number, free: boolean): Promise<string | null> {
  const read = (r: { correct_answer: string | null; annulled: boolean }) => (r.annulled ? 'Anulada' : r.correct_answer)
  try {
    return read(await call(api, questionsApi.revealed, { params: { id } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error
  }
  if (!free) return null
  return call(api, questionsApi.reveal, { params: { id } }).then(read, (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) throw error
    return null
  })
}

export async function loadPrint(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireUser(request, context)
  const id = /^\d{1,9}$/.test(rawId ?? '') && Number(rawId) > 0 ? Number(rawId) : null
  if (!id) throw new Response('Caderno não encontrado', { status: 404 })
  const url = new URL(request.url)
  const order: KeyOrder = url.searchParams.get('gabarito') === 'questao' ? 'questao' : 'fim'
  const api = await apiForRequest(request, context)
  try {
    return await withSession(request, async () => {
      const [detail, first, policy] = await Promise.all([
        call(api, notebooksApi.get, { params: { id } }),
        call(api, notebooksApi.questions, { params: { id }, query: { page: 1, per_page: MAX_QUESTIONS_PER_PAGE } }),
        policyOf(request, context).catch(() => null),
      ])
      const rest =
        first.total > MAX_QUESTIONS_PER_PAGE
          ? (await call(api, notebooksApi.questions, { params: { id }, query: { page: 2, per_page: MAX_QUESTIONS_PER_PAGE } })).questions
          : []
      const cards = [...first.questions, ...rest].slice(0, PRINT_MAX)
      const free = policy?.limits.questionsPerWeek === -1
      const questions = await Promise.all(
        cards.map(async (q) => {
          const [notes, key] = await Promise.all([
            call(api, notesApi.list, { params: { id: q.id } }).then((r) => r.notes.map((n) => n.content)),
            keyOf(api, q.id, free),
          ])
          return {
            id: q.id,
            name: questionName(shortExamName(q.exam_name, q.exam_board, q.exam_year), q.question_number),
            disc: q.discipline_name,
            exam: [q.exam_name, q.exam_year].filter(Boolean).join(' · '),
            text: q.question_text,
            alts: q.alternatives.map((a) => ({ letter: a.letter, text: a.text_content })),
            notes,
            key,
          }
        }),
      )
      return json({
        notebook: { id, name: detail.notebook.name, description: detail.notebook.description },
        total: first.total,
        order,
        questions,
        limited: !free,
      })
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Caderno não encontrado', { status: 404 })
    throw error
  }
}
