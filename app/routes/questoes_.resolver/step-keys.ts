import { useNavigate } from '@remix-run/react'
import { useEffect } from 'react'

import { forThePage } from '~/question/keyboard'

/**
 * J/K on the one-question-at-a-time page (/questoes/resolver): the next and the previous
 * question, following its Próxima/Anterior links; and 1 (Anki's "Errei") goes on after a wrong answer.
 */
export function useStepKeys(prevHref: string | null | undefined, nextHref: string | null | undefined, oneHref: string | null = null) {
  const navigate = useNavigate()
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!forThePage(event)) return
      const key = event.key.toLowerCase()
      const href = key === 'j' ? nextHref : key === 'k' ? prevHref : key === '1' ? oneHref : null
      if (!href) return
      event.preventDefault()
      navigate(href)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [prevHref, nextHref, oneHref, navigate])
}
