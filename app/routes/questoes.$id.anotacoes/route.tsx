import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import type { NoteJson } from '#server/features/notes/contract'
import { NOTE_CONTENT_MAX } from '#server/features/notes/limits'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { toolLinkSelector } from '~/question/card-actions'
import { formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import type { NotesActionData } from './notes.server'
import { loadNotes, notesAction } from './notes.server'
import * as forms from './schemas.forms'

// Anotação (issue 11): the student's private notes on a question, nested in the /questoes
// layout: a dialog over the list with JS, a section of the page without. Newest first; each
// note can be viewed, edited in place and deleted after a confirmation.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Anotações — ${data.question.label} — Gabarita` : 'Anotações — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadNotes(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return notesAction(request, context, params.id)
}

type Note = NoteJson

function resultFor(actionData: NotesActionData | undefined, formId: string) {
  return actionData?.formId === formId ? actionData.result : undefined
}

export default function NotesRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as NotesActionData | undefined
  return (
    <RouteDialog
      titleId="anotacoes-titulo"
      title={`Anotações — ${data.question.label}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'anotacoes')}
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Só você vê as suas anotações.</p>
      <NewNoteForm key={data.notes[0]?.id ?? 0} action={data.self} lastResult={resultFor(actionData, 'nova-nota')} />
      {data.failed ? (
        <p role="alert" className="field-error mt-4">
          {data.failed}
        </p>
      ) : null}
      {data.notes.length === 0 && !data.failed ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Nenhuma anotação nesta questão ainda.
        </p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Suas anotações">
          {data.notes.map((note) => (
            <li key={note.id} id={`nota-${note.id}`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              {data.editing === note.id ? (
                <EditNoteForm note={note} action={data.self} lastResult={resultFor(actionData, `editar-nota-${note.id}`)} />
              ) : (
                <NoteView note={note} self={data.self} deleting={data.deleting === note.id} />
              )}
            </li>
          ))}
        </ol>
      )}
    </RouteDialog>
  )
}

function NoteDates({ note }: { note: Note }) {
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
      {note.updatedAt !== note.createdAt ? ` · editada em ${formatDateTime(note.updatedAt)}` : ''}
    </p>
  )
}

function withParam(self: string, key: string, value: number) {
  const url = new URL(self, 'http://local')
  url.searchParams.set(key, String(value))
  return `${url.pathname}${url.search}#nota-${value}`
}

function NoteView({ note, self, deleting }: { note: Note; self: string; deleting: boolean }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('nota') === String(note.id)
  return (
    <article aria-label={`Anotação de ${formatDateTime(note.createdAt)}`}>
      <NoteDates note={note} />
      <p className="mt-1 whitespace-pre-wrap break-words" data-testid="nota-texto">
        {note.content}
      </p>
      {deleting ? (
        <Form
          method="post"
          action={self}
          preventScrollReset
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
          role="group"
          aria-label="Confirmar exclusão"
        >
          <CsrfInput />
          <input type="hidden" name="nota" value={note.id} />
          <p className="font-semibold">Excluir esta anotação? Não é possível desfazer.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="excluir"
              className="btn-primary bg-red-700 hover:bg-red-800"
              disabled={busy}
              data-autofocus
            >
              {busy ? 'Excluindo...' : 'Confirmar exclusão'}
            </button>
            <Link to={`${self}#nota-${note.id}`} preventScrollReset className="btn-secondary">
              Cancelar
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Link
            to={withParam(self, 'editar', note.id)}
            preventScrollReset
            className="btn-secondary"
            aria-label={`Editar anotação de ${formatDateTime(note.createdAt)}`}
          >
            Editar
          </Link>
          <Link
            to={withParam(self, 'excluir', note.id)}
            preventScrollReset
            className="btn-secondary"
            aria-label={`Excluir anotação de ${formatDateTime(note.createdAt)}`}
          >
            Excluir
          </Link>
        </div>
      )}
    </article>
  )
}

function NewNoteForm({ action, lastResult }: { action: string; lastResult?: NotesActionData['result'] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'criar'
  const [form, fields] = useZodForm(forms.CreateNoteSchema, { id: 'nova-nota', lastResult })
  return (
    <Form method="post" action={action} preventScrollReset className="mt-4 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <TextareaField
        label="Nova anotação"
        textareaProps={{
          ...getTextareaProps(fields.conteudo),
          maxLength: NOTE_CONTENT_MAX,
          rows: 4,
          placeholder: 'Escreva aqui o que quer lembrar desta questão.',
        }}
        errors={fields.conteudo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="criar" className="btn-primary" disabled={busy}>
        {busy ? 'Salvando...' : 'Salvar anotação'}
      </button>
    </Form>
  )
}

function EditNoteForm({ note, action, lastResult }: { note: Note; action: string; lastResult?: NotesActionData['result'] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'editar'
  const [form, fields] = useZodForm(forms.EditNoteSchema, {
    id: `editar-nota-${note.id}`,
    lastResult,
    defaultValue: { conteudo: note.content },
  })
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <NoteDates note={note} />
      <input type="hidden" name="nota" value={note.id} />
      <TextareaField
        label="Editar anotação"
        textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: NOTE_CONTENT_MAX, rows: 5, autoFocus: true }}
        errors={fields.conteudo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="editar" className="btn-primary" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </button>
        <Link to={`${action}#nota-${note.id}`} preventScrollReset className="btn-secondary">
          Cancelar
        </Link>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
