import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Trophy } from 'lucide-react'

import { call } from '#server/client/call'
import { rankingApi } from '#server/features/ranking/contract'
import { Avatar } from '~/components/avatar'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formatCalendarDay } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// /ranking (issue 14): the week's 20 students with the most right answers, first name and
// initial only; the student's own place even outside the 20; opting out is in the dashboard's
// Configurações tab. A plain GET page: the same with or without JavaScript.

export const meta: MetaFunction = () => [{ title: 'Ranking semanal — Gabarita' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const ranking = await withSession(request, () => call(api, rankingApi.get))
  return json({ weekStart: ranking.week_start, entries: ranking.entries, me: ranking.me, optedOut: ranking.opted_out })
}

const hits = (n: number) => (n === 1 ? '1 acerto' : `${n} acertos`)

export default function RankingPage() {
  const { weekStart, entries, me, optedOut } = useLoaderData<typeof loader>()
  const inTop = entries.some((e) => e.is_me)
  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm">
        <Link to="/dashboard" className="font-semibold text-brand-700 underline dark:text-brand-300">
          Meu painel
        </Link>
        {' / Ranking'}
      </p>
      <h1 className="mt-2 flex items-center gap-3 text-2xl font-bold sm:text-3xl">
        <Trophy className="h-7 w-7 text-amber-500" aria-hidden />
        Ranking da semana
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {`Semana de ${formatCalendarDay(weekStart)}: os 20 alunos com mais questões acertadas desde segunda-feira. Cada questão conta uma vez.`}
      </p>

      {optedOut ? (
        <p className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="ranking-situacao">
          Você optou por não aparecer no ranking.{' '}
          <Link to="/dashboard?aba=configuracoes" className="font-semibold underline">
            Mudar nas configurações
          </Link>
        </p>
      ) : me && !inTop ? (
        <p className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="ranking-situacao">
          {`Sua posição: ${me.position}º, com ${hits(me.correct)}.`}
        </p>
      ) : null}

      {entries.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="text-slate-600 dark:text-slate-300">Ainda não há acertos nesta semana. Responda questões para aparecer aqui.</p>
          <Link to="/questoes" className="btn-primary mt-4">
            Praticar questões
          </Link>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {entries.map((e) => (
            <li
              key={e.position}
              className={`flex items-center gap-3 p-3 ${e.is_me ? 'bg-brand-50 dark:bg-brand-950' : ''}`}
              aria-current={e.is_me ? 'true' : undefined}
              data-testid="ranking-linha"
            >
              <span className="w-10 text-right text-lg font-bold tabular-nums">{`${e.position}º`}</span>
              <Avatar name={e.name} mascot={e.mascot} avatarUrl={null} />
              <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
                {e.name}
                {e.is_me ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">(você)</span> : null}
              </span>
              <span className="tabular-nums">{hits(e.correct)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
