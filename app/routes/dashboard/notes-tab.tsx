import { Link } from '@remix-run/react'

import type { MyNote } from '#server/features/me/contract'
import { tabHref } from '~/dashboard/tabs'
import { Pagination } from '~/question/pagination'

// Anotações (the tab's URL keeps its old id, `aba=comentarios`): the student's private notes, newest first, each with 'Ver Questão'.

export function NotesTab({
  notes,
  total,
  page,
  perPage,
}: {
  notes: (MyNote & { when: string })[]
  total: number
  page: number
  perPage: number
}) {
  return (
    <section aria-labelledby="comentarios-titulo">
      <h2 id="comentarios-titulo" className="text-lg font-semibold">
        Suas anotações
        {total ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">{`(${total})`}</span> : null}
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">Nenhuma anotação ainda</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="card p-4" data-testid="comentario-privado">
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {`Questão #${note.question.code} · ${note.question.discipline} · `}
                <time dateTime={note.createdAt}>{note.when}</time>
              </p>
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{note.content}</p>
              <Link to={`/questoes/${note.question.id}`} className="btn-secondary mt-3" aria-label={`Ver Questão #${note.question.code}`}>
                Ver Questão
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={Math.max(1, Math.ceil(total / perPage))}
        hrefFor={(p) => `${tabHref('comentarios')}${p > 1 ? `&pagina=${p}` : ''}`}
      />
    </section>
  )
}
