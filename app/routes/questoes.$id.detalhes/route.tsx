import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { RouteDialog } from '~/components/route-dialog'
import { toolLinkSelector } from '~/question/card-actions'
import { difficultyLabel, formatSeconds } from '~/question/insight-figures'
import { questionLabel } from '~/question/tool-urls'
import { formatDate, formatDateTime } from '~/utils/format'

import { loadDetails } from './detalhes.server'

// Detalhes (issue 12), nested in the /questoes layout: a dialog over the list with JS, a
// section of the page without; the permanent link opens the question on its own page.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Detalhes — ${questionLabel(data.question)} — Gabarita` : 'Detalhes — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadDetails(request, context, params.id)
}

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 border-b border-slate-100 py-1.5 dark:border-slate-800">
      <dt className="font-semibold">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não')

export default function DetailsRoute() {
  const data = useLoaderData<typeof loader>()
  const q = data.question
  const a = data.attempt
  const i = data.interactions
  return (
    <RouteDialog
      titleId="detalhes-titulo"
      title={`Detalhes — ${questionLabel(q)}`}
      back={data.back}
      focusOnClose={toolLinkSelector(q.id, 'detalhes')}
    >
      <dl className="mt-4 text-sm sm:text-base">
        <Row label="Código" value={`#${q.short_id}`} />
        <Row label="Número na prova" value={String(q.question_number)} />
        <Row label="Prova" value={q.exam_name ?? 'Não informado'} />
        <Row label="Banca" value={q.exam_board} />
        <Row label="Órgão" value={q.exam_organization ?? q.exam_board} />
        <Row label="Ano" value={String(q.exam_year)} />
        <Row
          label="Disciplina"
          value={q.discipline_source === 'prediction' ? `${q.discipline_name} (classificação automática)` : q.discipline_name}
          testId="detalhe-disciplina"
        />
        <Row
          label="Assuntos"
          value={
            q.topics.length
              ? q.topics.map((t) => (q.predicted_topic_ids.includes(t.id) ? `${t.name} (classificação automática)` : t.name)).join(', ')
              : 'Não informado'
          }
          testId="detalhe-assuntos"
        />
        <Row label="Dificuldade" value={q.difficulty_level ? difficultyLabel(q.difficulty_level) : 'Sem classificação na prova'} />
        <Row label="Anulada" value={yesNo(q.is_annulled)} testId="detalhe-anulada" />
        <Row
          label="Análise do professor"
          value={q.explanation_source === 'professor' ? 'Disponível' : 'Não disponível'}
          testId="detalhe-analise"
        />
        {q.explanation_source === 'import' ? <Row label="Comentário da prova" value="Disponível" testId="detalhe-comentario" /> : null}
        <Row label="Vídeo" value={q.has_video ? 'Disponível' : 'Não disponível'} />
        <Row label="Importada em" value={formatDate(q.imported_at)} testId="detalhe-importada" />
        <Row label="Atualizada em" value={formatDate(q.updated_at)} />
        <Row
          label="Link permanente"
          value={
            <Link
              to={data.permalink}
              className="break-all font-semibold text-brand-700 underline dark:text-brand-300"
              data-testid="link-permanente"
            >
              {`${data.origin}${data.permalink}`}
            </Link>
          }
        />
        {data.badgesLink ? (
          <Row
            label="Selos de desatualizada"
            value={
              <Link to={data.badgesLink} className="font-semibold text-brand-700 underline dark:text-brand-300">
                Confirmar ou tirar (equipe)
              </Link>
            }
          />
        ) : null}
      </dl>

      <section aria-labelledby="detalhes-tentativas" className="mt-5">
        <h3 id="detalhes-tentativas" className="font-semibold">
          Tentativas
        </h3>
        {a.failed ? (
          <p role="alert" className="field-error mt-2">
            {a.failed}
          </p>
        ) : (
          <dl className="mt-2 text-sm sm:text-base">
            <Row
              label="Todos os alunos"
              value={
                a.totalAttempts ? `${a.totalAttempts} (${a.correctAttempts} acertos, ${a.accuracy}%)` : 'Nenhuma estatística disponível.'
              }
            />
            <Row label="Tempo médio" value={formatSeconds(a.averageTime)} />
            <Row label="Dificuldade pelas respostas" value={difficultyLabel(a.answered)} />
            <Row
              label="Você"
              value={
                a.userAttempts
                  ? `${a.userAttempts} ${a.userAttempts === 1 ? 'tentativa' : 'tentativas'}, ${a.userCorrect} ${a.userCorrect === 1 ? 'acerto' : 'acertos'}`
                  : 'Nenhuma tentativa ainda'
              }
            />
            <Row label="Sua última tentativa" value={formatDateTime(a.lastAttempt, '—')} />
          </dl>
        )}
      </section>

      <section aria-labelledby="detalhes-interacoes" className="mt-5">
        <h3 id="detalhes-interacoes" className="font-semibold">
          Suas interações
        </h3>
        {i ? (
          <dl className="mt-2 text-sm sm:text-base">
            <Row label="Anotações" value={String(i.notesCount)} />
            <Row label="Cadernos" value={String(i.notebooksCount)} />
            <Row label="Tópicos no fórum" value={String(i.forumTopicsCount)} />
            <Row label="Vídeo assistido" value={i.hasVideos ? yesNo(i.videoWatched) : '—'} />
          </dl>
        ) : (
          <p role="alert" className="field-error mt-2">
            {data.interactionsFailed}
          </p>
        )}
      </section>
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
