import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { shortfallLine, SIMULATION_KIND_LABELS } from '#server/features/simulations/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { OutdatedCheckbox } from '~/question/outdated-checkbox'
import { SimulationHistory } from '~/simulado/history'
import { countOf } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'
import { loadSimulados, startSimulado } from './simulados.server'

// Simulados (issue 29): the student's history (a score chart and its table) and the three ways
// to start one. Each start is a plain form whose button names the kind (`intent`); the action
// draws it through the API and opens its first question.

export const meta: MetaFunction = () => [{ title: 'Simulados — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadSimulados(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return startSimulado(request, context)
}

type Data = SerializeFrom<typeof loader>
type Kind = keyof Data['allowance'] & keyof typeof SIMULATION_KIND_LABELS

export default function SimuladosPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="container-page max-w-4xl space-y-8 py-6">
      <div>
        <h1 className="text-2xl font-bold">Simulados</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          A 1ª fase do Exame de Ordem como ela é aplicada: 80 questões, 5 horas, aprovação com 40 acertos. O gabarito só aparece depois da
          entrega.
        </p>
      </div>
      <SimulationHistory simulations={data.simulations} />
      <section aria-labelledby="novo" className="space-y-4">
        <h2 id="novo" className="text-xl font-bold">
          Novo simulado
        </h2>
        <ExameOrdemCard data={data} />
        <ProvaAnteriorCard data={data} />
        <PersonalizadoCard data={data} />
      </section>
    </div>
  )
}

/** Why a kind cannot start now, with the way to a plan that can; null when it can. */
function Refused({ data, kind }: { data: Data; kind: Kind }) {
  const allowance = data.allowance[kind]
  if (allowance.allowed) return null
  return (
    <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="note">
      {allowance.message}{' '}
      {allowance.code !== 'SIMULATIONS_DISABLED' ? (
        <Link to={data.allowance.plans_url} className="font-semibold underline">
          Ver planos
        </Link>
      ) : null}
    </p>
  )
}

function useStartForm(kind: Kind) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const mine = actionData?.intent === kind
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === kind
  return { lastResult: mine ? actionData?.result : undefined, busy }
}

function StartButton({ kind, busy, label }: { kind: Kind; busy: boolean; label: string }) {
  return (
    <button type="submit" name="intent" value={kind} className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Sorteando as questões…' : label}
    </button>
  )
}

const hours = (minutes: number) =>
  minutes % 60
    ? `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`
    : minutes === 60
      ? '1 hora'
      : `${minutes / 60} horas`

