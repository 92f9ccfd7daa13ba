import type { ShownVersion } from '~/root.server'

/** The build behind the page: three clicks on the logo show it (app/components/header.tsx). */
export default function VersionPanel({ version }: { version: ShownVersion }) {
  return (
    <div
      role="dialog"
      aria-label="Versão do Gabarita"
      className="fixed right-4 top-20 z-50 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="font-semibold">Gabarita v{version.version}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-600 dark:text-slate-300">
        <dt>Commit</dt>
        <dd className="font-mono">{version.commit}</dd>
        <dt>Branch</dt>
        <dd className="font-mono">{version.branch}</dd>
        <dt>Build</dt>
        <dd>{version.buildDate}</dd>
        <dt>Commit em</dt>
        <dd>{version.commitDate}</dd>
      </dl>
    </div>
  )
}
