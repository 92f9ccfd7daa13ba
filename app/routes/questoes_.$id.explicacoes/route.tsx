import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { EXPLANATION_MAX, EXPLANATION_MIN, FLAG_REASON_MAX } from '#server/features/explanations/limits'
import { FIELD_LABEL } from '#server/features/explanations/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { CitedLaw } from '~/question/cited-law'
import { Markup } from '~/question/markup'
import { formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import type { ExplanationsActionData } from './explicacoes.server'
import { explanationsAction, loadExplanations } from './explicacoes.server'
import * as forms from './schemas.forms'

// Explicações de alunos of one question (issue 64): every published one, the most useful first
// (ADR 085), each with "Útil" and "Denunciar"; the student's own, to edit or delete; the form to
// write one after a right answer. Plain forms that redirect back: the same with and without JS.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Explicações de alunos — ${data.question.label} — Gabarita` : 'Explicações de alunos — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadExplanations(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return explanationsAction(request, context, params.id)
}

type Data = SerializeFrom<typeof loader>
type Explanation = Data['explanations'][number]

const resultFor = (actionData: ExplanationsActionData | undefined, formId: string) =>
  actionData && 'formId' in actionData && actionData.formId === formId ? actionData.result : undefined

const STATUS: Record<string, string> = {
  awaiting_approval: 'Aguardando aprovação da moderação: os colegas ainda não a veem.',
  hidden: 'Ocultada pela moderação: os colegas não a veem.',
}

