import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { ScrollRegion } from '~/components/scroll-region'
import { OutdatedCheckbox } from '~/question/outdated-checkbox'
import { percent, ReviewForecast } from '~/review/forecast'
import { formatCalendarDay } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import { SELF } from './path'
import type { StudyPlanActionData } from './plano.server'
import { loadStudyPlan, saveStudyPlan } from './plano.server'
import * as forms from './schemas.forms'

// Plano de estudos (issue 30; Pro's "Mentoria personalizada"): the exam date and the hours per
// week in one plain form, and this week's targets as the API computes them (new questions per
// discipline, the review forecast, the weakest topics) with the progress so far. All of it
// server-rendered: no chart library, the same page without JavaScript.

export const meta: MetaFunction = () => [{ title: 'Plano de estudos — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadStudyPlan(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return saveStudyPlan(request, context)
}

type Data = SerializeFrom<typeof loader>
type Week = NonNullable<Data['week']>

export default function StudyPlanPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="container-page max-w-4xl space-y-8 py-6">
      <div>
        <h1 className="text-2xl font-bold">Plano de estudos</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Diga a data da prova e quantas horas por semana você estuda: o plano divide cada semana entre questões novas de cada disciplina
          (pelo peso dela na prova e pelos seus assuntos mais fracos) e as revisões que vão vencer.
        </p>
      </div>
      {data.allowed ? (
        <>
          <PlanForm key={data.plan ? `${data.plan.exam_date}-${data.plan.hours_per_week}` : 'novo'} plan={data.plan} />
          {data.week ? (
            <WeekTargets week={data.week} fresh={data.fresh} />
          ) : (
            <p className="card text-slate-700 dark:text-slate-300" data-testid="plano-sem-metas">
              {data.plan
                ? 'A data da prova já passou. Informe a data da próxima para ver as metas da semana.'
                : 'Informe a data da prova e suas horas por semana para ver as metas desta semana.'}
            </p>
          )}
        </>
      ) : (
        <p
          className="rounded-md bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          role="note"
          data-testid="plano-recusado"
        >
          {data.message}{' '}
          {data.plansUrl ? (
            <Link to={data.plansUrl} className="font-semibold underline">
              Ver planos
            </Link>
          ) : null}
        </p>
      )}
    </div>
  )
}

function PlanForm({ plan }: { plan: Data['plan'] }) {
  const actionData = useActionData<StudyPlanActionData>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formAction === SELF
  const [form, fields] = useZodForm(forms.StudyPlanFormSchema, {
    id: 'plano',
    lastResult: actionData?.result,
    defaultValue: plan ? { data: plan.exam_date, horas: String(plan.hours_per_week) } : undefined,
  })
  return (
    <section aria-labelledby="plano-prova" className="card">
      <h2 id="plano-prova" className="text-lg font-semibold">
        Sua prova
      </h2>
      <Form method="POST" action={SELF} className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
        <CsrfInput />
        <Field label="Data da prova" inputProps={getInputProps(fields.data, { type: 'date' })} errors={fields.data.errors} />
        <Field
          label="Horas de estudo por semana"
          hint="De 1 a 80."
          inputProps={getInputProps(fields.horas, { type: 'number' })}
          errors={fields.horas.errors}
        />
        <div className="space-y-3 sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
          {actionData?.plansUrl ? (
            <Link to={actionData.plansUrl} className="inline-flex min-h-11 items-center font-semibold underline">
              Ver planos
            </Link>
          ) : null}
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar plano'}
          </button>
        </div>
      </Form>
    </section>
  )
}

