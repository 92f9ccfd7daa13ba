import { useNavigate } from '@remix-run/react'
import type { RefObject } from 'react'
import { useEffect } from 'react'

import { TYPING } from '~/question/keyboard'

/** A key press the page may take: not while typing in a field or in a dialog, nor with a modifier. */
function forThePage(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.target as HTMLElement
  return !target.closest(TYPING) && !target.closest('dialog[open]')
}

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

/** 2, 3 and 4 press Difícil, Bom and Fácil (the buttons' aria-keyshortcuts) inside this form. */
export function useRatingKeys(form: RefObject<HTMLFormElement>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!forThePage(event) || !/^[234]$/.test(event.key)) return
      const button = form.current?.querySelector<HTMLButtonElement>(`button[aria-keyshortcuts="${event.key}"]`)
      if (!button || button.disabled) return
      event.preventDefault()
      button.click()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [form])
}
