import type { FieldMetadata } from '@conform-to/react'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import type { LegislativeChangeJson } from '#server/features/legislation/contract'
import { LABEL_MAX, NAME_MAX, NOTE_MAX, SCOPE_LINES_MAX } from '#server/features/legislation/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { useZodForm } from '~/utils/use-zod-form'

import { legislationAction, loadLegislation } from './legislacao.server'
import * as forms from './schemas.forms'

// /admin/legislacao (issue 38 §3, ADR 053): the legislative changes that make older questions
// "Pode estar desatualizada": the law's short label (the badge), its official name, the date it
// came into force, the disciplines it affects and its scope (ADR 089, 091: a code replaced whole, or
// the norms, articles and subjects it changed, a line each). Each change is edited in place; plain
// forms. The questions a change badges, to confirm or remove one: /admin/legislacao/selos (ADR 090).

export const meta: MetaFunction = () => [{ title: 'Legislação — Painel Administrativo — Gabarita' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadLegislation(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return legislationAction(request, context)
}

type Discipline = { id: number; name: string }

export default function AdminLegislationPage() {
  const { changes, disciplines } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">Legislação</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Mudanças da lei que podem desatualizar questões: uma questão de prova aplicada antes da data de vigência mostra “Pode estar
        desatualizada: rótulo” quando está no escopo da mudança (a disciplina inteira, ou o que ela cita ou de que trata). Sem a data de
        aplicação, vale o ano da prova (o mesmo ano conta).
      </p>
      <p className="mt-2">
        <Link to="/admin/legislacao/selos" className="font-semibold text-brand-700 underline dark:text-brand-300">
          Questões com o selo: confirmar ou tirar
        </Link>
      </p>
      <section className="card mt-6 p-4" aria-labelledby="nova-titulo">
        <h2 id="nova-titulo" className="text-lg font-semibold">
          Nova mudança
        </h2>
        <ChangeForm id="nova-mudanca" disciplines={disciplines} />
      </section>
      <h2 className="mt-8 text-lg font-semibold">{changes.length === 1 ? '1 mudança' : `${changes.length} mudanças`}</h2>
      <ol className="mt-3 space-y-4" aria-label="Mudanças legislativas">
        {changes.map((change) => (
          <li key={change.id}>
            <article id={`mudanca-${change.id}`} className="card p-4" aria-label={change.label}>
              {/* Keyed by its last save: a saved change shows the values as read (clt@art. 60 for "art. 60 da CLT"). */}
              <ChangeForm key={change.updated_at} id={`editar-${change.id}`} change={change} disciplines={disciplines} />
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <DeleteForm change={change} />
                <Link
                  to={`/admin/legislacao/selos?${new URLSearchParams({ mudanca: String(change.id) })}`}
                  className="text-sm font-semibold text-brand-700 underline dark:text-brand-300"
                >
                  {`Questões que ${change.label} marca`}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </div>
  )
}

function useLastResult(id: string) {
  const actionData = useActionData<typeof legislationAction>()
  return actionData && 'formId' in actionData && actionData.formId === id ? actionData.result : undefined
}

function ChangeForm({ id, change, disciplines }: { id: string; change?: LegislativeChangeJson; disciplines: Discipline[] }) {
  const [form, fields] = useZodForm(forms.ChangeFormSchema, {
    id,
    lastResult: useLastResult(id),
    defaultValue: change
      ? {
          rotulo: change.label,
          nome: change.name,
          vigencia: change.in_force,
          nota: change.note,
          disciplinas: change.disciplines.map((d) => String(d.id)),
          escopo: change.scope.kind === 'scope' ? 'escopo' : 'disciplina',
          normas: change.scope.norms.join('\n'),
          artigos: change.scope.articles.join('\n'),
          assuntos: change.scope.terms.join('\n'),
        }
      : { escopo: 'disciplina' },
  })
  const chosen = new Set(change?.disciplines.map((d) => d.id) ?? [])
  const known = new Set(disciplines.map((d) => d.id))
  // A discipline of the change missing from the list (it should not happen) still shows.
  const options = [...disciplines, ...(change?.disciplines.filter((d) => !known.has(d.id)) ?? [])]
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="intent" value={change ? 'salvar' : 'criar'} />
      {change ? <input type="hidden" name="mudanca" value={change.id} /> : null}
      <Field
        label="Rótulo (no selo)"
        hint="Como CPC/2015."
        inputProps={{ ...getInputProps(fields.rotulo, { type: 'text' }), maxLength: LABEL_MAX }}
        errors={fields.rotulo.errors}
      />
      <Field
        label="Data de vigência"
        inputProps={{ ...getInputProps(fields.vigencia, { type: 'date' }) }}
        errors={fields.vigencia.errors}
      />
      <Field
        className="sm:col-span-2"
        label="Nome oficial"
        hint="O número e o nome, como Lei 13.105/2015 (Código de Processo Civil)."
        inputProps={{ ...getInputProps(fields.nome, { type: 'text' }), maxLength: NAME_MAX }}
        errors={fields.nome.errors}
      />
      <fieldset className="sm:col-span-2" aria-describedby={fields.disciplinas.errors ? fields.disciplinas.errorId : undefined}>
        <legend className="label">Disciplinas afetadas</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {options.map((d) => (
            <label key={d.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name={fields.disciplinas.name} value={d.id} defaultChecked={chosen.has(d.id)} className="h-5 w-5" />
              {d.name}
            </label>
          ))}
        </div>
        <ErrorList id={fields.disciplinas.errorId} errors={fields.disciplinas.errors} />
      </fieldset>
      <ScopeFields fields={fields} />
      <div className="sm:col-span-2">
        <label htmlFor={fields.nota.id} className="label">
          Nota (uma linha, opcional)
        </label>
        <textarea {...getTextareaProps(fields.nota)} maxLength={NOTE_MAX} rows={1} className="input min-h-11" />
        <ErrorList id={fields.nota.errorId} errors={fields.nota.errors} />
      </div>
      <div className="sm:col-span-2">
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary">
          {change ? 'Salvar' : 'Adicionar mudança'}
        </button>
      </div>
    </Form>
  )
}

type ChangeFields = {
  escopo: FieldMetadata<string>
  normas: FieldMetadata<string | undefined>
  artigos: FieldMetadata<string | undefined>
  assuntos: FieldMetadata<string | undefined>
}

/** What the change changed (ADR 089, 091): its disciplines whole, or the norms, articles and subjects it touched, a line each. */
function ScopeFields({ fields }: { fields: ChangeFields }) {
  const lines = (name: 'normas' | 'artigos' | 'assuntos') => ({ ...getTextareaProps(fields[name]), rows: 4, className: 'input min-h-24' })
  // Two radios of one field: each its own id.
  const radio = (value: string) => ({ ...getInputProps(fields.escopo, { type: 'radio', value }), id: `${fields.escopo.id}-${value}` })
  return (
    <fieldset
      className="sm:col-span-2 grid gap-3 sm:grid-cols-3"
      aria-describedby={fields.escopo.errors ? fields.escopo.errorId : undefined}
    >
      <legend className="label sm:col-span-3">O que a mudança atinge</legend>
      <div className="sm:col-span-3 flex flex-wrap gap-x-6">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input {...radio('disciplina')} className="h-5 w-5" />
          Disciplina inteira (um código substituído, como o CPC/1973)
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input {...radio('escopo')} className="h-5 w-5" />
          Escopo: as normas, os artigos e os assuntos abaixo
        </label>
        <ErrorList id={fields.escopo.errorId} errors={fields.escopo.errors} />
      </div>
      <TextareaField
        label="Normas substituídas (uma por linha)"
        hint="A chave, como lei:8666, clt, eoab, ec:45, ou o nome: Lei 8.666/1993."
        textareaProps={lines('normas')}
        errors={fields.normas.errors}
      />
      <TextareaField
        label="Artigos alterados (um por linha)"
        hint="clt@art. 58, CLT art. 58 ou art. 58 da CLT; arts. 282 e 283 do CPP vale por dois."
        textareaProps={lines('artigos')}
        errors={fields.artigos.errors}
      />
      <TextareaField
        label="Assuntos (um por linha)"
        hint={`Palavras inteiras do enunciado, nas disciplinas marcadas: prisão preventiva. Até ${SCOPE_LINES_MAX} linhas por lista.`}
        textareaProps={lines('assuntos')}
        errors={fields.assuntos.errors}
      />
    </fieldset>
  )
}

function DeleteForm({ change }: { change: LegislativeChangeJson }) {
  const id = `excluir-${change.id}`
  const [form] = useZodForm(forms.DeleteChangeFormSchema, { id, lastResult: useLastResult(id) })
  return (
    <Form method="post" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="intent" value="excluir" />
      <input type="hidden" name="mudanca" value={change.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-secondary" aria-label={`Excluir ${change.label}`}>
        Excluir
      </button>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