function WeekTargets({ week, fresh }: { week: Week; fresh: boolean }) {
  const { progress } = week
  const more = fresh ? '&atualizadas=1' : ''
  return (
    <section id="metas" aria-labelledby="metas-titulo" className="space-y-6" data-testid="plano-metas">
      <div>
        <h2 id="metas-titulo" className="text-xl font-bold">
          Metas desta semana
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {`Semana de ${formatCalendarDay(week.week_start)} · ${week.days_left === 1 ? 'falta 1 dia' : `faltam ${week.days_left} dias`} para a prova (${week.weeks_left === 1 ? 'esta é a última semana' : `${week.weeks_left} semanas, contando esta`})`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Target label="Questões na semana" value={week.question_budget} hint="o que suas horas comportam" />
        <Target label="Revisões" value={week.review_target} hint="previstas pela fila" />
        <Target label="Questões novas" value={week.new_target} hint="o que sobra depois das revisões" />
      </dl>

      <section aria-labelledby="progresso-titulo" className="card space-y-3" data-testid="plano-progresso">
        <h3 id="progresso-titulo" className="font-semibold">
          Progresso da semana
        </h3>
        <Progress label="Questões novas" done={progress.new_done} target={progress.new_target} />
        <Progress label="Revisões" done={progress.reviews_done} target={progress.review_target} />
        <Link to="/revisao" className="inline-flex min-h-11 items-center font-semibold underline">
          Ir para a revisão
        </Link>
      </section>

      <section aria-labelledby="disciplinas-titulo" className="card space-y-3">
        <h3 id="disciplinas-titulo" className="font-semibold">
          Questões novas por disciplina
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{week.mix_summary}</p>
        <Form method="get" action="/plano-de-estudos#disciplinas-titulo" className="flex flex-wrap items-end gap-3">
          <OutdatedCheckbox checked={fresh} />
          <button type="submit" className="btn-secondary">
            Aplicar
          </button>
        </Form>
        {week.by_discipline.length ? (
          <ScrollRegion labelledBy="disciplinas-titulo">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Disciplina
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Meta
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Feitas
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Acertos
                  </th>
                </tr>
              </thead>
              <tbody>
                {week.by_discipline.map((d) => (
                  <tr key={d.discipline_id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <Link to={`/questoes?disciplina=${d.discipline_id}&situacao=nao-resolvidas${more}`} className="underline">
                        {d.discipline_name}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{d.target}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{d.done}</td>
                    <td className="py-2 text-right tabular-nums">{d.accuracy === null ? '—' : percent(d.accuracy)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Nenhuma questão nova nesta semana: as revisões ocupam suas horas.</p>
        )}
      </section>

      <section aria-labelledby="fracos-titulo" className="card space-y-3">
        <h3 id="fracos-titulo" className="font-semibold">
          Seus assuntos mais fracos
        </h3>
        {week.weakest_topics.length ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="plano-assuntos">
            {week.weakest_topics.map((t) => (
              <li key={t.topic_id} className="py-2">
                <Link to={`/questoes?assunto=${t.topic_id}${more}`} className="inline-flex min-h-11 items-center font-semibold underline">
                  {t.topic_name}
                </Link>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {`${t.discipline_name} · ${percent(t.accuracy)} de acertos em ${t.attempts} ${t.attempts === 1 ? 'resposta' : 'respostas'}`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Responda mais questões para saber quais assuntos pedem reforço.</p>
        )}
      </section>

      <section aria-labelledby="previsao-titulo" className="card space-y-3">
        <h3 id="previsao-titulo" className="font-semibold">
          Previsão da revisão
        </h3>
        <ReviewForecast forecast={week.forecast} id="plano-previsao" />
      </section>
    </section>
  )
}

function Target({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="card p-3 sm:p-4">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`meta-${label}`}>
        {value}
      </dd>
      <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd>
    </div>
  )
}

/** "12 de 40" and a bar of the share (the text says it; the bar is for the eye). */
function Progress({ label, done, target }: { label: string; done: number; target: number }) {
  const share = target ? Math.min(done / target, 1) : done ? 1 : 0
  return (
    <div>
      <p className="flex justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{`${done} de ${target}`}</span>
      </p>
      <div className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
        <div className="h-2 rounded bg-brand-600" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