function ExameOrdemCard({ data }: { data: Data }) {
  const { lastResult, busy } = useStartForm('exame_ordem')
  const [form] = useZodForm(forms.ExameOrdemStartSchema, { id: 'simulado-exame-ordem', lastResult })
  const plan = data.exameOrdem
  return (
    <article className="card" aria-labelledby="tipo-exame-ordem">
      <h3 id="tipo-exame-ordem" className="text-lg font-bold">
        {SIMULATION_KIND_LABELS.exame_ordem}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {`${countOf(plan.size, 'questão sorteada', 'questões sorteadas')} do banco, ${hours(plan.duration_minutes)}, aprovação com ${countOf(plan.pass_mark, 'acerto', 'acertos')}. `}
        {plan.summary}
      </p>
      {plan.mix.length ? (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">Ver as disciplinas</summary>
          <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
            {plan.mix.map((row) => (
              <li key={row.discipline_id} className="flex justify-between gap-2 py-0.5">
                <span>{row.discipline_name}</span>
                <span className="tabular-nums">{row.count}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {plan.shortfall.length ? (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="note">
          <p className="font-semibold">O banco ainda não tem questões suficientes de:</p>
          <ul className="mt-1 list-disc pl-5">
            {plan.shortfall.map((s) => (
              <li key={s.discipline_name}>{shortfallLine(s)}</li>
            ))}
          </ul>
          <p className="mt-1">Assim o simulado continua com {plan.size} questões; o resultado dirá quais faltaram.</p>
        </div>
      ) : null}
      <Refused data={data} kind="exame_ordem" />
      {data.allowance.exame_ordem.allowed && plan.source !== 'none' ? (
        data.confirmExameOrdem || lastResult ? (
          <div id="confirmar" role="group" aria-labelledby="confirmar-titulo" className="mt-3 rounded-md border-2 border-brand-600 p-3">
            <h4 id="confirmar-titulo" className="font-bold">
              Começar o Exame de Ordem agora?
            </h4>
            <p className="mt-1 text-sm" data-testid="confirmar-exame">
              {`São ${countOf(plan.size, 'questão', 'questões')} e ${hours(plan.duration_minutes)}. O relógio não para: ele continua correndo se você sair da página ou fechar o navegador, e o simulado termina quando o tempo acaba, valendo o que estiver salvo.`}
            </p>
            <Form method="post" className="mt-3 flex flex-wrap gap-2" {...getFormProps(form)}>
              <CsrfInput />
              <ErrorList id={form.errorId} errors={form.errors} />
              <StartButton kind="exame_ordem" busy={busy} label="Começar agora" />
              <Link to="/simulados" className="btn-secondary" preventScrollReset>
                Cancelar
              </Link>
            </Form>
          </div>
        ) : (
          <Link to="/simulados?confirmar=exame-de-ordem#confirmar" className="btn-primary mt-3" preventScrollReset>
            Iniciar Exame de Ordem
          </Link>
        )
      ) : null}
    </article>
  )
}

function ProvaAnteriorCard({ data }: { data: Data }) {
  const { lastResult, busy } = useStartForm('prova_anterior')
  const [form, fields] = useZodForm(forms.ProvaAnteriorStartSchema, { id: 'simulado-prova-anterior', lastResult })
  const allowance = data.allowance.prova_anterior
  return (
    <article className="card" aria-labelledby="tipo-prova-anterior">
      <h3 id="tipo-prova-anterior" className="text-lg font-bold">
        {SIMULATION_KIND_LABELS.prova_anterior}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Uma prova exatamente como foi aplicada, na ordem do caderno. Questões anuladas contam como acerto para todos, como a banca faz.
        {allowance.limit !== null ? ` Seu plano inclui ${allowance.limit} por mês (usadas: ${allowance.used_this_month}).` : ''}
      </p>
      <Refused data={data} kind="prova_anterior" />
      {!data.exams.length ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Nenhuma prova completa no banco ainda.</p>
      ) : allowance.allowed ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
          <CsrfInput />
          <div className="min-w-0 flex-1">
            <label htmlFor={fields.prova.id} className="label">
              Prova
            </label>
            <select
              id={fields.prova.id}
              name={fields.prova.name}
              className="input mt-1 w-full"
              required
              aria-invalid={fields.prova.errors ? true : undefined}
              aria-describedby={fields.prova.errors ? fields.prova.errorId : undefined}
            >
              {data.exams.map((exam) => (
                <option key={exam.id} value={exam.id}>
                  {`${exam.name} (${countOf(exam.question_count, 'questão', 'questões')})`}
                </option>
              ))}
            </select>
            <ErrorList id={fields.prova.errorId} errors={fields.prova.errors} />
          </div>
          <StartButton kind="prova_anterior" busy={busy} label="Iniciar prova" />
          <ErrorList id={form.errorId} errors={form.errors} />
        </Form>
      ) : null}
    </article>
  )
}

function CheckboxGroup({ legend, name, options }: { legend: string; name: string; options: { value: string; label: string }[] }) {
  if (!options.length) return null
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="mt-1 flex max-h-48 flex-wrap gap-x-4 overflow-y-auto">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={o.value} className="h-5 w-5" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function PersonalizadoCard({ data }: { data: Data }) {
  const { lastResult, busy } = useStartForm('personalizado')
  const [form, fields] = useZodForm(forms.PersonalizadoStartSchema, {
    id: 'simulado-personalizado',
    lastResult,
    defaultValue: { tamanho: String(data.custom.default_size), tempo: 'ritmo', questoes: 'todas' },
  })
  return (
    <article className="card" aria-labelledby="tipo-personalizado">
      <h3 id="tipo-personalizado" className="text-lg font-bold">
        {SIMULATION_KIND_LABELS.personalizado}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {`Você escolhe as disciplinas, os anos e as bancas, de ${data.custom.min_size} a ${data.custom.max_size} questões. Nada marcado vale todas.`}
      </p>
      <Refused data={data} kind="personalizado" />
      {data.allowance.personalizado.allowed ? (
        <Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
          <CsrfInput />
          <CheckboxGroup
            legend="Disciplinas"
            name="disciplina"
            options={data.disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
          />
          <CheckboxGroup legend="Anos" name="ano" options={data.years.map((y) => ({ value: String(y), label: String(y) }))} />
          <CheckboxGroup legend="Bancas" name="banca" options={data.boards.map((b) => ({ value: b, label: b }))} />
          <Field
            label="Número de questões"
            className="max-w-xs"
            inputProps={{ ...getInputProps(fields.tamanho, { type: 'number' }), inputMode: 'numeric' }}
            errors={fields.tamanho.errors}
          />
          <fieldset>
            <legend className="label">Tempo</legend>
            <div className="mt-1 flex flex-col">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="tempo" value="ritmo" defaultChecked className="h-5 w-5" />
                {`O ritmo da OAB (${String(data.custom.minutes_per_question).replace('.', ',')} minutos por questão)`}
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="tempo" value="minutos" className="h-5 w-5" />
                Um tempo meu, em minutos (abaixo)
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="tempo" value="livre" className="h-5 w-5" />
                Sem limite de tempo
              </label>
            </div>
          </fieldset>
          <Field
            label="Minutos (quando o tempo é seu)"
            className="max-w-xs"
            inputProps={{ ...getInputProps(fields.minutos, { type: 'number' }), inputMode: 'numeric' }}
            errors={fields.minutos.errors}
          />
          <fieldset>
            <legend className="label">Quais questões</legend>
            <div className="mt-1 flex flex-col">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="questoes" value="todas" defaultChecked className="h-5 w-5" />
                Todas
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="questoes" value="nunca-respondi" className="h-5 w-5" />
                Só questões que nunca respondi
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="questoes" value="errei" className="h-5 w-5" />
                Só as que errei
              </label>
            </div>
          </fieldset>
          <OutdatedCheckbox />
          <ErrorList id={form.errorId} errors={form.errors} />
          <StartButton kind="personalizado" busy={busy} label="Iniciar simulado personalizado" />
        </Form>
      ) : null}
    </article>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
