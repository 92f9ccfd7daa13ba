import type { ComponentType } from 'react'
import { lazy } from 'react'

// A part of a page whose code comes in a chunk of its own. A chunk that does not arrive (the
// signal dropped, or a deploy replaced the files under an open tab) used to take the whole page to
// its error boundary; now only that part gives way, and the rest keeps working (ADR 064).

/** Says so where the part would be: a plain link loads the page, and its files, again. */
export function PartNotLoaded() {
  return (
    <p role="status" className="mt-2 text-sm">
      Esta parte da página não carregou (sem conexão?).{' '}
      {/* Rendered only in the browser, after a chunk failed: the page's own address, without a #fragment (which would only scroll). */}
      <a href={`${location.pathname}${location.search}`} className="font-semibold underline">
        Recarregar a página
      </a>
    </p>
  )
}

const Nothing = () => null

/**
 * React.lazy whose chunk, if it never arrives, renders `failed` in its place (PartNotLoaded; or
 * nothing, for an enhancement the page works without). Only the import is caught: an error in
 * the part itself still goes to the page's boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>, failed: 'say' | 'nothing' = 'say') {
  return lazy(() => load().catch(() => ({ default: (failed === 'say' ? PartNotLoaded : Nothing) as unknown as C })))
}
