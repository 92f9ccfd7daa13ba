import { Link, useLocation } from '@remix-run/react'

/**
 * 'Anterior · N de M · Próxima' under an admin list; hidden at one page. The links keep the
 * page's other query parameters (its filters, another list's page), so it works as a plain GET.
 */
export function AdminPager({ param = 'pagina', page, total, perPage }: { param?: string; page: number; total: number; perPage: number }) {
  const search = useLocation().search
  const last = Math.max(1, Math.ceil(total / perPage))
  if (last === 1) return null
  const href = (p: number) => {
    const next = new URLSearchParams(search)
    if (p > 1) next.set(param, String(p))
    else next.delete(param)
    return `?${next}`
  }
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary">
          Anterior
        </Link>
      ) : null}
      <span>{`${page} de ${last}`}</span>
      {page < last ? (
        <Link to={href(page + 1)} className="btn-secondary">
          Próxima
        </Link>
      ) : null}
    </nav>
  )
}
