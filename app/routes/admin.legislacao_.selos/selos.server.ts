import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { questionCodeIn } from '#server/domain/questions/code'
import { legislationApi } from '#server/features/legislation/contract'
import { questionsApi } from '#server/features/questions/contract'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { BadgeFormSchema } from './schemas'

// /admin/legislacao/selos (issue 63 §2, ADR 090): a change's badged questions (GET filters: the
// change, the decision, the page) or every change before one question (?questao=, where a
// student's report leads), and staff's word on one badge, POST + redirect back.

/** The URL's filters in the page's words ↔ the API's. */
export const SITUATIONS = { regra: 'rule', confirmadas: 'confirm', removidas: 'remove' } as const
type Situation = keyof typeof SITUATIONS

const idIn = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined)
// Or the code a question shows students ('Questão #5dki1r9a'), which is what a report quotes.
const codeIn = (value: string | null) => (value && !idIn(value) ? questionCodeIn(value.trim())?.toLowerCase() : undefined)

export async function loadBadges(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const change = idIn(url.searchParams.get('mudanca'))
  const question = idIn(url.searchParams.get('questao'))
  const situationText = url.searchParams.get('situacao') ?? ''
  const situation = situationText in SITUATIONS ? (situationText as Situation) : undefined
  const page = idIn(url.searchParams.get('pagina')) ?? 1
  const api = await apiForRequest(request, context)
  const code = codeIn(url.searchParams.get('questao'))
  if (code) {
    // Looked up by its code, then shown at its id, as the links to this page name it.
    const found = await withSession(request, () => call(api, questionsApi.search, { query: { search_term: code, per_page: 20 } }))
    const match = found.data.find((q) => q.short_id === code)
    if (match) {
      url.searchParams.set('questao', String(match.id))
      throw redirect(`${url.pathname}?${url.searchParams}`)
    }
  }
  const [changes, one, list] = await withSession(request, () =>
    Promise.all([
      call(api, legislationApi.adminList),
      question ? call(api, legislationApi.questionBadges, { params: { id: question } }).catch(notFoundAsNull) : null,
      change
        ? call(api, legislationApi.changeQuestions, {
            params: { id: change },
            query: { decision: situation ? SITUATIONS[situation] : undefined, page: Math.min(page, 10_000) },
          }).catch(notFoundAsNull)
        : null,
    ]),
  )
  return json({
    changes: changes.data.map((c) => ({ id: c.id, label: c.label })),
    filters: { mudanca: change ? String(change) : '', situacao: situation ?? '', questao: url.searchParams.get('questao') ?? '' },
    question: one,
    questionMissing: url.searchParams.has('questao') && !one,
    list,
    changeMissing: url.searchParams.has('mudanca') && url.searchParams.get('mudanca') !== '' && !list,
    self: `${url.pathname}${url.search}`,
  })
}

/** A question or a change that is not there: the page says so instead of failing. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null
  throw error
}

const TITLES = { confirmar: 'Selo confirmado', tirar: 'Selo removido', desfazer: 'Decisão desfeita' } as const

export async function badgeAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, '/admin/legislacao/selos')
  const submission = await parseForm(request, BadgeFormSchema)
  const payload = submission.payload as Record<string, unknown>
  const formId = `selo-${String(payload.questao ?? '')}-${String(payload.mudanca ?? '')}-${String(payload.intent ?? '')}`
  if (submission.status !== 'success') return json({ formId, result: submission.reply() }, { status: 400 })
  const { intent, questao, mudanca } = submission.value
  const params = { id: questao, change_id: mudanca }
  try {
    const api = await apiForRequest(request, context)
    const res = await withSession(request, () =>
      intent === 'desfazer'
        ? call(api, legislationApi.undecideBadge, { params })
        : call(api, legislationApi.decideBadge, { params, body: { decision: intent === 'confirmar' ? 'confirm' : 'remove' } }),
    )
    return redirectWithToast(
      `${back}#selo-${questao}-${mudanca}`,
      { type: 'success', title: TITLES[intent], description: res.message },
      { request },
    )
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente.')
    return json({ formId, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