export default function ExplanationsPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ExplanationsActionData | undefined
  return (
    <div className="container-page max-w-3xl space-y-4 py-6">
      <div>
        <h1 className="text-2xl font-bold">Explicações de alunos</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{data.question.label}</p>
        <Link to={`/questoes/${data.question.id}`} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
          Voltar à questão
        </Link>
      </div>
      {data.closed ? (
        <p role="status" className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          {data.closed}
        </p>
      ) : (
        <>
          {data.mine ? <Mine explanation={data.mine} data={data} lastResult={resultFor(actionData, 'editar-explicacao')} /> : null}
          {data.canWrite ? <WriteForm action={data.self} lastResult={resultFor(actionData, 'escrever')} /> : null}
          {data.explanations.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Nenhuma explicação de aluno nesta questão ainda.
            </p>
          ) : (
            <ol className="space-y-3" aria-label="Explicações dos colegas, da mais útil">
              {data.explanations.map((e) => (
                <li key={e.id} id={`explicacao-${e.id}`} className="card scroll-mt-24">
                  <Other explanation={e} self={data.self} lastResult={resultFor(actionData, `denunciar-${e.id}`)} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  )
}

function Body({ explanation: e }: { explanation: Explanation }) {
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {`Por ${e.author_name} · `}
        <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
        {e.edited_at ? ' · editada' : ''}
        {` · ${e.useful} ${e.useful === 1 ? 'achou' : 'acharam'} útil`}
      </p>
      <Markup text={e.content} className="mt-1 block whitespace-pre-line break-words" />
      {e.citations.length ? <CitedLaw citations={e.citations} /> : null}
    </>
  )
}

function Other({
  explanation: e,
  self,
  lastResult,
}: {
  explanation: Explanation
  self: string
  lastResult?: ExplanationsActionData['result']
}) {
  const [form, fields] = useZodForm(forms.FlagFormSchema, { id: `denunciar-${e.id}`, lastResult })
  return (
    <article aria-label={`Explicação de ${e.author_name}`} data-testid="explicacao">
      <Body explanation={e} />
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <Form method="post" action={self} preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="item" value={e.id} />
          <input type="hidden" name="util" value={e.voted ? 'nao' : 'sim'} />
          <button type="submit" name="intent" value="util" className="btn-secondary" aria-pressed={e.voted}>
            {e.voted ? 'Útil ✓ (desfazer)' : 'Útil'}
          </button>
        </Form>
        {e.flagged_by_me ? (
          <span className="inline-flex min-h-11 items-center text-sm">Você denunciou esta explicação.</span>
        ) : (
          <details open={Boolean(lastResult)} className="min-w-0 flex-1">
            <summary className="btn-secondary inline-flex cursor-pointer">Denunciar</summary>
            <Form method="post" action={self} preventScrollReset className="mt-2 space-y-2" {...getFormProps(form)}>
              <CsrfInput />
              <input type="hidden" name="item" value={e.id} />
              <TextareaField
                label="Motivo da denúncia"
                textareaProps={{ ...getTextareaProps(fields.motivo), maxLength: FLAG_REASON_MAX, rows: 2, className: 'input' }}
                errors={fields.motivo.errors}
              />
              <ErrorList id={form.errorId} errors={form.errors} />
              <button type="submit" name="intent" value="denunciar" className="btn-primary">
                Enviar denúncia
              </button>
            </Form>
          </details>
        )}
      </div>
    </article>
  )
}

function Mine({
  explanation: e,
  data,
  lastResult,
}: {
  explanation: Explanation
  data: Data
  lastResult?: ExplanationsActionData['result']
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'editar'
  const [form, fields] = useZodForm(forms.EditFormSchema, {
    id: 'editar-explicacao',
    lastResult,
    defaultValue: { conteudo: e.content },
  })
  return (
    <section id="minha-explicacao" aria-labelledby="minha-titulo" className="card scroll-mt-24" data-testid="minha-explicacao">
      <h2 id="minha-titulo" className="text-lg font-semibold">
        Sua explicação
      </h2>
      {STATUS[e.status] ? <p className="mt-1 text-sm font-semibold">{STATUS[e.status]}</p> : null}
      <Body explanation={e} />
      <details open={Boolean(lastResult)} className="mt-2">
        <summary className="btn-secondary inline-flex cursor-pointer">Editar</summary>
        <Form method="post" action={data.self} preventScrollReset className="mt-2 space-y-2" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="item" value={e.id} />
          <TextareaField
            label={FIELD_LABEL}
            textareaProps={{ ...getTextareaProps(fields.conteudo), minLength: EXPLANATION_MIN, maxLength: EXPLANATION_MAX, rows: 4 }}
            errors={fields.conteudo.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" name="intent" value="editar" className="btn-primary" disabled={busy}>
            {busy ? 'Salvando…' : 'Salvar'}
          </button>
        </Form>
      </details>
      {data.deleting ? (
        <Form
          method="post"
          action={data.self}
          className="mt-3 rounded-lg border border-red-300 p-3 dark:border-red-800"
          aria-label="Confirmar exclusão"
        >
          <CsrfInput />
          <input type="hidden" name="item" value={e.id} />
          <p className="font-semibold">Excluir a sua explicação? Não é possível desfazer.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="excluir" className="btn-primary bg-red-700 hover:bg-red-800">
              Confirmar exclusão
            </button>
            <Link to={`${data.self}#minha-explicacao`} className="btn-secondary">
              Cancelar
            </Link>
          </div>
        </Form>
      ) : (
        <Link to={`${data.self}?excluir=1#minha-explicacao`} className="mt-2 inline-flex min-h-11 items-center underline">
          Excluir a minha explicação
        </Link>
      )}
    </section>
  )
}

function WriteForm({ action, lastResult }: { action: string; lastResult?: ExplanationsActionData['result'] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'escrever'
  const [form, fields] = useZodForm(forms.WriteFormSchema, { id: 'escrever', lastResult })
  return (
    <Form method="post" action={action} preventScrollReset className="card space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="formulario" value="1" />
      <p className="font-semibold">Você acertou esta questão. Explique em uma frase para quem errou.</p>
      <TextareaField
        label={FIELD_LABEL}
        textareaProps={{ ...getTextareaProps(fields.conteudo), minLength: EXPLANATION_MIN, maxLength: EXPLANATION_MAX, rows: 3 }}
        errors={fields.conteudo.errors}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        De {EXPLANATION_MIN} a {EXPLANATION_MAX.toLocaleString('pt-BR')} caracteres. Aceita &lt;n&gt;negrito&lt;/n&gt; e
        &lt;i&gt;itálico&lt;/i&gt;; cite a lei (art. 5º da CF) e ela aparece com o link.
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="escrever" className="btn-primary" disabled={busy}>
        {busy ? 'Publicando…' : 'Publicar explicação'}
      </button>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
