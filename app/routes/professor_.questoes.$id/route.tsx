import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useRef } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { CitedLaw } from '~/question/cited-law'
import { ExplanationBlock } from '~/question/explanation'
import { Markup } from '~/question/markup'
import { countOf, formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import type { EditorActionData } from './editor.server'
import { editorAction, loadEditor } from './editor.server'
import * as forms from './schemas.forms'

// The analysis editor (issue 40): the question, its key, how its answers spread and the law it
// cites beside the editor; a preview as the student will read it; the history with what each
// version changed. Everything is a plain form or link: it works without JavaScript.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Análise — ${data.desk.question.label} — Gabarita` : 'Análise — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadEditor(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return editorAction(request, context, params.id)
}

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const

export default function AnalysisEditor() {
  const { desk, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<EditorActionData>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const publishRef = useRef<HTMLButtonElement>(null)
  const { question, statistics, analysis } = desk
  const conflict = actionData?.conflict
  // After a conflict the next save starts from the version now published: publishing again is deliberate.
  const baseVersion = conflict?.current.version ?? analysis.version
  const [form, fields] = useZodForm(forms.AnalysisFormSchema, {
    // A restored version or a promoted answer is a new draft: the form starts again from it.
    id: `analise-${draft.key}`,
    lastResult: actionData?.intent !== 'despublicar' ? actionData?.result : undefined,
    defaultValue: {
      texto: draft.text,
      ...Object.fromEntries(LETTERS.map((l) => [`comentario_${l}`, draft.comments[l] ?? ''])),
    },
  })
  const letters = question.alternatives
    .map((a) => a.letter)
    .filter((l): l is (typeof LETTERS)[number] => (LETTERS as readonly string[]).includes(l))
  const unpublishErrors = actionData?.intent === 'despublicar' ? actionData.result.error?.[''] : undefined
  const published = analysis.text !== null

  return (
    <div className="container-page max-w-6xl space-y-6 py-6">
      <Link
        to="/professor"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para a fila
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{question.label}</h1>
        <p className="text-slate-600 dark:text-slate-400">
          {question.discipline}
          {question.predicted ? ' (disciplina prevista)' : ''} ·{' '}
          {published
            ? `Análise ${analysis.source === 'professor' ? `de ${analysis.author ?? 'professor'}` : 'importada com a prova'}, versão ${analysis.version}`
            : 'Sem análise publicada'}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="questao-titulo" className="card space-y-4">
          <h2 id="questao-titulo" className="text-lg font-semibold">
            Questão
          </h2>
          <Markup text={question.statement} className="qs" />
          <ol className="space-y-2" aria-label="Alternativas e respostas">
            {question.alternatives.map((a) => {
              const stat = statistics.alternatives.find((s) => s.letter === a.letter)
              return (
                <li
                  key={a.letter}
                  className={`rounded-lg border p-2 ${a.letter === question.correct_answer ? 'border-emerald-500 bg-emerald-50 dark:bg-emerald-950' : 'border-slate-200 dark:border-slate-700'}`}
                >
                  <span className="font-semibold">{a.letter})</span> <Markup text={a.text} />
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    {a.letter === question.correct_answer ? 'Gabarito · ' : ''}
                    {stat ? `${countOf(stat.count, 'resposta', 'respostas')} (${Math.round(stat.share * 100)}%)` : 'sem respostas'}
                  </p>
                </li>
              )
            })}
          </ol>
          <p className="text-sm" data-testid="estatistica">
            {question.correct_answer ? `Gabarito: ${question.correct_answer}` : 'Questão anulada'} ·{' '}
            {statistics.answers
              ? `${countOf(statistics.answers, 'resposta', 'respostas')}, ${countOf(statistics.wrong, 'errada', 'erradas')}`
              : 'nenhuma resposta ainda'}
          </p>
          {question.citations.length ? (
            <CitedLaw citations={question.citations} />
          ) : (
            <p className="text-sm">A questão não cita legislação reconhecida.</p>
          )}
        </section>

        <section aria-labelledby="editor-titulo" className="card space-y-4">
          <h2 id="editor-titulo" className="text-lg font-semibold">
            {published ? 'Editar a análise' : 'Escrever a análise'}
          </h2>
          {draft.note ? (
            <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm dark:bg-slate-800">
              {draft.note}
            </p>
          ) : null}
          {conflict ? (
            <div
              role="alert"
              className="space-y-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              data-testid="conflito"
            >
              <p className="font-semibold">{conflict.message}</p>
              <p className="text-sm">Texto publicado agora (versão {conflict.current.version}):</p>
              {conflict.current.text ? (
                <Markup text={conflict.current.text} className="qs" />
              ) : (
                <p className="text-sm">Nenhum (a análise foi despublicada).</p>
              )}
            </div>
          ) : null}
          <Form method="post" className="space-y-3" {...getFormProps(form)}>
            <CsrfInput />
            <input type="hidden" name="versao" value={baseVersion} />
            {draft.from ? <input type="hidden" name="promover" value={draft.from} /> : null}
            <TextareaField
              label="Análise"
              textareaProps={{
                ...getTextareaProps(fields.texto),
                rows: 12,
                'aria-describedby': 'analise-ajuda',
                onKeyDown: (event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault()
                    event.currentTarget.form?.requestSubmit(publishRef.current)
                  }
                },
              }}
              errors={fields.texto.errors}
            />
            <p id="analise-ajuda" className="text-sm text-slate-600 dark:text-slate-400">
              Marcação como nos enunciados: &lt;n&gt;negrito&lt;/n&gt;, &lt;i&gt;itálico&lt;/i&gt;, &lt;br&gt; quebra de linha. Cite a lei
              por extenso (“art. 5º da CF”) para que ela apareça como legislação citada. Ctrl+Enter publica.
            </p>
            <fieldset className="space-y-2">
              <legend className="label">Por que cada alternativa (opcional)</legend>
              {letters.map((l) => {
                const field = fields[`comentario_${l}`]
                return (
                  <TextareaField
                    key={l}
                    label={`Alternativa ${l}${l === question.correct_answer ? ' (gabarito)' : ''}`}
                    textareaProps={{ ...getTextareaProps(field), rows: 2, className: 'input min-h-16' }}
                    errors={field.errors}
                  />
                )
              })}
            </fieldset>
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap gap-2">
              <button ref={publishRef} type="submit" name="intent" value="publicar" className="btn-primary" disabled={Boolean(busy)}>
                {busy === 'publicar' ? 'Salvando...' : published ? 'Salvar nova versão' : 'Publicar análise'}
              </button>
              <button type="submit" name="intent" value="previa" className="btn-secondary" disabled={Boolean(busy)}>
                {busy === 'previa' ? 'Carregando...' : 'Pré-visualizar'}
              </button>
            </div>
          </Form>
          {published ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="versao" value={baseVersion} />
              <button
                type="submit"
                name="intent"
                value="despublicar"
                className="btn-ghost text-red-700 dark:text-red-300"
                disabled={Boolean(busy)}
              >
                Despublicar
              </button>
              <ErrorList id="despublicar-erro" errors={unpublishErrors} />
            </Form>
          ) : null}
        </section>
      </div>

      {actionData?.preview ? (
        <section aria-labelledby="previa-titulo" className="card" data-testid="previa">
          <h2 id="previa-titulo" className="text-lg font-semibold">
            Pré-visualização: como o aluno verá
          </h2>
          <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <p className="font-semibold">Gabarito: {question.correct_answer ?? 'anulada'}</p>
            <ExplanationBlock
              view={{
                explanation: actionData.preview.text,
                explanation_source: 'professor',
                alternative_comments: actionData.preview.comments,
              }}
            />
            {actionData.preview.citations.length ? <CitedLaw citations={actionData.preview.citations} /> : null}
          </div>
        </section>
      ) : null}

      <Promotable
        id="comunidade-titulo"
        title="Comentários mais votados da comunidade"
        items={desk.community.map((p) => ({
          key: `${p.kind}-${p.id}`,
          byline: `${p.author} · ${countOf(p.votes, 'voto', 'votos')}`,
          body: <p className="mt-1 whitespace-pre-line">{p.text}</p>,
        }))}
      />
      <Promotable
        id="explicacoes-titulo"
        title="Explicações de alunos mais úteis"
        items={desk.student_explanations.map((e) => ({
          key: `explanation-${e.id}`,
          byline: `${e.author} · ${e.useful === 1 ? '1 achou útil' : `${e.useful} acharam útil`}`,
          body: <Markup text={e.text} className="mt-1 block whitespace-pre-line" />,
        }))}
      />

      <section aria-labelledby="historico-titulo" className="card">
        <h2 id="historico-titulo" className="text-lg font-semibold">
          Histórico
        </h2>
        {desk.history.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nenhuma versão ainda.</p>
        ) : (
          <ol className="mt-3 space-y-3" data-testid="historico">
            {desk.history.map((h) => (
              <li key={h.version} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <p>
                  <span className="font-semibold">Versão {h.version}</span> · {h.action_label}
                  {h.author ? ` por ${h.author}` : ''} · {formatDateTime(h.created_at)}
                  {h.credit ? ` · a partir do comentário de ${h.credit}` : ''}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">O que mudou</summary>
                  <ul className="mt-2 space-y-1 text-sm">
                    {h.changes
                      .filter((c) => c.op !== 'same')
                      .map((c, i) => (
                        <li
                          key={i}
                          className={
                            c.op === 'add' ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 line-through dark:text-red-300'
                          }
                        >
                          <span className="sr-only">{c.op === 'add' ? 'Entrou: ' : 'Saiu: '}</span>
                          <span aria-hidden>{c.op === 'add' ? '+ ' : '− '}</span>
                          {c.text}
                        </li>
                      ))}
                    {h.comments_changed.length ? <li>Comentários alterados: {h.comments_changed.join(', ')}</li> : null}
                    {!h.changes.some((c) => c.op !== 'same') && !h.comments_changed.length ? <li>Nenhuma mudança no texto.</li> : null}
                  </ul>
                </details>
                {h.text && h.version !== analysis.version ? (
                  <Link to={`?restaurar=${h.version}`} className="mt-2 inline-flex min-h-11 items-center text-sm font-medium underline">
                    Restaurar no editor
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

/** What the desk may promote to an analysis, crediting its author: the forum's posts, the students' explanations (issue 64). */
function Promotable({ id, title, items }: { id: string; title: string; items: { key: string; byline: string; body: ReactNode }[] }) {
  if (!items.length) return null
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={item.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{item.byline}</p>
            {item.body}
            <Link to={`?promover=${item.key}`} className="btn-secondary mt-2">
              Promover a análise
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
