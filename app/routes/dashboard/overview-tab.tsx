import { Link } from '@remix-run/react'
import { BookOpenCheck, CheckCircle2, FolderPlus, MessagesSquare, NotebookPen, Trophy, UserPen, XCircle } from 'lucide-react'

import type { ActivityItem, ActivityQuestion } from '#server/features/me/contract'
import { tabHref } from '~/dashboard/tabs'

import type { ReviewCardStats } from './review-card'
import { ReviewCard } from './review-card'

// Visão geral: the Revisões card (issue 30), the student's recent activity (answers, notes, notebooks, forum posts; newest
// first) and the quick actions the spec names.

const QUICK_ACTIONS = [
  { to: '/questoes', label: 'Praticar questões', text: 'Questões no formato do Exame de Ordem, com filtros.', Icon: BookOpenCheck },
  { to: `${tabHref('cadernos')}#novo-caderno`, label: 'Criar caderno', text: 'Junte questões para revisar depois.', Icon: FolderPlus },
  { to: '/editar-perfil', label: 'Editar perfil', text: 'Seus dados, mascote e senha.', Icon: UserPen },
  { to: '/ranking', label: 'Ver ranking', text: 'Os 20 alunos com mais acertos na semana.', Icon: Trophy },
]

export function OverviewTab({
  activity,
  review,
  isAdmin,
  isProfessor,
}: {
  /** With its time as the page shows it (`when`, written by the loader). */
  activity: (ActivityItem & { when: string })[]
  review: ReviewCardStats
  isAdmin: boolean
  isProfessor: boolean
}) {
  return (
    <div className="space-y-8">
      {/* First: what is due today is the day's first task (issue 30). */}
      <ReviewCard stats={review} />
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="atividade-titulo">
          <h2 id="atividade-titulo" className="text-lg font-semibold">
            Atividade recente
          </h2>
          {activity.length === 0 ? (
            <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="text-slate-600 dark:text-slate-300">Nenhuma atividade ainda.</p>
              <Link to="/questoes" className="btn-primary mt-4">
                Responder a primeira questão
              </Link>
            </div>
          ) : (
            <ol className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {activity.map((item, i) => (
                <li key={`${item.kind}-${item.at}-${i}`} className="flex items-start gap-3 p-3" data-testid="atividade">
                  <ActivityIcon item={item} />
                  <div className="min-w-0 flex-1">
                    <p className="[overflow-wrap:anywhere]">
                      <ActivityText item={item} />
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      <time dateTime={item.at}>{item.when}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="acoes-titulo">
          <h2 id="acoes-titulo" className="text-lg font-semibold">
            Ações rápidas
          </h2>
          <ul className="mt-4 grid gap-3">
            {QUICK_ACTIONS.map(({ to, label, text, Icon }) => (
              <li key={to}>
                <Link to={to} className="card flex h-full items-start gap-3 p-4 hover:border-brand-400">
                  <Icon className="h-6 w-6 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
                  <span>
                    <span className="block font-semibold">{label}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-300">{text}</span>
                  </span>
                </Link>
              </li>
            ))}
            {isProfessor && !isAdmin ? (
              <li>
                <Link to="/professor" className="card flex h-full items-start gap-3 p-4 hover:border-brand-400">
                  <span>
                    <span className="block font-semibold">Mesa do professor</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-300">As questões que esperam uma análise.</span>
                  </span>
                </Link>
              </li>
            ) : null}
            {isAdmin ? (
              <li>
                <Link to="/admin" className="card flex h-full items-start gap-3 p-4 hover:border-brand-400">
                  <span className="block font-semibold">Painel Administrativo</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
    </div>
  )
}

// A question named as a student knows it: its discipline and first words (issue 27), not a code.
const questionLabel = (q: ActivityQuestion) => `${q.discipline}: “${q.excerpt}”`

function ActivityText({ item }: { item: ActivityItem }) {
  switch (item.kind) {
    case 'answer':
      return (
        <>
          {'Respondeu '}
          <Link to={`/questoes/${item.question.id}`} className="underline">
            {questionLabel(item.question)}
          </Link>
          {item.correct ? ' — acertou' : ' — errou'}
        </>
      )
    case 'note':
      return (
        <>
          {'Fez uma anotação em '}
          <Link to={`/questoes/${item.question.id}`} className="underline">
            {questionLabel(item.question)}
          </Link>
        </>
      )
    case 'notebook':
      return (
        <>
          {'Criou o caderno '}
          <Link to={`/notebook/${item.notebook.id}/questions`} className="underline">
            {`“${item.notebook.name}”`}
          </Link>
        </>
      )
    default:
      return (
        <>
          {item.kind === 'topic' ? 'Abriu a discussão ' : 'Respondeu na discussão '}
          <Link to={`/questoes/${item.question.id}/discussoes`} className="underline">
            {`“${item.title}”`}
          </Link>
          {` · ${questionLabel(item.question)}`}
        </>
      )
  }
}

function ActivityIcon({ item }: { item: ActivityItem }) {
  const className = 'mt-0.5 h-5 w-5 shrink-0'
  if (item.kind === 'answer')
    return item.correct ? (
      <CheckCircle2 className={`${className} text-green-700 dark:text-green-400`} aria-hidden />
    ) : (
      <XCircle className={`${className} text-red-700 dark:text-red-400`} aria-hidden />
    )
  if (item.kind === 'notebook') return <FolderPlus className={`${className} text-brand-600 dark:text-brand-300`} aria-hidden />
  if (item.kind === 'note') return <NotebookPen className={`${className} text-brand-600 dark:text-brand-300`} aria-hidden />
  return <MessagesSquare className={`${className} text-brand-600 dark:text-brand-300`} aria-hidden />
}
