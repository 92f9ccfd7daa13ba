import { Link } from '@remix-run/react'

import type { ShownVersion } from '~/root.server'

export function Footer({ version }: { version: ShownVersion }) {
  return (
    <footer className="mt-16 border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="container-page flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-800 dark:text-slate-200">Gabarita</p>
          <p>Sua aprovação é nossa meta</p>
        </div>
        <nav aria-label="Rodapé" className="flex gap-2">
          <Link to="/contato" className="inline-flex min-h-11 items-center px-2 hover:underline">
            Contato
          </Link>
          <Link to="/termos" className="inline-flex min-h-11 items-center px-2 hover:underline">
            Termos e Privacidade
          </Link>
        </nav>
        <p className="text-xs" data-testid="version-info">
          v{version.version} · commit <span className="font-mono">{version.commit}</span> · build {version.buildDate}
        </p>
      </div>
    </footer>
  )
}
