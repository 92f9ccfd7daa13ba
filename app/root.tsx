import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from '@remix-run/react'
import { lazy } from 'react'

import { AfterHydration } from './components/after-hydration'
import { GeneralErrorBoundary } from './components/error-boundary'
import { Footer } from './components/footer'
import { Header } from './components/header'
import { Toaster } from './components/toaster'
import { OfflineDevice } from './offline/device'
import { keptOnDevice } from './offline/flag'
import { loadRoot } from './root.server'
import tailwind from './styles/tailwind.css'
import { useNonce } from './utils/nonce'
import { skipsReload } from './utils/reload-flag'
import type { Theme } from './utils/theme.server'

// Enhancements the page works without: a chunk that never arrives (the signal dropped, a deploy
// replaced it) leaves them out instead of taking the page to its error boundary.
const absent = () => ({ default: () => <></> })
// The floating assistant draws nothing before hydration: fetched after it, and only for a plan with chat (issue 41).
const ChatWidget = lazy(() => import('./chat/chat-widget').then((m) => ({ default: m.ChatWidget }), absent))
// The visitor's login dialog too: it opens from a click after hydration, and a signed-in page never needs it.
const LoginDialog = lazy(() => import('./components/login-dialog').then((m) => ({ default: m.LoginDialog }), absent))

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwind },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [
  { title: 'Gabarita — Sua aprovação é nossa meta' },
  {
    name: 'description',
    content: 'Banco de questões da OAB e de concursos, com filtros, resolução comentada e acompanhamento do seu progresso.',
  },
]

/**
 * An answer kept on the device for lack of network (issue 39) reloads nothing: there is no network;
 * nor does one that carries what it changed, its flash included (a list card's, issue 66), nor a
 * step inside one answer page (modo resolução, a simulado's sitting): user, theme and chat stay as
 * they were, and those pages bring their own flash with the answer (ADR 093).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  keptOnDevice(actionResult) ||
  skipsReload(actionResult) ||
  (currentUrl.pathname === nextUrl.pathname && /^\/(questoes\/resolver|simulados\/\d+)$/.test(nextUrl.pathname))
    ? false
    : defaultShouldRevalidate

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadRoot(request, context)
}

function Document({ theme, children }: { theme: Theme; children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="pt-BR" className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Installable (issue 39): the manifest, and the browser's bar in the page's colours. */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#020617" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <Document theme={data.theme}>
      <Header user={data.user} chat={data.chat} theme={data.theme} path={`${location.pathname}${location.search}`} version={data.version} />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      {/* No floating assistant over a simulado being sat (issue 39: /simulados/:id and its delivery page), on the assistant itself or in the admin area. */}
      {data.chat && !/^\/(simulados\/\d+(\/entregar)?\/?$|assistente|admin)/.test(location.pathname) ? (
        // Below 1280 px the launcher sits in the page's flow: its room is kept until it arrives.
        <AfterHydration
          holder={
            <div className="cwl" aria-hidden>
              <span className="block min-h-12" />
            </div>
          }
        >
          <ChatWidget />
        </AfterHydration>
      ) : null}
      <NavigationStatus />
      <Footer version={data.version} />
      <Toaster toasts={data.toasts} />
      <OfflineDevice userId={data.user?.id ?? null} remember={data.remember} shell={data.offlineShell} />
      {data.user ? null : (
        <AfterHydration>
          <LoginDialog />
        </AfterHydration>
      )}
    </Document>
  )
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <Document theme={data?.theme ?? 'system'}>
      <main id="conteudo" className="flex-1">
        <GeneralErrorBoundary />
      </main>
    </Document>
  )
}

/**
 * Any page or tool on its way says so (issue 27: tools gave no sign for 1-2 s): a spinner and
 * 'Carregando…', shown after 0.3 s (.pnd). Answers through a fetcher show their own state.
 */
function NavigationStatus() {
  return useNavigation().state === 'loading' ? (
    <p role="status" className="pnd">
      Carregando…
    </p>
  ) : null
}

/** The root loader's data from any route (user, theme, version). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}
