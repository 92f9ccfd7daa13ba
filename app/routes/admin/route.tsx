import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, NavLink, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import {
  BookOpen,
  Bug,
  ChevronDown,
  FileText,
  Home,
  Landmark,
  Lightbulb,
  LogOut,
  Mail,
  Menu,
  MessagesSquare,
  PanelLeft,
  PenLine,
  Receipt,
  Shapes,
  SlidersHorizontal,
  Tags,
  Timer,
  Users,
} from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'

import { readSidebarOpen, sidebarCookie } from '~/admin/sidebar'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LogoutForm } from '~/components/logout-form'
import { requireAdmin } from '~/utils/session.server'
import { foldOnNarrow, useOpenOnWide } from '~/utils/use-open-on-wide'

export const meta: MetaFunction = () => [{ title: 'Painel Administrativo — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(request, context)
  return json({ user: { name: user.name, email: user.email }, sidebarOpen: readSidebarOpen(request.headers.get('cookie')) })
}

const NAV = [
  { to: '/admin', label: 'Home', icon: Home, end: true },
  { to: '/admin/disciplinas', label: 'Disciplinas', icon: BookOpen, end: false },
  { to: '/admin/provas', label: 'Provas', icon: FileText, end: false },
  { to: '/admin/analises', label: 'Análises', icon: PenLine, end: false },
  { to: '/admin/classificacao', label: 'Classificação', icon: Shapes, end: false },
  { to: '/admin/forum', label: 'Fórum', icon: MessagesSquare, end: false },
  { to: '/admin/explicacoes', label: 'Explicações de alunos', icon: Lightbulb, end: false },
  { to: '/admin/erros', label: 'Erros reportados', icon: Bug, end: false },
  { to: '/admin/legislacao', label: 'Legislação', icon: Landmark, end: false },
  { to: '/admin/contato', label: 'Mensagens de contato', icon: Mail, end: false },
  { to: '/admin/recursos', label: 'Recursos', icon: SlidersHorizontal, end: false },
  { to: '/admin/planos', label: 'Planos', icon: Tags, end: false },
  { to: '/admin/simulados', label: 'Simulados', icon: Timer, end: false },
  { to: '/admin/assinaturas', label: 'Assinaturas', icon: Receipt, end: false },
  { to: '/admin/usuarios', label: 'Usuários', icon: Users, end: false },
]

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  const [open, setOpen] = useState(data.sidebarOpen)
  const here = `${location.pathname}${location.search}`
  const menu = useOpenOnWide()
  const current = [...NAV].reverse().find((item) => (item.end ? location.pathname === item.to : location.pathname.startsWith(item.to)))

  const toggle = useCallback(() => {
    setOpen((value) => {
      document.cookie = sidebarCookie(!value)
      return !value
    })
  }, [])

  // Ctrl/Cmd+B toggles the sidebar (spec section 2).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggle])

  return (
    <div className="flex min-h-[70vh] flex-col md:flex-row" data-sidebar-state={open ? 'expanded' : 'collapsed'}>
      <aside
        id="admin-sidebar"
        aria-label="Menu do painel"
        className={`border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900 md:border-b-0 md:border-r ${
          open ? 'w-full md:w-64' : 'w-full md:w-16'
        } shrink-0 transition-[width]`}
      >
        {/* Collapsing is a desktop matter: on phones the whole menu folds into one line. */}
        <div className="hidden items-center justify-between gap-2 p-2 md:flex">
          {/* Without JS this is a plain POST to the toggle route; with JS it flips in place. */}
          <Form method="POST" action="/resources/sidebar" onSubmit={(e) => (e.preventDefault(), toggle())}>
            <CsrfInput />
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              className="btn-ghost h-11 w-11 p-0"
              aria-controls="admin-nav"
              aria-expanded={open}
              title="Recolher ou expandir o menu (Ctrl/Cmd+B)"
            >
              <PanelLeft className="h-5 w-5" aria-hidden />
              <span className="sr-only">{open ? 'Recolher menu' : 'Expandir menu'}</span>
            </button>
          </Form>
        </div>
        {/* A <details> folded on phones (it pushed the page below the first screen), always
            open from 768 px (`.md-open`); works without JS. */}
        <details ref={menu} className="md-open group/menu">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <Menu className="h-5 w-5 shrink-0" aria-hidden />
            Menu do painel
            {current ? <span className="truncate text-slate-600 dark:text-slate-400">{`· ${current.label}`}</span> : null}
            <ChevronDown className="ml-auto h-4 w-4 shrink-0 transition-transform group-open/menu:rotate-180" aria-hidden />
          </summary>
          <nav id="admin-nav" aria-label="Administração" className="p-2 md:px-2 md:pb-4 md:pt-0">
            <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    prefetch="intent"
                    title={item.label}
                    onClick={(event) => foldOnNarrow(event.currentTarget)}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium ${
                        isActive
                          ? 'bg-brand-600 text-white'
                          : 'text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800'
                      }`
                    }
                  >
                    <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={open ? '' : 'md:sr-only'}>{item.label}</span>
                  </NavLink>
                </li>
              ))}
              <li>
                <LogoutForm redirectTo="/admin/login">
                  <button
                    type="submit"
                    title="Sair"
                    className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    <LogOut className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={open ? '' : 'md:sr-only'}>Sair</span>
                  </button>
                </LogoutForm>
              </li>
            </ul>
          </nav>
        </details>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="border-b border-slate-200 px-4 py-4 dark:border-slate-800 sm:px-6">
          <p className="text-xl font-bold">Painel Administrativo</p>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
            {data.user.name} · {data.user.email}
          </p>
        </header>
        <div className="px-4 py-6 sm:px-6">
          <Outlet />
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
