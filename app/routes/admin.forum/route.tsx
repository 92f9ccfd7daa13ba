import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import type { ForumQueueItem } from '#server/features/forum/contract'
import { FlagReasons, ModerationQueue } from '~/admin/moderation-queue'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatDateTime } from '~/utils/format'

import { loadForumQueue, moderationAction } from './forum.server'

// /admin/forum (issue 13): the moderation queue of Discussões. Flagged posts first with their
// reasons; highlight a topic, hide or restore a post, dismiss the flags. Plain forms and a GET
// filter: all of it works without JavaScript.

/** The queue's GET filter form. */
const FORUM_FILTER_LABELS = { all: 'Todas as mensagens', flagged: 'Denunciadas', hidden: 'Ocultas' } as const

export const meta: MetaFunction = () => [{ title: 'Fórum — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadForumQueue(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return moderationAction(request, context)
}

export default function AdminForumPage() {
  const { queue, filter, self } = useLoaderData<typeof loader>()
  return (
    <ModerationQueue
      title="Fórum"
      intro="Moderação das Discussões: mensagens denunciadas aparecem primeiro, com os motivos. Mensagens ocultas somem para os alunos e continuam visíveis aqui."
      filter={filter}
      filters={FORUM_FILTER_LABELS}
      queue={queue}
      count={(n) => (n === 1 ? '1 mensagem' : `${n} mensagens`)}
      empty="Nenhuma mensagem aqui."
      listLabel="Mensagens do fórum"
      keyOf={(item) => `${item.kind}-${item.id}`}
      render={(item) => <QueueItem item={item} action={self} />}
    />
  )
}

function QueueItem({ item, action }: { item: ForumQueueItem; action: string }) {
  const anchor = item.kind === 'topic' ? `topico-${item.id}` : `resposta-${item.id}`
  return (
    <article
      id={`${item.kind}-${item.id}`}
      className={`card p-4 ${item.open_flags ? 'border-red-300 dark:border-red-800' : ''}`}
      aria-label={item.kind === 'topic' ? `Tópico ${item.title ?? ''}` : 'Resposta'}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold dark:bg-slate-800">
          {item.kind === 'topic' ? 'Tópico' : 'Resposta'}
        </span>
        {item.highlighted ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Destaque</span> : null}
        {item.hidden ? <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">Oculto</span> : null}
        {item.open_flags ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">
            {item.open_flags === 1 ? '1 denúncia' : `${item.open_flags} denúncias`}
          </span>
        ) : null}
        <Link to={`/questoes/${item.question.id}/discussoes#${anchor}`} className="underline">
          {`Questão ${item.question.number} (#${item.question.short_id})`}
        </Link>
      </div>
      {item.kind === 'reply' ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{`Em resposta a: ${item.topic_title}`}</p>
      ) : null}
      {item.title ? <h2 className="mt-2 whitespace-pre-wrap font-semibold [overflow-wrap:anywhere]">{item.title}</h2> : null}
      <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{item.content}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {`${item.author ? `${item.author.name} (${item.author.email})` : 'Usuário removido'} · ${formatDateTime(item.created_at)}`}
      </p>
      <FlagReasons flags={item.flags} />
      <Form method="post" action={action} className="mt-3 flex flex-wrap gap-2">
        <CsrfInput />
        <input type="hidden" name="tipo" value={item.kind} />
        <input type="hidden" name="item" value={item.id} />
        {item.kind === 'topic' ? (
          item.highlighted ? (
            <button type="submit" name="intent" value="remover-destaque" className="btn-secondary">
              Remover destaque
            </button>
          ) : (
            <button type="submit" name="intent" value="destacar" className="btn-secondary">
              Destacar
            </button>
          )
        ) : null}
        {item.hidden ? (
          <button type="submit" name="intent" value="restaurar" className="btn-secondary">
            Restaurar
          </button>
        ) : (
          <button type="submit" name="intent" value="ocultar" className="btn-secondary">
            Ocultar
          </button>
        )}
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
