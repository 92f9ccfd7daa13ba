import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useState } from 'react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { RouteDialog } from '~/components/route-dialog'
import { toolLinkSelector } from '~/question/card-actions'
import styles from '~/question/discussions.css'

import type { DiscussionActionData } from './discussoes.server'
import { discussionAction, loadDiscussion } from './discussoes.server'
import { ForumIconSprite } from './forum-icons'
import { FORM_PARAM, PAGE_PARAM } from './params'
import { NewTopicForm, TopicItem } from './posts'

// Discussões of a question (issue 13), nested in the /questoes layout: a dialog over the list
// with JS, a section of the page without. Students of every plan read; posting follows the
// plan and the admin toggle (the API's `posting`).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Discussões — Questão ${data.question.number} — Gabarita` : 'Discussões — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadDiscussion(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return discussionAction(request, context, params.id)
}

export default function DiscussionRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // The URL names the open post form. With JS a click opens one in place until the next
  // navigation (a saved form redirects, which closes it); a vote's fetcher leaves it open.
  const location = useLocation()
  const [opened, setOpened] = useState<{ formId: string | null; key: string } | null>(null)
  const openForm = opened?.key === location.key ? opened.formId : data.openForm
  const ctx = {
    action: data.self,
    now: data.now,
    canPost: data.posting.allowed,
    actionData: actionData as DiscussionActionData | undefined,
    openForm,
    setOpenForm: (formId: string | null) => setOpened({ formId, key: location.key }),
    // No fragment: a page with one skips autofocus, and the open form's field takes the focus.
    formHref: (formId: string) => {
      const url = new URL(data.self, 'http://local')
      url.searchParams.set(FORM_PARAM, formId)
      return `${url.pathname}${url.search}`
    },
  }
  const titleId = 'discussoes-titulo'
  const pages = Math.max(1, Math.ceil(data.total / data.perPage))
  const pageHref = (page: number) => {
    const params = new URLSearchParams(data.listSearch)
    if (page > 1) params.set(PAGE_PARAM, String(page))
    const text = params.toString()
    return `/questoes/${data.question.id}/discussoes${text ? `?${text}` : ''}`
  }
  return (
    <RouteDialog
      titleId={titleId}
      title={`Discussões — Questão ${data.question.number}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'discussoes')}
      width="max-w-3xl"
    >
      <ForumIconSprite />
      <div className="mt-4 space-y-4">
        {data.posting.allowed ? (
          <NewTopicForm key={`${data.total}-${data.topics[0]?.id ?? 0}`} ctx={ctx} />
        ) : (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            data-testid="forum-somente-leitura"
          >
            {data.posting.message}{' '}
            {data.posting.code === 'PLAN_REQUIRED' ? (
              <Link to="/trocar-plano" className="font-semibold underline">
                Trocar de plano
              </Link>
            ) : null}
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {data.total === 0 ? '' : data.total === 1 ? '1 tópico' : `${data.total} tópicos`}
        </p>
        {data.topics.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            Nenhuma discussão ainda.
          </p>
        ) : (
          <ol className="space-y-4" aria-label="Tópicos">
            {data.topics.map((topic) => (
              <li key={topic.id}>
                <TopicItem topic={topic} ctx={ctx} />
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <nav aria-label="Páginas de tópicos" className="flex flex-wrap items-center gap-2">
            {data.page > 1 ? (
              <Link to={pageHref(data.page - 1)} preventScrollReset className="btn-secondary">
                Tópicos anteriores
              </Link>
            ) : null}
            <span className="text-sm">{`${data.page} de ${pages}`}</span>
            {data.page < pages ? (
              <Link to={pageHref(data.page + 1)} preventScrollReset className="btn-secondary">
                Mais tópicos
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
