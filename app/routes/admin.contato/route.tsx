import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '#server/features/contact-admin/messages'
import { AdminPager } from '~/admin/pager'
import { QueueFilter } from '~/admin/queue-filter'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatDateTime } from '~/utils/format'

import { loadContactMessages } from './contato.server'

// /admin/contato (issue 28): what visitors send through /contato, newest first, so 'Entraremos em
// contato em breve' is kept. Each message opens on its own page (marked read there) with the
// reply form. The filter is a GET form.

export const meta: MetaFunction = () => [{ title: 'Mensagens de contato — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadContactMessages(request, context)
}

export default function AdminContactPage() {
  const { messages, status } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">Mensagens de contato</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Mensagens enviadas pela página Contato. A resposta vai por email para quem escreveu.
      </p>
      <QueueFilter
        name="situacao"
        label="Situação"
        value={status}
        all="Todas"
        options={CONTACT_STATUSES.map((value) => [value, CONTACT_STATUS_LABELS[value]])}
      />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {messages.total === 1 ? '1 mensagem' : `${messages.total} mensagens`}
      </p>
      {messages.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Nenhuma mensagem aqui.
        </p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Mensagens de contato">
          {messages.data.map((message) => (
            <li key={message.id}>
              <article className="card p-4" aria-label={`Mensagem ${message.id}`}>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className={`rounded-full px-2 py-0.5 font-semibold ${
                      message.status === 'nova'
                        ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50'
                        : 'bg-slate-100 dark:bg-slate-800'
                    }`}
                    data-testid="situacao"
                  >
                    {message.status_label}
                  </span>
                  <span className="text-slate-600 dark:text-slate-400">{formatDateTime(message.created_at)}</span>
                </div>
                <h2 className="mt-2 text-lg font-semibold [overflow-wrap:anywhere]">
                  <Link to={`/admin/contato/${message.id}`} className="underline">
                    {message.subject}
                  </Link>
                </h2>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{`${message.name} (${message.email})`}</p>
                <p className="mt-2 line-clamp-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <AdminPager page={messages.page} total={messages.total} perPage={messages.per_page} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
