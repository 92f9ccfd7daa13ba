import { useEffect, useRef } from 'react'

/** The `.md-open` breakpoint (tailwind.css): the spec's 768 px mobile breakpoint. */
export const WIDE_QUERY = '(min-width: 768px)'

/**
 * For a <details> folded on phones that CSS shows open from 768 px (`.md-open`): with JS
 * its open state follows the layout too, so assistive tech agrees with what is shown.
 */
export function useOpenOnWide() {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (ref.current && window.matchMedia(WIDE_QUERY).matches) ref.current.open = true
  }, [])
  return ref
}

/** After a client-side navigation from inside a phone-folded <details>, fold it again. */
export function foldOnNarrow(element: Element) {
  if (!window.matchMedia(WIDE_QUERY).matches) element.closest('details')?.removeAttribute('open')
}
