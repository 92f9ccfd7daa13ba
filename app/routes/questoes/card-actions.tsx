import { Link } from '@remix-run/react'

import type { Icon } from '~/components/icons'

import type { CardView } from './question-card'

type IconName = React.ComponentProps<typeof Icon>['name']

/**
 * One tool of a question card (spec section 2: Análise, Anotação, Fichário, Desempenho,
 * Discussões, Vídeo): a nested route over the list, `/questoes/{id}/<tool>` with the list's
 * search kept, a dialog with JS and a page without. A tool that needs a login shows the lock
 * to a visitor and goes through /login and back (`data-login-modal` opens the login dialog
 * with JS). A new tool adds one entry here, once its route exists.
 */
export type CardTool = {
  /** The route segment under /questoes/{id}/. */
  tool: string
  label: string | ((question: CardView) => string)
  icon: IconName
  requiresLogin: boolean
}

export const CARD_TOOLS: CardTool[] = [
  { tool: 'analise', label: 'Análise', icon: 'book', requiresLogin: true },
  { tool: 'anotacoes', label: 'Anotação', icon: 'note', requiresLogin: true },
  { tool: 'cadernos', label: 'Fichário', icon: 'notebook', requiresLogin: true },
  { tool: 'desempenho', label: 'Desempenho', icon: 'chart', requiresLogin: true },
  { tool: 'discussoes', label: (q) => `Discussões (${q.forum})`, icon: 'message', requiresLogin: true },
  { tool: 'video', label: 'Vídeo', icon: 'video', requiresLogin: true },
  { tool: 'detalhes', label: 'Detalhes', icon: 'info', requiresLogin: true },
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
  return (
    <div className="qx" role="group" aria-label="Ferramentas da questão">
      {CARD_TOOLS.map((entry) => {
        const href = `/questoes/${question.id}/${entry.tool}${search}`
        const label = typeof entry.label === 'string' ? entry.label : entry.label(question)
        // Icons are CSS masks (.qtb/.qtl in questions.css): 140 links per page, no inline SVG.
        // A visitor's link is the tool itself: its loader sends them to /login and back, and
        // with JS the login dialog opens over the list with the tool as its redirectTo.
        return !entry.requiresLogin || loggedIn ? (
          <Link
            key={entry.tool}
            to={href}
            preventScrollReset
            discover={discoverRoutes ? 'render' : 'none'}
            className={`qtb i-${entry.icon}`}
          >
            {label}
          </Link>
        ) : (
          <a key={entry.tool} href={href} className="qtl" data-login-modal="">
            {label}
          </a>
        )
      })}
    </div>
  )
}
