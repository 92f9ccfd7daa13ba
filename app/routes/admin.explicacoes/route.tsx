import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import type { ExplanationQueueItem } from '#server/features/explanations/contract'
import { FlagReasons, ModerationQueue } from '~/admin/moderation-queue'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatDateTime } from '~/utils/format'

import { explanationModerationAction, loadExplanationQueue } from './explicacoes.server'

// /admin/explicacoes (issue 64): the moderation queue of the students' explanations, as the
// forum's. Reported ones first with their reasons, then those waiting for approval (an author
// hidden twice); hide, restore, approve, dismiss. Plain forms and a GET filter: no JS needed.

const FILTER_LABELS = { all: 'Todas', flagged: 'Denunciadas', pending: 'Aguardando aprovação', hidden: 'Ocultas' } as const

export const meta: MetaFunction = () => [{ title: 'Explicações de alunos — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadExplanationQueue(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return explanationModerationAction(request, context)
}

export default function AdminExplanationsPage() {
  const { queue, filter, self } = useLoaderData<typeof loader>()
  return (
    <ModerationQueue
      title="Explicações de alunos"
      intro="As denunciadas aparecem primeiro, com os motivos; depois as que aguardam aprovação (o autor teve duas ocultadas). Uma explicação oculta some para os alunos; o autor continua vendo a sua, marcada."
      filter={filter}
      filters={FILTER_LABELS}
      queue={queue}
      count={(n) => (n === 1 ? '1 explicação' : `${n} explicações`)}
      empty="Nenhuma explicação aqui."
      listLabel="Explicações de alunos"
      keyOf={(item) => item.id}
      render={(item) => <QueueItem item={item} action={self} />}
    />
  )
}

const badge = 'rounded-full px-2 py-0.5 font-semibold'

function QueueItem({ item, action }: { item: ExplanationQueueItem; action: string }) {
  return (
    <article id={`explicacao-${item.id}`} className="card p-4" aria-label={`Explicação de ${item.author.name}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {item.hidden ? <span className={`${badge} bg-slate-200 text-slate-800`}>Oculta</span> : null}
        {item.awaiting_approval && !item.hidden ? (
          <span className={`${badge} bg-amber-100 text-amber-900`}>Aguardando aprovação</span>
        ) : null}
        {item.open_flags ? (
          <span className={`${badge} bg-red-100 text-red-800`}>
            {item.open_flags === 1 ? '1 denúncia' : `${item.open_flags} denúncias`}
          </span>
        ) : null}
        <Link
          to={`/questoes/${item.question.id}`}
          className="underline"
        >{`Questão ${item.question.number} (#${item.question.short_id})`}</Link>
        <span>{`${item.useful} ${item.useful === 1 ? 'achou' : 'acharam'} útil`}</span>
      </div>
      <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{item.content}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{`${item.author.name} (${item.author.email}) · ${formatDateTime(item.created_at)}`}</p>
      <FlagReasons flags={item.flags} />
      <Form method="post" action={action} className="mt-3 flex flex-wrap gap-2">
        <CsrfInput />
        <input type="hidden" name="item" value={item.id} />
        <button type="submit" name="intent" value={item.hidden ? 'restaurar' : 'ocultar'} className="btn-secondary">
          {item.hidden ? 'Restaurar' : 'Ocultar'}
        </button>
        {item.awaiting_approval && !item.hidden ? (
          <button type="submit" name="intent" value="aprovar" className="btn-secondary">
            Aprovar
          </button>
        ) : null}
        {item.open_flags ? (
          <button type="submit" name="intent" value="dispensar" className="btn-secondary">
            Dispensar denúncias
          </button>
        ) : null}
      </Form>
    </article>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
