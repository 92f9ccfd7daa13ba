import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { buildInfo } from '#server/version'

import { chatFeature } from './chat/chat.server'
import { formatDateTime } from './utils/format'
import { getOptionalUser, getSession } from './utils/session.server'
import { getTheme } from './utils/theme.server'
import { getToasts } from './utils/toast.server'

// The root loader's work, apart from root.tsx: nothing of it (nor @remix-run/node) reaches the
// browser's bundle through the module every page loads (issue 41).

/** The user, theme, flash messages, build and the page's own address, for every page. */
export async function loadRoot(request: Request, context: AppLoadContext) {
  const [user, theme, { toasts, headers }, session] = await Promise.all([
    getOptionalUser(request, context),
    getTheme(request),
    getToasts(request),
    getSession(request),
  ])
  const url = new URL(request.url)
  // The offline page's copy kept by the service worker, fetched without cookies: it names nobody,
  // and the device's offline practice must not take it for a visitor (ADR 079).
  const offlineShell = url.pathname === '/estudar-offline' && request.headers.has('x-gabarita-casca') && !user
  // The study assistant's header link and widget (plan hasChat AND the chatEnabled toggle).
  const chat = await chatFeature(request, context, user)
  return json(
    {
      user,
      chat,
      theme,
      toasts,
      version: shownVersion(),
      path: `${url.pathname}${url.search}`,
      csrf: context.csrfToken,
      remember: session.get('remember') === true,
      offlineShell,
    },
    { headers },
  )
}

/** The build as the footer and the version panel say it, dates written on the server: no date code in every page's script (issue 41). */
function writeVersion() {
  const info = buildInfo()
  return { ...info, buildDate: formatDateTime(info.buildDate), commitDate: formatDateTime(info.commitDate) }
}

export type ShownVersion = ReturnType<typeof writeVersion>

// The build does not change while the server runs (buildInfo() is read once): written once, not on every page.
let shown: ShownVersion | undefined
const shownVersion = () => (shown ??= writeVersion())
