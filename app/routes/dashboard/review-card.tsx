import { Link } from '@remix-run/react'

import type { ReviewStatsJson } from '#server/features/review/contract'
import { tabHref } from '~/dashboard/tabs'
import { percent, ReviewForecast } from '~/review/forecast'

// Visão geral's Revisões card (issue 30), from GET /review/stats: what is due today and the way
// to it, the week ahead, today's reviews, and the retention measured against the target.

export type ReviewCardStats = Pick<
  ReviewStatsJson,
  'cards' | 'due_now' | 'due_today' | 'done_today' | 'remaining_today' | 'forecast' | 'retention' | 'settings'
>

export function ReviewCard({ stats }: { stats: ReviewCardStats }) {
  const { retention } = stats
  const limitReached = stats.remaining_today === 0 && stats.due_now > 0
  return (
    <section aria-labelledby="revisoes-titulo" className="card space-y-4" data-testid="revisoes">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="revisoes-titulo" className="text-lg font-semibold">
          Revisões
        </h2>
        <Link to="/plano-de-estudos" className="inline-flex min-h-11 items-center text-sm font-semibold underline">
          Plano de estudos
        </Link>
      </div>
      {stats.cards === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          Cada questão que você responde entra na revisão, marcada para voltar antes de você esquecê-la.{' '}
          <Link to="/questoes" className="font-semibold underline">
            Responder questões
          </Link>
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Para revisar hoje</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid="revisoes-hoje">
                {stats.due_today}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Feitas hoje</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid="revisoes-feitas">
                {stats.done_today}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-300">{` de ${stats.settings.daily_limit} por dia`}</span>
              </dd>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-sm text-slate-600 dark:text-slate-300">Retenção em 30 dias</dt>
              <dd data-testid="revisoes-retencao">
                {retention.measured === null ? (
                  <span className="text-slate-600 dark:text-slate-300">ainda sem revisões para medir</span>
                ) : (
                  <>
                    <span className="text-2xl font-bold tabular-nums">{percent(retention.measured)}</span>
                    <span className="text-sm text-slate-600 dark:text-slate-300">{` em ${retention.reviews} ${retention.reviews === 1 ? 'revisão' : 'revisões'}`}</span>
                  </>
                )}
                <span className="block text-sm text-slate-600 dark:text-slate-300">{`meta: ${percent(retention.target)}`}</span>
              </dd>
            </div>
          </dl>
          {limitReached ? (
            <p className="text-sm">
              {`Você chegou ao limite de ${stats.settings.daily_limit} revisões por dia. `}
              <Link to={`${tabHref('configuracoes')}#config-revisao`} className="font-semibold underline">
                Mudar o limite
              </Link>
            </p>
          ) : null}
          {stats.due_today > 0 ? (
            <Link to="/revisao" className="btn-primary">
              Revisar agora
            </Link>
          ) : (
            <p className="text-slate-600 dark:text-slate-300">
              {'Nada para revisar hoje. '}
              <Link to="/revisao" className="font-semibold underline">
                Abrir a revisão
              </Link>
            </p>
          )}
          <ReviewForecast forecast={stats.forecast} id="revisoes-previsao" />
        </>
      )}
    </section>
  )
}
