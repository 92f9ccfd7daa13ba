import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { TopicQueue } from '#server/features/classification/contract'
import { CLASSIFICATION_CONFIDENCE_LABELS, CLASSIFICATION_CONFIDENCES } from '#server/features/classification/messages'
import { AdminPager } from '~/admin/pager'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { useZodForm } from '~/utils/use-zod-form'

import { loadTopicDesk, topicDeskAction } from './assuntos.server'
import * as forms from './schemas.forms'

// /admin/classificacao/assuntos (issue 65 §2, ADR 092): the questions whose topic the model predicted,
// least confident first. Each row has a checkbox and a select of its discipline's topics set to the
// prediction; "Confirmar selecionados" confirms the checked rows in one POST (each becomes a label
// the topic model learns from). The filters are a GET form: the URL is the state.

export const meta: MetaFunction = () => [{ title: 'Classificação de assuntos — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadTopicDesk(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return topicDeskAction(request, context)
}

const percent = (value: number) => `${(value * 100).toFixed(1).replace('.', ',')}%`

export default function AdminTopicClassificationPage() {
  const { queue, filters, self } = useLoaderData<typeof loader>()
  const { totals } = queue
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">Classificação de assuntos</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Questões sem assunto no arquivo recebem o assunto que o modelo prevê pelos artigos que citam e pelo texto. Confirme ou corrija: cada
        confirmação vira um exemplo com que o modelo aprende.{' '}
        <Link to="/admin/classificacao" className="font-semibold text-brand-700 underline dark:text-brand-300">
          Ver as disciplinas
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="modelo">
        {`Um assunto previsto é confiante a partir de ${percent(queue.threshold)}.`}
      </p>
      <p className="mt-2 text-sm" data-testid="totais">
        {`${totals.predicted} ${totals.predicted === 1 ? 'prevista' : 'previstas'} · ${totals.confident} ${totals.confident === 1 ? 'confiante' : 'confiantes'} · ${totals.to_review} a revisar · ${totals.without} sem assunto`}
      </p>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" aria-label="Filtros">
        <div>
          <label htmlFor="filtro-prova" className="label">
            Prova
          </label>
          <select id="filtro-prova" name="prova" defaultValue={filters.prova} className="input">
            <option value="">Todas</option>
            {queue.exams.map((exam) => (
              <option key={exam.id} value={exam.id}>
                {`${exam.name} (${exam.year}) — ${exam.predicted}`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-disciplina" className="label">
            Disciplina
          </label>
          <select id="filtro-disciplina" name="disciplina" defaultValue={filters.disciplina} className="input">
            <option value="">Todas</option>
            {queue.disciplines.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtro-confianca" className="label">
            Confiança
          </label>
          <select id="filtro-confianca" name="confianca" defaultValue={filters.confianca} className="input">
            {CLASSIFICATION_CONFIDENCES.map((value) => (
              <option key={value} value={value}>
                {CLASSIFICATION_CONFIDENCE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filtrar
        </button>
      </Form>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{queue.total === 1 ? '1 questão' : `${queue.total} questões`}</p>
      {queue.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Nenhuma questão com assunto previsto para revisar.
        </p>
      ) : (
        <ReviewForm key={queue.data.map((row) => row.id).join('-')} queue={queue} action={self} />
      )}
      <AdminPager page={queue.page} total={queue.total} perPage={queue.per_page} />
    </div>
  )
}

function ReviewForm({ queue, action }: { queue: TopicQueue; action: string }) {
  const actionData = useActionData<typeof topicDeskAction>()
  const [form, fields] = useZodForm(forms.TopicClassifyFormSchema, {
    id: 'classificacao-assuntos',
    lastResult: actionData?.result,
    defaultValue: { itens: queue.data.map((row) => ({ questao: String(row.id), assunto: String(row.topic.id) })) },
  })
  const items = fields.itens.getFieldList()
  const topicsOf = new Map(queue.disciplines.map((d) => [d.id, d.topics]))
  return (
    <Form method="post" action={action} className="mt-3" {...getFormProps(form)}>
      <CsrfInput />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Questões com assunto previsto, da menos confiante</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="p-2">
                <span className="sr-only">Selecionar</span>
              </th>
              <th scope="col" className="p-2">
                Questão
              </th>
              <th scope="col" className="p-2">
                Assunto
              </th>
              <th scope="col" className="p-2">
                Confiança
              </th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((row, index) => {
              const item = items[index]?.getFieldset()
              if (!item) return null
              const where = `questão ${row.number} de ${row.exam.name}`
              return (
                <tr key={row.id} className="border-b border-slate-100 align-top dark:border-slate-800" data-testid={`linha-${row.id}`}>
                  <td className="p-2">
                    <input type="hidden" name={item.questao.name} value={row.id} />
                    <input
                      {...getInputProps(item.confirmar, { type: 'checkbox', value: 'on' })}
                      aria-label={`Selecionar ${where}`}
                      className="h-5 w-5"
                    />
                  </td>
                  <td className="p-2">
                    <p className="font-semibold">{`${row.exam.name} (${row.exam.year}) · Questão ${row.number} · ${row.discipline.name}`}</p>
                    <p className="mt-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{row.excerpt}</p>
                  </td>
                  <td className="p-2">
                    <select {...getSelectProps(item.assunto)} aria-label={`Assunto da ${where}`} className="input">
                      {(topicsOf.get(row.discipline.id) ?? [row.topic]).map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                    </select>
                    <ErrorList id={item.assunto.errorId} errors={item.assunto.errors} />
                  </td>
                  <td className="p-2 whitespace-nowrap">
                    {percent(row.confidence)}
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{row.confident ? 'confiante' : 'a revisar'}</span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-3">
        <ErrorList id={fields.itens.errorId} errors={fields.itens.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary">
          Confirmar selecionados
        </button>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
