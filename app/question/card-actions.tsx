import { Link, useNavigate } from '@remix-run/react'
import type { AnchorHTMLAttributes, RefObject } from 'react'
import { useEffect } from 'react'

import type { CardView } from './answer-parts'

/**
 * One tool of a question card (spec section 2: Análise, Anotação, Fichário, Desempenho,
 * Discussões, Vídeo): a nested route over the list, `/questoes/{id}/<tool>` with the list's
 * search kept, a dialog with JS and a page without. Every tool needs a login: a visitor sees
 * them locked and goes through /login and back (`data-login-modal` opens the login dialog
 * with JS). A new tool adds one entry here, once its route exists, and its icon in
 * questions.css (`.qtg a[href*="/<tool>"]`).
 */
export type CardTool = {
  /** The route segment under /questoes/{id}/. */
  tool: string
  label: string | ((question: CardView) => string)
}

export const CARD_TOOLS: CardTool[] = [
  { tool: 'analise', label: 'Análise' },
  { tool: 'anotacoes', label: 'Anotação' },
  { tool: 'cadernos', label: 'Fichário' },
  { tool: 'desempenho', label: 'Desempenho' },
  { tool: 'discussoes', label: (q) => `Discussões (${q.forum})` },
  // In the 'Mais' menu (ROW_TOOLS before them are the card's row):
  { tool: 'video', label: 'Vídeo' },
  { tool: 'detalhes', label: 'Detalhes' },
]
const ROW_TOOLS = 5

/**
 * How a card links (issue 66): the card that discovers the routes keeps Remix's links, which ask
 * for them ahead; past it, with `plainLinks`, plain anchors the list opens in the page (useListLinks).
 */
export const cardLinks = (discoverRoutes: boolean, plainLinks: boolean) => ({
  plain: plainLinks && !discoverRoutes,
  discover: discoverRoutes ? ('render' as const) : ('none' as const),
})

/** One of a card's links, as `cardLinks` says: a plain anchor, or Remix's. */
export function CardLink({
  to,
  plain,
  discover,
  preventScrollReset,
  children,
  ...anchor
}: { to: string; plain: boolean; discover: 'render' | 'none'; preventScrollReset?: boolean } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href'
>) {
  return plain ? (
    <a href={to} {...anchor}>
      {children}
    </a>
  ) : (
    <Link to={to} discover={discover} preventScrollReset={preventScrollReset} {...anchor}>
      {children}
    </Link>
  )
}

/** The card's link to a tool, focused again when the tool's dialog closes (RouteDialog's focusOnClose). */
export const toolLinkSelector = (questionId: number, tool: string) => `#questao-${questionId} a[href^="/questoes/${questionId}/${tool}"]`

export function CardActions({
  question,
  loggedIn,
  currentUrl,
  listSearch,
  discoverRoutes,
  plainLinks = false,
}: {
  question: CardView
  loggedIn: boolean
  currentUrl: string
  /** The list behind the tools (default: the current URL's search); the notebook page passes `?caderno=<id>`. */
  listSearch?: string
  /** See QuestionCard's discoverRoutes. */
  discoverRoutes: boolean
  /** See QuestionCard's plainLinks: plain anchors the list opens in the page (useListLinks). */
  plainLinks?: boolean
}) {
  const search = listSearch ?? new URL(currentUrl, 'http://local').search
  const { plain, discover } = cardLinks(discoverRoutes, plainLinks)
  const reportHref = `/questoes/${question.id}/reportar?${new URLSearchParams({ voltar: currentUrl })}`
  // Icons are CSS masks picked by the link's tool (questions.css): 140 links per page, no inline
  // SVG and no class on each. On a phone the row shows icons only, their names read out (issue
  // 27: the tools took 200 px of a card); 'Mais' is a <details>, a menu without JS. A visitor's
  // tools are locked (.ql: the lock icon; with JS the login dialog, data-login-modal); their
  // loaders send a visitor to /login and back. 'Reportar erro' needs no login.
  const links = (tools: CardTool[]) => (
    <span className={loggedIn ? 'qtl' : 'qtl ql'} data-login-modal={loggedIn ? undefined : ''}>
      {tools.map((entry) => {
        const href = `/questoes/${question.id}/${entry.tool}${search}`
        const label = typeof entry.label === 'string' ? entry.label : entry.label(question)
        // A visitor's are plain: the login dialog takes them, or /login without JS.
        return (
          <CardLink key={entry.tool} to={href} plain={plain || !loggedIn} discover={discover} preventScrollReset>
            {label}
          </CardLink>
        )
      })}
    </span>
  )
  return (
    <div className="qtg" role="group" aria-label="Ferramentas da questão">
      {links(CARD_TOOLS.slice(0, ROW_TOOLS))}
      <details className="qmo">
        <summary>Mais</summary>
        <div>
          {links(CARD_TOOLS.slice(ROW_TOOLS))}
          <CardLink to={reportHref} plain={plain} discover={discover} className="qrep">
            Reportar erro
          </CardLink>
        </div>
      </details>
    </div>
  )
}

/**
 * One click listener for a list's card links (a signed-in student's tools, 'Reportar erro'): each
 * opens in the page as a Remix link would (a tool's dialog over the list keeps the scroll;
 * 'Reportar erro' is a page). 140 links hydrated as Remix's <Link>s were a large part of a 20-card
 * list's hydration (issue 66). Found by the row's classes, no attribute on each (the HTML budget).
 * A visitor's locked tools (.ql) are the login dialog's, and so are its cards' 'Responder' and 'Ver
 * Resposta' (.lk, to /login) once the dialog is there (it takes the click first); a modified click
 * (new tab) is the browser's.
 */
export function useListLinks(list: RefObject<HTMLElement>) {
  const navigate = useNavigate()
  useEffect(() => {
    const element = list.current
    if (!element) return
    const open = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('.qtl:not(.ql) a[href], a.qrep[href], a.lk[href]')
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
      event.preventDefault()
      navigate(link.getAttribute('href')!, { preventScrollReset: !link.matches('.qrep, .lk') })
    }
    element.addEventListener('click', open)
    return () => element.removeEventListener('click', open)
  }, [list, navigate])
}
