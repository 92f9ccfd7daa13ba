import { Link } from '@remix-run/react'

/** Numbered pages around the current one, with the first and last always shown. */
function pageWindow(page: number, total: number) {
  const pages = new Set([1, total, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= total))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap')
    out.push(p)
  })
  return out
}

/**
 * Hidden at one page; every link keeps the filters (hrefFor builds the full URL).
 * Numbers on wide screens, 'N de M' on small ones. A page change is a navigation,
 * so the page scrolls to the top.
 */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null
  const linkClass = 'btn-secondary min-w-11 px-3'
  return (
    <nav aria-label="Paginação" className="mt-6 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev" onClick={scrollTop}>
          <span className="ic ic-prev" aria-hidden /> Anterior
        </Link>
      ) : null}
      <span className="text-sm font-medium sm:hidden" data-testid="pagina-atual">
        {page} de {totalPages}
      </span>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className="btn min-w-11 bg-brand-600 px-3 text-white">
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className={linkClass} aria-label={`Página ${p}`} onClick={scrollTop}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next" onClick={scrollTop}>
          Próxima <span className="ic ic-next" aria-hidden />
        </Link>
      ) : null}
    </nav>
  )
}

function scrollTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' })
}
