import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import { disciplinesApi } from '#server/features/disciplines/contract'
import { simulationsApi } from '#server/features/simulations/contract'
import { shortfallLine, SIMULATION_KIND_LABELS } from '#server/features/simulations/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { countOf, formatCalendarDay } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'

// Simulados for admins (issue 29): how many were started and finished this week, and the
// Exame de Ordem's discipline mix (a table set here, else the newest booklet with every discipline
// sure, else the official distribution: ADR 054).

export const meta: MetaFunction = () => [{ title: 'Simulados — Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  const [mix, stats, disciplines, official] = await withSession(request, () =>
    Promise.all([
      call(api, simulationsApi.adminMix),
      call(api, simulationsApi.adminStats),
      call(api, disciplinesApi.list),
      call(api, simulationsApi.officialMix),
    ]),
  )
  const counts = new Map(mix.effective.mix.map((row) => [row.discipline_id, row.count]))
  const available = new Map(mix.booklet.mix.map((row) => [row.discipline_id, row.available]))
  return json({
    stats,
    source: mix.effective.source,
    summary: mix.effective.summary,
    shortfall: mix.effective.shortfall,
    official: official.lines,
    rows: disciplines.data.map((d) => ({ id: d.id, name: d.name, count: counts.get(d.id) ?? 0, available: available.get(d.id) ?? null })),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const formData = await request.formData()
  if (formData.get('intent') === 'oficial') return saveOfficial(request, context, formData)
  const submission = await parseForm(formData, forms.MixFormSchema)
  if (submission.status !== 'success') return json({ form: 'mix' as const, result: submission.reply() }, { status: 400 })
  const { intent, disciplina, quantidade } = submission.value
  const mix =
    intent === 'limpar' ? [] : disciplina.map((id, i) => ({ discipline_id: id, count: quantidade[i] ?? 0 })).filter((row) => row.count > 0)
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () => call(api, simulationsApi.setAdminMix, { body: { mix } }))
    return redirectWithToast('/admin/simulados', { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao salvar a distribuição')
    return json({ form: 'mix' as const, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

/** The official distribution: the named lines in order, a blank new line left out. */
async function saveOfficial(request: Request, context: ActionFunctionArgs['context'], formData: FormData) {
  const submission = await parseForm(formData, forms.OfficialFormSchema)
  if (submission.status !== 'success') return json({ form: 'oficial' as const, result: submission.reply() }, { status: 400 })
  const { nome, oficial } = submission.value
  const lines = nome.map((name, i) => ({ name, count: oficial[i] ?? 0 })).filter((line) => line.name !== '')
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () => call(api, simulationsApi.setOfficialMix, { body: { lines } }))
    return redirectWithToast('/admin/simulados', { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao salvar a distribuição oficial')
    return json({ form: 'oficial' as const, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

export default function AdminSimulationsPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const [form] = useZodForm(forms.MixFormSchema, {
    id: 'distribuicao',
    lastResult: actionData?.form === 'mix' ? actionData.result : undefined,
  })
  const total = data.rows.reduce((sum, row) => sum + row.count, 0)
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Simulados</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{`Semana de ${formatCalendarDay(data.stats.week_start)}.`}</p>
      </div>
      <section aria-labelledby="semana" className="card">
        <h2 id="semana" className="text-lg font-bold">
          Nesta semana
        </h2>
        <p
          className="mt-1"
          data-testid="simulados-semana"
        >{`${countOf(data.stats.started, 'iniciado', 'iniciados')}, ${countOf(data.stats.finished, 'terminado', 'terminados')}.`}</p>
        <ul className="mt-2 text-sm">
          {data.stats.by_kind.map((k) => (
            <li
              key={k.kind}
            >{`${SIMULATION_KIND_LABELS[k.kind]}: ${countOf(k.started, 'iniciado', 'iniciados')}, ${countOf(k.finished, 'terminado', 'terminados')}`}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mix" className="card">
        <h2 id="mix" className="text-lg font-bold">
          Distribuição do Exame de Ordem
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {data.source === 'admin'
            ? 'Vale a tabela abaixo, definida pela equipe.'
            : `${data.summary} Salve uma tabela para usar outra distribuição.`}{' '}
          A soma deve ser 80.
        </p>
        {data.shortfall.length ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-amber-900 dark:text-amber-100" data-testid="faltas-distribuicao">
            {data.shortfall.map((f) => (
              <li key={f.discipline_name}>{shortfallLine(f)}</li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="mt-3" {...getFormProps(form)}>
          <CsrfInput />
          <CountTable total={total}>
            {data.rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <label htmlFor={`qtd-${row.id}`}>{row.name}</label>
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{row.available ?? '—'}</td>
                <td className="py-1 text-right">
                  <input type="hidden" name="disciplina" value={row.id} />
                  <input
                    id={`qtd-${row.id}`}
                    name="quantidade"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={80}
                    defaultValue={row.count}
                    className="input w-20 text-right"
                  />
                </td>
              </tr>
            ))}
          </CountTable>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="salvar" className="btn-primary" disabled={saving}>
              Salvar distribuição
            </button>
            {data.source === 'admin' ? (
              <button type="submit" name="intent" value="limpar" className="btn-secondary" disabled={saving} formNoValidate>
                Voltar à distribuição automática
              </button>
            ) : null}
          </div>
        </Form>
      </section>
      <OfficialSection lines={data.official} />
    </div>
  )
}

/** A distribution's table: discipline, what the bank has, the count; the rows are the caller's. */
function CountTable({ total, children }: { total: number; children: React.ReactNode }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="py-2 pr-3">
            Disciplina
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            No banco
          </th>
          <th scope="col" className="py-2 text-right">
            Questões
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-2 pr-3">
            Total atual
          </th>
          <td />
          <td className="py-2 text-right font-semibold tabular-nums">{total}</td>
        </tr>
      </tfoot>
    </table>
  )
}

function OfficialSection({ lines }: { lines: { name: string; count: number; in_bank: boolean }[] }) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form] = useZodForm(forms.OfficialFormSchema, {
    id: 'distribuicao-oficial',
    lastResult: actionData?.form === 'oficial' ? actionData.result : undefined,
  })
  const total = lines.reduce((sum, line) => sum + line.count, 0)
  // A refused save shows what was typed again (without JS the page is rendered anew).
  const typed = form.initialValue as { nome?: string[]; oficial?: string[] } | undefined
  return (
    <section aria-labelledby="oficial" className="card">
      <h2 id="oficial" className="text-lg font-bold">
        Distribuição oficial
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Vale quando não há tabela e nenhum caderno completo tem todas as disciplinas classificadas. Por nome de disciplina, na ordem do
        caderno; uma disciplina que o banco não tem fica de fora do sorteio. A soma deve ser 80.
      </p>
      <Form method="post" className="mt-3" {...getFormProps(form)}>
        <CsrfInput />
        <CountTable total={total}>
          {[...lines, { name: '', count: 0, in_bank: false }].map((line, i) => (
            <tr key={line.name || 'nova'} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-1 pr-3">
                <input
                  name="nome"
                  defaultValue={typed?.nome?.[i] ?? line.name}
                  aria-label={line.name ? `Nome da disciplina ${i + 1}` : 'Nova disciplina (nome)'}
                  placeholder={line.name ? undefined : 'Nova disciplina'}
                  maxLength={120}
                  className="input w-full"
                />
              </td>
              <td className="py-1 pr-3 text-right">{line.name ? (line.in_bank ? 'Sim' : 'Não') : '—'}</td>
              <td className="py-1 text-right">
                <input
                  name="oficial"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={80}
                  defaultValue={typed?.oficial?.[i] ?? line.count}
                  aria-label={line.name ? `Questões de ${line.name}` : 'Questões da nova disciplina'}
                  className="input w-20 text-right"
                />
              </td>
            </tr>
          ))}
        </CountTable>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="oficial" className="btn-primary mt-3" disabled={navigation.state === 'submitting'}>
          Salvar distribuição oficial
        </button>
      </Form>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
