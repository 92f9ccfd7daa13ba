import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { z } from 'zod'
import { answerQuestion, reportQuestionError, revealAnswer } from '#server/client/questions'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, getToken, logoutExpired } from '~/utils/session.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'

/** One schema for the answer/reveal form (radio `resposta`, `intent` buttons). */
export const AnswerFormSchema = z.object({
  intent: z.enum(['responder', 'revelar']),
  resposta: z.string().trim().max(2).optional(),
  redirectTo: z.string().optional(),
})

export const ReportFormSchema = z.object({
  mensagem: z.string().trim().max(2000).optional().default(''),
  redirectTo: z.string().optional(),
})

export type AnswerActionData =
  | { kind: 'result'; intent: 'responder' | 'revelar'; correct: boolean | null; answer: string | null; correct_answer: string | null; explanation: string | null; annulled: boolean }
  | { kind: 'quota'; message: string }
  | { kind: 'error'; message: string }

/** Only /questoes URLs (the card's page) are valid places to come back to. */
function backUrl(redirectTo: string | undefined) {
  if (!redirectTo || !redirectTo.startsWith('/questoes') || redirectTo.startsWith('//')) return null
  return new URL(redirectTo, 'http://local')
}

function backTo(url: URL, id: number) {
  return `${url.pathname}${url.search}#questao-${id}`
}

export async function answerAction(request: Request, context: AppLoadContext, id: number) {
  const form = Object.fromEntries(await request.formData())
  const parsed = AnswerFormSchema.safeParse(form)
  if (!parsed.success || !Number.isInteger(id)) return json<AnswerActionData>({ kind: 'error', message: 'Requisição inválida' }, { status: 400 })
  const { intent, resposta, redirectTo } = parsed.data
  // A no-JS form carries redirectTo; a JS fetcher does not and gets JSON.
  const back = backUrl(redirectTo)
  const loginBack = back ? backTo(back, id) : `/questoes#questao-${id}`

  if (!(await getToken(request))) {
    return redirectWithToast(
      `/login?${new URLSearchParams({ redirectTo: loginBack })}`,
      { type: 'error', title: 'Login necessário', description: 'Faça login para registrar suas tentativas.' },
      { request },
    )
  }
  if (intent === 'responder' && !resposta) {
    const message = 'Escolha uma alternativa antes de responder.'
    if (back) return redirectWithToast(backTo(back, id), { type: 'error', title: message }, { request })
    return json<AnswerActionData>({ kind: 'error', message }, { status: 400 })
  }

  const api = await apiForRequest(request, context)
  try {
    const result = intent === 'responder' ? await answerQuestion(api, id, resposta!) : { ...(await revealAnswer(api, id)), correct: null, answer: null }
    const toast =
      result.annulled
        ? { type: 'info' as const, title: 'Questão Anulada' }
        : intent === 'revelar'
          ? null
          : result.correct
            ? { type: 'success' as const, title: 'Resposta correta!', description: 'Parabéns! Tentativa registrada.' }
            : { type: 'error' as const, title: 'Resposta incorreta', description: 'Continue tentando! Tentativa registrada.' }
    if (back) {
      back.searchParams.delete('limite')
      if (!back.searchParams.getAll('revelada').includes(String(id))) back.searchParams.append('revelada', String(id))
      const escolhas = back.searchParams.getAll('escolha').filter((e) => !e.startsWith(`${id}-`))
      back.searchParams.delete('escolha')
      for (const e of escolhas) back.searchParams.append('escolha', e)
      if (result.answer) back.searchParams.append('escolha', `${id}-${result.answer}`)
      const url = backTo(back, id)
      return toast ? redirectWithToast(url, toast, { request }) : redirect(url)
    }
    const headers = toast ? await createToastHeaders(request, toast) : undefined
    return json<AnswerActionData>(
      { kind: 'result', intent, correct: result.correct, answer: result.answer, correct_answer: result.correct_answer, explanation: result.explanation, annulled: result.annulled },
      { headers },
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return logoutExpired(request, loginBack)
    if (error.status === 403) {
      if (back) {
        back.searchParams.set('limite', String(id))
        return redirectWithToast(backTo(back, id), { type: 'warning', title: 'Limite semanal atingido', description: error.message }, { request })
      }
      return json<AnswerActionData>({ kind: 'quota', message: error.message }, { status: 403 })
    }
    const message = error.status >= 400 && error.status < 500 ? error.message : 'Não foi possível registrar a tentativa.'
    if (back) return redirectWithToast(backTo(back, id), { type: 'error', title: 'Erro', description: message }, { request })
    return json<AnswerActionData>({ kind: 'error', message }, { status: error.status >= 400 ? error.status : 503 })
  }
}

export async function reportAction(request: Request, context: AppLoadContext, id: number) {
  const parsed = ReportFormSchema.safeParse(Object.fromEntries(await request.formData()))
  const back = backUrl(parsed.success ? parsed.data.redirectTo : undefined) ?? new URL('/questoes', 'http://local')
  const url = backTo(back, id)
  if (!parsed.success || !Number.isInteger(id)) return redirectWithToast(url, { type: 'error', title: 'Requisição inválida' }, { request })
  try {
    const api = await apiForRequest(request, context)
    const res = await reportQuestionError(api, id, parsed.data.mensagem)
    return redirectWithToast(url, { type: 'success', title: 'Erro reportado', description: res.message }, { request })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const message = error.status >= 400 && error.status < 500 ? error.message : 'Não foi possível enviar o relato agora. Tente novamente.'
    return redirectWithToast(url, { type: 'error', title: 'Erro', description: message }, { request })
  }
}
