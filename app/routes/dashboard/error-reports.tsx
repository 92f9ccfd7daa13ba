import { Link } from '@remix-run/react'

import type { MyErrorReportJson } from '#server/features/error-reports/contract'

/** 'Erros que você reportou': each report's status and the team's answer (GET /error-reports/mine). */
export function MyErrorReports({ reports }: { reports: (MyErrorReportJson & { when: string })[] }) {
  return (
    <section aria-labelledby="meus-relatos">
      <h2 id="meus-relatos" className="text-lg font-semibold">
        Erros que você reportou
      </h2>
      {reports.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Você ainda não reportou erros. Achou algum numa questão? Use “Reportar erro” no cartão dela.
        </p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {reports.map((report) => (
          <li key={report.id} className="card p-4" data-testid="relato-erro">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold dark:bg-slate-800">{report.status_label}</span>
              <Link
                to={`/questoes?${new URLSearchParams({ q: report.question.short_id })}#questao-${report.question.id}`}
                className="underline"
              >
                {`Questão #${report.question.short_id} · ${report.question.discipline}`}
              </Link>
              <span className="text-slate-600 dark:text-slate-400">{report.when}</span>
            </div>
            <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">{report.message}</p>
            {report.answer ? (
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">
                <span className="font-semibold">Resposta da equipe: </span>
                {report.answer}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
