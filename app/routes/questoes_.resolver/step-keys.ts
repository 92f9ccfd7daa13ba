import { useNavigate } from '@remix-run/react'
import { useEffect } from 'react'

import { forThePage } from '~/question/keyboard'

/**
 * Modo resolução's keys (/questoes/resolver, and so Revisão): J/K the next and the previous
 * question, following its Próxima/Anterior links; 1 (Anki's "Errei") goes on after a wrong answer;
 * and while the question is open (`formId`, its answer form), A–E choose an alternative and Enter
 * answers, as on the list (app/question/card-shortcuts.tsx).
 */
export function useStepKeys(
  prevHref: string | null | undefined,
  nextHref: string | null | undefined,
  oneHref: string | null = null,
  formId: string | null = null,
) {
  const navigate = useNavigate()
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!forThePage(event)) return
      const key = event.key.toLowerCase()
      const form = formId ? document.getElementById(formId) : null
      if (form && /^[a-e]$/.test(key)) {
        const radio = form.querySelector<HTMLInputElement>(`input[type=radio][value="${key.toUpperCase()}"]`)
        if (!radio) return
        event.preventDefault()
        radio.click()
        radio.focus()
        return
      }
      // Enter on a link or a button is theirs; anywhere else, with a choice made, it answers.
      if (form && key === 'enter') {
        const answer = document.querySelector<HTMLButtonElement>(`button[form="${formId}"]`)
        if (!answer || !form.querySelector('input[type=radio]:checked') || (event.target as HTMLElement).closest('a, button, summary'))
          return
        event.preventDefault()
        answer.click()
        return
      }
      const href = key === 'j' ? nextHref : key === 'k' ? prevHref : key === '1' ? oneHref : null
      if (!href) return
      event.preventDefault()
      navigate(href)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [prevHref, nextHref, oneHref, formId, navigate])
}
