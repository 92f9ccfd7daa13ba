import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { TopicQueue } from '#server/features/classification/contract'
import { DeskFilters, DeskRow, DeskTable, percent } from '~/admin/classification-desk'
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

      <DeskFilters exams={queue.exams} disciplines={queue.disciplines} filters={filters} disciplineLabel="Disciplina" />

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
      <DeskTable caption="Questões com assunto previsto, da menos confiante" choice="Assunto">
        {queue.data.map((row, index) => {
          const item = items[index]?.getFieldset()
          if (!item) return null
          return (
            <DeskRow
              key={row.id}
              row={row}
              title={`${row.exam.name} (${row.exam.year}) · Questão ${row.number} · ${row.discipline.name}`}
              question={item.questao}
              confirm={item.confirmar}
              choose={item.assunto}
              choice="Assunto"
              options={topicsOf.get(row.discipline.id) ?? [row.topic]}
            />
          )
        })}
      </DeskTable>
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
