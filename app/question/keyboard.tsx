// Keyboard-first answering (issue 15): what the list's shortcuts (card-shortcuts.tsx) and modo
// resolução's keys share. Apart from the shortcuts' list and dialog, so the answer loop's first
// load does not carry them (issue 41).

/** Fields where a key is typing, never a shortcut. */
const TYPING = 'input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable=""], [contenteditable="true"]'

/** A key press the page may take: not while typing in a field or in a dialog, nor with a modifier. */
export function forThePage(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.target as HTMLElement
  return !target.closest(TYPING) && !target.closest('dialog[open]')
}

/** Says something once to screen readers, through the page's status region. */
export function announce(text: string) {
  const region = document.getElementById('anuncio')
  if (!region) return
  region.textContent = ''
  // A fresh text node in the next frame: the same sentence twice is read twice.
  requestAnimationFrame(() => (region.textContent = text))
}

/** The page's one polite status region (answers and other changes are read from here). */
export function Announcer() {
  return <p id="anuncio" role="status" className="sr-only" />
}
