import { Link } from '@remix-run/react'

/**
 * The one ad slot of plans with ads (policy `features.ads`: the plan has ads and the admin
 * toggle is on): our own promotion of a paid plan, plain markup, no third-party script.
 */
export function HouseAd({ className = '' }: { className?: string }) {
  return (
    <aside
      aria-label="Anúncio do Gabarita"
      data-testid="house-ad"
      className={`flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300 ${className}`}
    >
      <p className="min-w-0 flex-1">
        <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Anúncio</span>
        Questões ilimitadas, assistente de estudos, discussões e nenhum anúncio: conheça o plano Premium.
      </p>
      <Link
        to="/trocar-plano?plano=PREMIUM"
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-300"
      >
        Conhecer o Premium
      </Link>
    </aside>
  )
}
