import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { questionsApi } from '#server/features/questions/contract'
import { ApiError, apiErrorCode, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { formatShortDate } from '~/utils/format'
import { NO_RELOAD } from '~/utils/reload-flag'
import { apiForRequest, apiNow, logoutExpired, policyOf, requireLoginToAct, safeRedirect, withSession } from '~/utils/session.server'
import { createToastHeaders, redirectWithToast, toToast } from '~/utils/toast.server'

import type { AnswerActionData } from './answer-parts'
import type { CardAnswerData } from './card-answer'
import { revealStateOf } from './reveals.server'
import { AnswerFormSchema, ReportFormSchema } from './schemas'
import { LAST_OF_WEEK_MESSAGE, weeklyQuota } from './weekly-quota'

/** Only the pages that show cards (/questoes, a notebook's /notebook/{id}/questions) are valid places to come back to. */
export const CARD_PAGE = /^\/(?:questoes|notebook\/\d{1,9}\/questions)(?:[/?#]|$)/

/** The card page to come back to, judged after safeRedirect's normalization (`/questoes/..//x` is `//x`). */
export function cardPageBack(redirectTo: string | null | undefined) {
  const target = safeRedirect(redirectTo, '')
  return CARD_PAGE.test(target) ? target : null
}

function backUrl(redirectTo: string | undefined) {
  const target = cardPageBack(redirectTo)
  return target ? new URL(target, 'http://local') : null
}

function backTo(url: URL, id: number) {
  return `${url.pathname}${url.search}#questao-${id}`
}

export async function answerAction(request: Request, context: AppLoadContext, id: number) {
  const parsed = await parseForm(request, AnswerFormSchema)
  if (parsed.status !== 'success' || !Number.isInteger(id))
    return json<AnswerActionData>({ kind: 'error', message: 'Requisição inválida' }, { status: 400 })
  const { intent, resposta, redirectTo, t: shownToken } = parsed.value
  // A no-JS form carries redirectTo; a JS fetcher does not and gets JSON.
  const back = backUrl(redirectTo)
  const loginBack = back ? backTo(back, id) : `/questoes#questao-${id}`

  await requireLoginToAct(request, loginBack, 'Faça login para registrar suas tentativas.')
  if (intent === 'responder' && !resposta) {
    const message = 'Escolha uma alternativa antes de responder.'
    if (back) return redirectWithToast(backTo(back, id), { type: 'error', title: message }, { request })
    return json<AnswerActionData>({ kind: 'error', message }, { status: 400 })
  }

  const api = await apiForRequest(request, context)
  try {
    const result =
      intent === 'responder'
        ? await call(api, questionsApi.answer, { params: { id }, body: { answer: resposta!, shown_token: shownToken ?? undefined } })
        : { ...(await call(api, questionsApi.reveal, { params: { id } })), correct: null, answer: null }
    const last = result.last_of_week === true
    const verdictToast = result.annulled
      ? { type: 'info' as const, title: 'Questão Anulada' }
      : intent === 'revelar'
        ? null
        : result.correct
          ? { type: 'success' as const, title: 'Resposta correta!', description: 'Parabéns! Tentativa registrada.' }
          : { type: 'error' as const, title: 'Resposta incorreta', description: 'Continue tentando! Tentativa registrada.' }
    // The week's last question: said in the flash with the verdict, with JS or without (issue 61).
    const toast = last
      ? verdictToast
        ? { ...verdictToast, description: `${verdictToast.description ?? ''} ${LAST_OF_WEEK_MESSAGE}`.trim() }
        : { type: 'info' as const, title: LAST_OF_WEEK_MESSAGE }
      : verdictToast
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
    const answered: CardAnswerData = {
      ...revealStateOf(result, null),
      kind: 'result',
      intent,
      correct: result.correct,
      answer: result.answer,
      last_of_week: last,
    }
    // With JS the card shows its answer itself, and what the page would reload its loaders for comes
    // with it (issue 66: one request): the week's line and the card's last result, read after the
    // answer, and the flash in the reply instead of the cookie. The week's last question closes other
    // cards (the search's quota_locked): that one reloads the page as before.
    const [policy, now] = last
      ? [null, null]
      : await Promise.all([policyOf(request, context), apiNow(request, context)]).catch(() => [null, null])
    if (policy && now) {
      return json<CardAnswerData>({
        ...answered,
        ...NO_RELOAD,
        toast: toast ? toToast(toast) : undefined,
        weekly: weeklyQuota(policy.limits.questionsPerWeek, policy.usage.questionsThisWeek, policy.usage.weekStart),
        last: typeof result.correct === 'boolean' ? { ok: result.correct, day: formatShortDate(now.toISOString(), now) } : undefined,
      })
    }
    const headers = toast ? await createToastHeaders(request, toast) : undefined
    return json<CardAnswerData>(answered, { headers })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) return logoutExpired(request, loginBack)
    if (error.status === 403) {
      if (back) {
        back.searchParams.set('limite', String(id))
        return redirectWithToast(
          backTo(back, id),
          { type: 'warning', title: 'Limite semanal atingido', description: error.message },
          { request },
        )
      }
      return json<AnswerActionData>({ kind: 'quota', message: error.message }, { status: 403 })
    }
    const { message, status } = formError(error, 'Não foi possível registrar a tentativa.')
    // A re-upload changed the question after the page showed it (ADR 097): the page loads again
    // (a redirect without JS, the revalidation after this reply with it) and shows the version there is now.
    const changed = apiErrorCode(error) === 'QUESTION_CHANGED'
    if (back)
      return redirectWithToast(
        backTo(back, id),
        changed ? { type: 'warning', title: message } : { type: 'error', title: 'Erro', description: message },
        { request },
      )
    return json<AnswerActionData>({ kind: 'error', message }, { status })
  }
}

export async function reportAction(request: Request, context: AppLoadContext, id: number) {
  const submission = await parseForm(request, ReportFormSchema)
  // Errors go back to the form, with what was typed (no-JS included).
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const url = backTo(backUrl(submission.value.redirectTo) ?? new URL('/questoes', 'http://local'), id)
  if (!Number.isInteger(id)) return redirectWithToast(url, { type: 'error', title: 'Requisição inválida' }, { request })
  try {
    const api = await apiForRequest(request, context)
    const res = await withSession(request, () =>
      call(api, questionsApi.reportError, { params: { id }, body: { message: submission.value.mensagem, kind: submission.value.tipo } }),
    )
    const title = submission.value.tipo === 'desatualizada' ? 'Questão reportada como desatualizada' : 'Erro reportado'
    return redirectWithToast(url, { type: 'success', title, description: res.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível enviar o relato agora. Tente novamente.')
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
