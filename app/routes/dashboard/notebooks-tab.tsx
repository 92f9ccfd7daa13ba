import { Link, useActionData } from '@remix-run/react'
import { FolderPlus } from 'lucide-react'

import type { NotebookAllowance, NotebookJson } from '#server/features/notebooks/contract'
import { tabHref } from '~/dashboard/tabs'
import { CreateNotebookForm } from '~/notebook/notebook-fields'

import type { CreateNotebookActionData } from './dashboard.server'

// Cadernos: one card per notebook with Estudar (the notebook page) and Editar (its edit form
// opened), and a create card that posts to the dashboard itself.

export function NotebooksTab({ notebooks, allowance }: { notebooks: (NotebookJson & { when: string })[]; allowance: NotebookAllowance }) {
  return (
    <section aria-labelledby="cadernos-titulo">
      <h2 id="cadernos-titulo" className="text-lg font-semibold">
        Seus cadernos
        {allowance.limit !== null ? (
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">{`(${allowance.count} de ${allowance.limit})`}</span>
        ) : null}
      </h2>
      {notebooks.length === 0 ? <p className="mt-2 text-slate-600 dark:text-slate-300">Você ainda não tem cadernos.</p> : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {notebooks.map((n) => (
          <li key={n.id} id={`caderno-${n.id}`} className="card flex flex-col p-4" data-testid="cartao-caderno">
            <h3 className="flex items-center gap-2 font-semibold [overflow-wrap:anywhere]">
              <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: n.color }} />
              {n.name}
            </h3>
            {n.description ? (
              <p className="mt-1 line-clamp-3 text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{n.description}</p>
            ) : null}
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {`${n.questionsCount === 1 ? '1 questão' : `${n.questionsCount} questões`} · atualizado em ${n.when}`}
            </p>
            <div className="mt-auto flex flex-wrap gap-2 pt-4">
              <Link to={`/notebook/${n.id}/questions`} className="btn-primary" aria-label={`Estudar o caderno ${n.name}`}>
                Estudar
              </Link>
              <Link
                to={`/notebook/${n.id}/questions?editar=1#editar-caderno`}
                className="btn-secondary"
                aria-label={`Editar o caderno ${n.name}`}
              >
                Editar
              </Link>
            </div>
          </li>
        ))}
        <li className="card flex flex-col border-dashed p-4" id="novo-caderno">
          <h3 className="flex items-center gap-2 font-semibold">
            <FolderPlus className="h-5 w-5 text-brand-600 dark:text-brand-300" aria-hidden />
            Criar caderno
          </h3>
          {allowance.can_create ? (
            <CreateCard key={notebooks.length} />
          ) : (
            <div className="mt-2 text-sm" role="status" data-testid="cadernos-bloqueado">
              <p>{allowance.message}</p>
              {allowance.code !== 'NOTEBOOKS_DISABLED' ? (
                <Link to={allowance.plans_url} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
                  Ver planos
                </Link>
              ) : null}
            </div>
          )}
        </li>
      </ul>
    </section>
  )
}

function CreateCard() {
  const actionData = useActionData<CreateNotebookActionData>()
  return (
    <CreateNotebookForm
      id="criar-caderno"
      action={tabHref('cadernos')}
      lastResult={actionData?.result}
      plansUrl={actionData?.plansUrl}
      submitLabel="Criar caderno"
      className="mt-3 space-y-3"
    />
  )
}
