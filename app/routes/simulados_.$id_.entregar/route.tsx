import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { simulationsApi } from '#server/features/simulations/contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SIMULATION_NOT_FOUND_PAGE, simulationIdOf } from '~/simulado/simulation-id.server'
import { ApiError } from '~/utils/api.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// 'Entregar simulado' as a route dialog: says how many questions are blank or marked, and
// delivers on confirmation (a plain form post); 'Voltar ao simulado' is a link.

export const meta: MetaFunction = () => [{ title: 'Entregar simulado — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const id = simulationIdOf(params.id)
  const api = await apiForRequest(request, context)
  try {
    const { simulation, sheet } = await withSession(request, () => call(api, simulationsApi.get, { params: { id }, query: {} }))
    if (simulation.status === 'finished') throw redirect(`/simulados/${id}/resultado`)
    const blank = sheet.filter((c) => !c.answered).map((c) => c.position)
    const marked = sheet.filter((c) => c.marked).map((c) => c.position)
    return json({ id, size: simulation.size, blank, marked, timeLeft: simulation.time_left_seconds })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
    throw error
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context)
  const id = simulationIdOf(params.id)
  const api = await apiForRequest(request, context)
  try {
    const { message } = await withSession(request, () => call(api, simulationsApi.finish, { params: { id } }))
    return redirectWithToast(`/simulados/${id}/resultado`, { type: 'success', title: message }, { request })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
    throw error
  }
}

function positions(list: number[]) {
  return list.length > 12 ? `${list.slice(0, 12).join(', ')}…` : list.join(', ')
}

// An annulled question counts as right for everyone, blank or not (ADR 045); the sitting does
// not say which ones were annulled, so the rule is said whole.
const BLANK_RULE = 'Questões em branco contam como erro (exceto as anuladas, que contam como acerto para todos).'

function blankSummary(blank: number[], size: number) {
  if (blank.length === 0) return size === 1 ? 'Você respondeu a questão.' : `Você respondeu as ${size} questões.`
  const which =
    blank.length === 1 ? `1 questão está em branco (a ${blank[0]}).` : `${blank.length} questões estão em branco (${positions(blank)}).`
  return `${which} ${BLANK_RULE}`
}

export default function DeliverPage() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <div className="container-page max-w-2xl py-10">
      <div className="card" role="dialog" aria-labelledby="entregar-titulo" aria-describedby="entregar-texto" aria-modal="false">
        <h1 id="entregar-titulo" className="text-2xl font-bold">
          Entregar simulado?
        </h1>
        <div id="entregar-texto" className="mt-2 space-y-1" data-testid="entregar-resumo">
          <p>{blankSummary(data.blank, data.size)}</p>
          {data.marked.length ? (
            <p>{`${data.marked.length === 1 ? '1 questão está marcada' : `${data.marked.length} questões estão marcadas`} para revisar (${positions(data.marked)}).`}</p>
          ) : null}
          <p>Depois da entrega as respostas não podem mais ser alteradas, e o gabarito aparece.</p>
        </div>
        <Form method="post" className="mt-4 flex flex-wrap gap-2">
          <CsrfInput />
          <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Entregando…' : 'Entregar simulado'}
          </button>
          <Link to={`/simulados/${data.id}`} className="btn-secondary">
            Voltar ao simulado
          </Link>
        </Form>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
