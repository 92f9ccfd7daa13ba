import { useNavigate } from '@remix-run/react'
import { useEffect } from 'react'

import { TYPING } from '~/question/keyboard'

/**
 * J/K on the one-question-at-a-time page (/questoes/resolver): the next and the previous
 * question, following its Próxima/Anterior links; never while typing in a field or in a dialog.
 */
export function useStepKeys(prevHref: string | null | undefined, nextHref: string | null | undefined) {
  const navigate = useNavigate()
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target as HTMLElement
      if (target.closest(TYPING) || target.closest('dialog[open]')) return
      const key = event.key.toLowerCase()
      const href = key === 'j' ? nextHref : key === 'k' ? prevHref : null
      if (!href) return
      event.preventDefault()
      navigate(href)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [prevHref, nextHref, navigate])
}
