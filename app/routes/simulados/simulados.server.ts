import type { AppLoadContext } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'

import { call } from '#server/client/call'
import { disciplinesApi } from '#server/features/disciplines/contract'
import { questionsApi } from '#server/features/questions/contract'
import { simulationsApi } from '#server/features/simulations/contract'
import type { CreateSimulationBody } from '#server/features/simulations/schemas'
import { historyDates } from '~/simulado/history-dates.server'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

import { ExameOrdemStartSchema, PersonalizadoStartSchema, ProvaAnteriorStartSchema } from './schemas'

export async function loadSimulados(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const [options, list, exams, disciplines, filters] = await withSession(request, () =>
    Promise.all([
      call(api, simulationsApi.options),
      call(api, simulationsApi.list),
      call(api, simulationsApi.exams),
      call(api, disciplinesApi.list),
      call(api, questionsApi.filterOptions),
    ]),
  )
  return json({
    // The Exame de Ordem's start asks first (issue 39): five hours on a clock that does not stop.
    confirmExameOrdem: new URL(request.url).searchParams.get('confirmar') === 'exame-de-ordem',
    allowance: options.allowance,
    exameOrdem: options.exame_ordem,
    custom: options.personalizado,
    simulations: historyDates(list.simulations),
    exams: exams.exams.filter((e) => e.complete),
    disciplines: disciplines.data.filter((d) => d.in_filters).map((d) => ({ id: d.id, name: d.name })),
    years: filters.years,
    boards: filters.exam_boards,
  })
}

const SCHEMAS = { exame_ordem: ExameOrdemStartSchema, prova_anterior: ProvaAnteriorStartSchema, personalizado: PersonalizadoStartSchema }

/** One of the three 'Iniciar' buttons: draws the simulado and opens its first question. */
export async function startSimulado(request: Request, context: AppLoadContext) {
  await requireUser(request, context)
  const formData = await request.formData()
  const raw = formData.get('intent')
  const intent = typeof raw === 'string' && raw in SCHEMAS ? (raw as keyof typeof SCHEMAS) : null
  if (!intent) return json({ intent: null, result: null, error: 'Escolha um tipo de simulado.' }, { status: 400 })
  const submission = await parseForm(formData, SCHEMAS[intent])
  if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null }, { status: 400 })

  const body = bodyOf(intent, submission.value)
  const api = await apiForRequest(request, context)
  try {
    const { simulation } = await withSession(request, () => call(api, simulationsApi.create, { body }))
    return redirect(`/simulados/${simulation.id}`)
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível iniciar o simulado. Tente novamente.')
    return json({ intent, result: submission.reply({ formErrors: [message] }), error: null }, { status })
  }
}

function bodyOf(intent: keyof typeof SCHEMAS, value: Record<string, unknown>): CreateSimulationBody {
  if (intent === 'exame_ordem') return { kind: 'exame_ordem' }
  if (intent === 'prova_anterior') return { kind: 'prova_anterior', exam_id: (value as { prova: number }).prova }
  const v = value as ReturnType<typeof PersonalizadoStartSchema.parse>
  return {
    kind: 'personalizado',
    size: v.tamanho,
    // Absent: the OAB's pace; null: no limit.
    ...(v.tempo === 'livre' ? { duration_minutes: null } : v.tempo === 'minutos' ? { duration_minutes: v.minutos! } : {}),
    filters: {
      discipline_ids: v.disciplina,
      year: v.ano,
      exam_board: v.banca,
      only_unanswered: v.questoes === 'nunca-respondi' || undefined,
      only_wrong: v.questoes === 'errei' || undefined,
      exclude_outdated: v.atualizadas === '1' || undefined,
    },
  }
}
