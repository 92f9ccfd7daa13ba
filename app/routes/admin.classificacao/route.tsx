import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { ClassificationQueue } from '#server/features/classification/contract'
import { MODEL_ORIGIN_LABELS } from '#server/features/classification/messages'
import { DeskFilters, DeskRow, DeskTable, percent } from '~/admin/classification-desk'
import { AdminPager } from '~/admin/pager'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { useZodForm } from '~/utils/use-zod-form'

import { classificationAction, loadClassification } from './classificacao.server'
import * as forms from './schemas.forms'

// /admin/classificacao (issue 38 §1, ADR 052): the questions whose discipline the model predicted,
// least confident first. Each row has a checkbox and a discipline select set to the prediction;
// "Confirmar selecionadas" confirms the checked rows in one POST (each becomes a label the model
// learns from). The filters are a GET form: the URL is the state.

export const meta: MetaFunction = () => [{ title: 'Classificação de disciplinas — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadClassification(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return classificationAction(request, context)
}

function ModelLine({ model }: { model: ClassificationQueue['model'] }) {
  if (!model.origin)
    return (
      <p role="alert" className="field-error mt-3">
        {model.error ?? 'Nenhum modelo de disciplinas disponível.'}
      </p>
    )
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="modelo">
      {`Modelo: ${MODEL_ORIGIN_LABELS[model.origin]}${model.trained_on ? ` (${model.trained_on.exams} provas, ${model.trained_on.questions} questões)` : ''}` +
        (model.threshold === null ? '' : `; uma previsão é confiante a partir de ${percent(model.threshold)}.`)}
    </p>
  )
}

export default function AdminClassificationPage() {
  const { queue, filters, self } = useLoaderData<typeof loader>()
  const { totals } = queue
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">Classificação de disciplinas</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Questões importadas como “Não classificada” recebem a disciplina que o modelo prevê. Confirme ou corrija: cada confirmação vira um
        exemplo com que o modelo aprende.{' '}
        <Link to="/admin/classificacao/assuntos" className="font-semibold text-brand-700 underline dark:text-brand-300">
          Ver os assuntos previstos
        </Link>
      </p>
      <ModelLine model={queue.model} />
      <p className="mt-2 text-sm" data-testid="totais">
        {`${totals.predicted} ${totals.predicted === 1 ? 'prevista' : 'previstas'} · ${totals.confident} ${totals.confident === 1 ? 'confiante' : 'confiantes'} · ${totals.to_review} a revisar · ${totals.unclassified} ${totals.unclassified === 1 ? 'não classificada' : 'não classificadas'}`}
      </p>

      <DeskFilters exams={queue.exams} disciplines={queue.disciplines} filters={filters} disciplineLabel="Disciplina prevista" />

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{queue.total === 1 ? '1 questão' : `${queue.total} questões`}</p>
      {queue.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Nenhuma questão com disciplina prevista para revisar.
        </p>
      ) : (
        <ReviewForm key={queue.data.map((row) => row.id).join('-')} queue={queue} action={self} />
      )}
      <AdminPager page={queue.page} total={queue.total} perPage={queue.per_page} />
    </div>
  )
}

function ReviewForm({ queue, action }: { queue: ClassificationQueue; action: string }) {
  const actionData = useActionData<typeof classificationAction>()
  const [form, fields] = useZodForm(forms.ClassifyFormSchema, {
    id: 'classificacao',
    lastResult: actionData?.result,
    defaultValue: { itens: queue.data.map((row) => ({ questao: String(row.id), disciplina: String(row.discipline.id) })) },
  })
  const items = fields.itens.getFieldList()
  return (
    <Form method="post" action={action} className="mt-3" {...getFormProps(form)}>
      <CsrfInput />
      <DeskTable caption="Questões com disciplina prevista, da menos confiante" choice="Disciplina">
        {queue.data.map((row, index) => {
          const item = items[index]?.getFieldset()
          if (!item) return null
          return (
            <DeskRow
              key={row.id}
              row={row}
              title={`${row.exam.name} (${row.exam.year}) · Questão ${row.number}`}
              question={item.questao}
              confirm={item.confirmar}
              choose={item.disciplina}
              choice="Disciplina"
              options={queue.disciplines}
            />
          )
        })}
      </DeskTable>
      <div className="mt-3">
        <ErrorList id={fields.itens.errorId} errors={fields.itens.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary">
          Confirmar selecionadas
        </button>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
