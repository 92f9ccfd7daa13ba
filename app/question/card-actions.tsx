import { Link } from '@remix-run/react'

import type { CardView } from './question-card'

/**
 * One tool of a question card (spec section 2: Análise, Anotação, Fichário, Desempenho,
 * Discussões, Vídeo): a nested route over the list, `/questoes/{id}/<tool>` with the list's
 * search kept, a dialog with JS and a page without. Every tool needs a login: a visitor sees
 * them locked and goes through /login and back (`data-login-modal` opens the login dialog
 * with JS). A new tool adds one entry here, once its route exists, and its icon in
 * questions.css (`.qtg > a:nth-child(n)`: icons go by position, in this order).
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
  { tool: 'video', label: 'Vídeo' },
  { tool: 'detalhes', label: 'Detalhes' },
]

/** The card's link to a tool, focused again when the tool's dialog closes (RouteDialog's focusOnClose). */
export const toolLinkSelector = (questionId: number, tool: string) => `#questao-${questionId} a[href^="/questoes/${questionId}/${tool}"]`

export function CardActions({
  question,
  loggedIn,
  currentUrl,
  listSearch,
  discoverRoutes,
}: {
  question: CardView
  loggedIn: boolean
  currentUrl: string
  /** The list behind the tools (default: the current URL's search); the notebook page passes `?caderno=<id>`. */
  listSearch?: string
  /** See QuestionCard's discoverRoutes. */
  discoverRoutes: boolean
}) {
  const search = listSearch ?? new URL(currentUrl, 'http://local').search
  // Icons are CSS masks picked by position (.qtg in questions.css): 140 links per page, no inline
  // SVG and no class on each. A visitor's group is locked (.ql: the lock icon; with JS the login
  // dialog, data-login-modal); its links are the tools themselves, whose loaders send a visitor
  // to /login and back.
  return (
    <div
      className={loggedIn ? 'qx qtg' : 'qx qtg ql'}
      role="group"
      aria-label="Ferramentas da questão"
      data-login-modal={loggedIn ? undefined : ''}
    >
      {CARD_TOOLS.map((entry) => {
        const href = `/questoes/${question.id}/${entry.tool}${search}`
        const label = typeof entry.label === 'string' ? entry.label : entry.label(question)
        return loggedIn ? (
          <Link key={entry.tool} to={href} preventScrollReset discover={discoverRoutes ? 'render' : 'none'}>
            {label}
          </Link>
        ) : (
          <a key={entry.tool} href={href}>
            {label}
          </a>
        )
      })}
    </div>
  )
}
