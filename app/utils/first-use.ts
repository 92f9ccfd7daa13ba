// A page that works without JavaScript can leave its scripts until the visitor first touches it
// (ADR 098): the page's module script is written inert and this starter runs it on the first
// pointer, key, wheel or focus event.

/** The inert module script's type: the browser runs no script of a type it does not know. */
export const FIRST_USE_TYPE = 'gabarita/first-use'

/** The route handle that asks for it, on a page a visitor (nobody signed in) opens. */
export const VISITOR_FIRST_USE = { scriptsOnFirstUse: 'visitor' } as const

/**
 * The inline starter (stringified: it may name nothing outside itself, so the server hands it the
 * names it reads). A device that holds an account's offline data (`deviceKeys` in localStorage) or
 * its owner cookie starts at once: the page's first script is what removes them for a visitor
 * (app/offline/owner.ts), and must not wait for a touch.
 */
export function startOnFirstUse(type: string, deviceKeys: string[], ownerCookie: string) {
  const events = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin']
  let started = false
  const start = () => {
    for (const event of events) removeEventListener(event, start, true)
    const kept = document.querySelector(`script[type="${type}"]`) as HTMLScriptElement | null
    if (!kept || started) return
    started = true
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = kept.nonce
    script.textContent = kept.textContent
    document.body.appendChild(script)
  }
  let owned = true
  try {
    owned =
      deviceKeys.some((key) => localStorage.getItem(key) !== null) ||
      document.cookie.split(/;\s*/).some((c) => c.startsWith(`${ownerCookie}=`))
  } catch {
    // No storage to read: start, as every other page does.
  }
  if (owned) return start()
  for (const event of events) addEventListener(event, start, { capture: true, passive: true })
}
