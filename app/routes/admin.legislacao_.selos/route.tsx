import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { BadgeQuestionJson } from '#server/features/legislation/contract'
import { DECISION_LABELS } from '#server/features/legislation/messages'
import { AdminPager } from '~/admin/pager'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'
import { badgeAction, loadBadges } from './selos.server'

// /admin/legislacao/selos (issue 63 §2, ADR 090): staff confirm or remove one question's "Pode estar
// desatualizada" badge by one change. Two ways in, both GET forms: a change's list (the questions
// it badges and those already decided, paginated, filtered by decision) and one question's changes
// (?questao=, the link on a student's report and on the question's Detalhes). Plain forms.

export const meta: MetaFunction = () => [{ title: 'Selos de desatualizada — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadBadges(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return badgeAction(request, context)
}

type Badge = { rule: boolean; decision: 'confirm' | 'remove' | null; shown: boolean; decided_at: string | null; decided_by: string | null }

export default function AdminBadgesPage() {
  const data = useLoaderData<typeof loader>()
  const { list, question } = data
  return (
    <div className="max-w-4xl">
      <nav aria-label="Trilha">
        <Link to="/admin/legislacao" className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
          Legislação
        </Link>
      </nav>
      <h1 className="mt-1 text-2xl font-bold">Selos de desatualizada</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Confirme o selo “Pode estar desatualizada” de uma mudança numa questão (ele aparece mesmo fora do escopo ou da data) ou tire-o (ele
        some dessa questão). O filtro “Excluir desatualizadas”, o sorteio dos simulados e os cartões seguem a decisão.
      </p>

      <div className="mt-4 flex flex-wrap items-end gap-6">
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Questões de uma mudança">
          <div>
            <label htmlFor="filtro-mudanca" className="label">
              Mudança
            </label>
            <select id="filtro-mudanca" name="mudanca" defaultValue={data.filters.mudanca} className="input">
              <option value="">Escolha</option>
              {data.changes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filtro-situacao" className="label">
              Situação
            </label>
            <select id="filtro-situacao" name="situacao" defaultValue={data.filters.situacao} className="input">
              <option value="">Todas</option>
              <option value="regra">Pela regra, sem decisão</option>
              <option value="confirmadas">Confirmadas pela equipe</option>
              <option value="removidas">Removidas pela equipe</option>
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Ver questões
          </button>
        </Form>
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Uma questão">
          <div>
            <label htmlFor="filtro-questao" className="label">
              Questão (id ou código)
            </label>
            <input id="filtro-questao" name="questao" defaultValue={data.filters.questao} className="input w-36" placeholder="#5dki1r9a" />
          </div>
          <button type="submit" className="btn-secondary">
            Ver questão
          </button>
        </Form>
      </div>

      {data.questionMissing ? (
        <p role="alert" className="field-error mt-4">
          Questão não encontrada.
        </p>
      ) : null}
      {question ? (
        <section className="card mt-6 p-4" aria-labelledby="questao-titulo">
          <h2 id="questao-titulo" className="text-lg font-semibold">
            <QuestionLabel question={question.question} />
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{question.question.excerpt}</p>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Mudanças diante da questão">
            {question.data.map((b) => (
              <li key={b.change.id} id={`selo-${question.question.id}-${b.change.id}`} className="py-3">
                <BadgeRow
                  action={data.self}
                  questionId={question.question.id}
                  changeId={b.change.id}
                  title={`${b.change.label} — ${b.change.name}`}
                  badge={b}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.changeMissing ? (
        <p role="alert" className="field-error mt-4">
          Mudança legislativa não encontrada.
        </p>
      ) : null}
      {list ? (
        <section className="mt-6" aria-labelledby="lista-titulo">
          <h2 id="lista-titulo" className="text-lg font-semibold">
            {`${list.change.label}: ${list.total === 1 ? '1 questão' : `${list.total} questões`}`}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{list.change.name}</p>
          {list.data.length === 0 ? (
            <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Nenhuma questão aqui.
            </p>
          ) : (
            <ol className="mt-3 space-y-3" aria-label="Questões com o selo">
              {list.data.map((row) => (
                <li key={row.question.id} id={`selo-${row.question.id}-${list.change.id}`} className="card p-3">
                  <BadgeRow
                    action={data.self}
                    questionId={row.question.id}
                    changeId={list.change.id}
                    title={<QuestionLabel question={row.question} />}
                    excerpt={row.question.excerpt}
                    badge={row}
                  />
                </li>
              ))}
            </ol>
          )}
          <AdminPager page={list.page} total={list.total} perPage={list.per_page} />
        </section>
      ) : null}
    </div>
  )
}

function QuestionLabel({ question }: { question: BadgeQuestionJson }) {
  return (
    <Link to={`/questoes/${question.id}`} className="underline">
      {`Questão ${question.number} (#${question.short_id}) · ${question.exam} (${question.year}) · ${question.discipline}`}
    </Link>
  )
}

/** Where the badge stands, in words, then the buttons that change it. */
function BadgeRow({
  action,
  questionId,
  changeId,
  title,
  excerpt,
  badge,
}: {
  action: string
  questionId: number
  changeId: number
  title: React.ReactNode
  excerpt?: string
  badge: Badge
}) {
  const ids = { action, questionId, changeId }
  const by = badge.decided_by ? ` por ${badge.decided_by}` : ''
  const standing = badge.decision
    ? `${DECISION_LABELS[badge.decision]}${by} em ${formatDateTime(badge.decided_at)}; pela regra, ${badge.rule ? 'teria' : 'não teria'} o selo`
    : badge.shown
      ? 'pela regra'
      : 'a regra não põe o selo'
  return (
    <div className="flex flex-col gap-2">
      <div>
        <p className="font-semibold">{title}</p>
        {excerpt ? <p className="text-sm text-slate-600 dark:text-slate-400">{excerpt}</p> : null}
        <p className="mt-1 text-sm" data-testid="situacao-selo">
          <span className={badge.shown ? 'font-semibold text-orange-800 dark:text-orange-300' : ''}>
            {badge.shown ? 'Mostra o selo' : 'Não mostra o selo'}
          </span>
          {` · ${standing}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {badge.shown ? null : <DecisionButton {...ids} intent="confirmar" label="Confirmar selo" />}
        {badge.shown ? <DecisionButton {...ids} intent="tirar" label="Tirar selo" /> : null}
        {badge.decision ? <DecisionButton {...ids} intent="desfazer" label="Desfazer decisão" /> : null}
      </div>
    </div>
  )
}

function DecisionButton({
  action,
  intent,
  questionId,
  changeId,
  label,
}: {
  action: string
  intent: 'confirmar' | 'tirar' | 'desfazer'
  questionId: number
  changeId: number
  label: string
}) {
  const actionData = useActionData<typeof badgeAction>()
  const id = `selo-${questionId}-${changeId}-${intent}`
  const lastResult = actionData && 'formId' in actionData && actionData.formId === id ? actionData.result : undefined
  const [form] = useZodForm(forms.BadgeFormSchema, { id, lastResult })
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="questao" value={questionId} />
      <input type="hidden" name="mudanca" value={changeId} />
      <button type="submit" className={intent === 'desfazer' ? 'btn-ghost' : 'btn-secondary'}>
        {label}
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
