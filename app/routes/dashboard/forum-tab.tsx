import { Link } from '@remix-run/react'

import type { MyErrorReportJson } from '#server/features/error-reports/contract'
import type { ForumCounts, ForumParticipation } from '#server/features/me/contract'

import { MyErrorReports } from './error-reports'

// Fórum: the student's participations (created, replied, voted) with counts, and the error
// reports they sent with their status and the team's answer.

const TYPE_LABELS: Record<ForumParticipation['type'], string> = { created: 'Criou', replied: 'Respondeu', voted: 'Votou' }
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

export function ForumTab({
  counts,
  participations,
  errorReports,
}: {
  counts: ForumCounts
  participations: (ForumParticipation & { when: string })[]
  errorReports: (MyErrorReportJson & { when: string })[]
}) {
  const figures = [
    { label: 'Tópicos criados', value: counts.created },
    { label: 'Respostas', value: counts.replied },
    { label: 'Votos', value: counts.voted },
  ]
  return (
    <div className="space-y-10">
      <section aria-labelledby="forum-titulo">
        <h2 id="forum-titulo" className="text-lg font-semibold">
          Sua participação no fórum
        </h2>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
          {figures.map((f) => (
            <div key={f.label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{f.label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`forum-${f.label}`}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        {participations.length === 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-300">Nenhuma participação no fórum ainda</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {participations.map((p) => (
              <li key={`${p.type}-${p.topicId}`} className="card p-4" data-testid="participacao">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                    {TYPE_LABELS[p.type]}
                  </span>
                  <time dateTime={p.lastActivity}>{p.when}</time>
                </p>
                <p className="mt-2 font-semibold [overflow-wrap:anywhere]">
                  <Link to={`/questoes/${p.question.id}/discussoes`} className="underline">
                    {p.topicTitle}
                  </Link>
                </p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {`Questão #${p.question.code} · ${p.question.discipline} · ${plural(p.upvotes, 'voto positivo', 'votos positivos')} · ${plural(p.downvotes, 'voto negativo', 'votos negativos')} · ${plural(p.replies, 'resposta', 'respostas')}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <MyErrorReports reports={errorReports} />
    </div>
  )
}
