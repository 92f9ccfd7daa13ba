// How code asks the visitor's login dialog to open (a search form is not a link). Apart from the
// dialog itself, which the root loads after hydration and only for visitors (issue 41).

export const OPEN_EVENT = 'gabarita:login-dialog'

/**
 * Opens the dialog from code (e.g. a visitor's search form, which is not a link).
 * False when no dialog answered (not mounted: logged in, or not hydrated yet), so
 * the caller lets its normal navigation go on to /login.
 */
export function openLoginDialog(redirectTo: string) {
  return !document.dispatchEvent(new CustomEvent(OPEN_EVENT, { cancelable: true, detail: { redirectTo } }))
}
