import { Link, NavLink, useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import type { UserJson } from '#server/features/auth/contract'
import { LogoutForm } from '~/components/logout-form'
import type { ShownVersion } from '~/root.server'
import type { Theme } from '~/utils/theme.server'

import { Glyph } from './glyph'
import { ThemeIconSprite } from './theme-icons'
import { ThemeSwitch } from './theme-switch'

type NavItem = { to: string; label: string; tag?: string }

const PUBLIC_LINKS: NavItem[] = [
  { to: '/', label: 'Início' },
  { to: '/questoes', label: 'Questões OAB', tag: 'Principal' },
  { to: '/planos', label: 'Planos' },
  { to: '/contato', label: 'Contato' },
]
const ADMIN_LINKS: NavItem[] = [
  { to: '/admin', label: 'Painel' },
  { to: '/admin/disciplinas', label: 'Disciplinas' },
  { to: '/admin/provas', label: 'Provas' },
]

function Tag({ children }: { children: React.ReactNode }) {
  return <span className="nav-tag">{children}</span>
}

// Fetched on the third click: an easter egg every page would otherwise load (issue 41).
// A chunk that never arrives shows nothing, not the error page.
const VersionPanel = lazy(() => import('./version-panel').catch(() => ({ default: () => <></> })))

/** Three clicks on the logo show the version panel for 10 seconds (JS only). */
function useVersionEasterEgg() {
  const clicks = useRef<number[]>([])
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => setOpen(false), 10_000)
    return () => clearTimeout(timer)
  }, [open])
  const onLogoClick = () => {
    const now = Date.now()
    clicks.current = [...clicks.current.filter((t) => now - t < 1500), now]
    if (clicks.current.length >= 3) {
      clicks.current = []
      setOpen(true)
    }
  }
  return { open, onLogoClick }
}

/**
 * A <details> menu (opens without JS) that, with JS, behaves like a menu button: Escape
 * closes it and gives the focus back to its summary, and it closes on a click outside, when
 * the focus leaves it or the page changes (a client-side navigation keeps the header, so it stayed open over the
 * next page's search field).
 */
function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null)
  const { pathname, search } = useLocation()
  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [pathname, search])
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.removeAttribute('open')
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [])
  const onKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return
    event.currentTarget.removeAttribute('open')
    event.currentTarget.querySelector('summary')?.focus()
  }
  const onBlur = (event: React.FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget as Node | null
    if (next && !event.currentTarget.contains(next)) event.currentTarget.removeAttribute('open')
  }
  return { ref, onKeyDown, onBlur }
}

/**
 * Desktop: the three admin entries behind one <details> (opens without JS); inline
 * they pushed the header 137 px past a 1024 px screen. The mobile menu lists them.
 */
function AdminMenu() {
  const menu = useDetailsMenu()
  return (
    <details className="group/admin relative" {...menu}>
      <summary className="nav-link cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden">
        Admin
        <span aria-hidden className="transition-transform group-open/admin:rotate-180">
          ▾
        </span>
      </summary>
      <nav
        aria-label="Menu do administrador"
        className="absolute right-0 mt-2 flex w-48 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-800 dark:bg-slate-900"
      >
        {ADMIN_LINKS.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === '/admin'} className="nav-link">
            {item.label}
          </NavLink>
        ))}
      </nav>
    </details>
  )
}

function UserLinks({ user, chat = false, desktop = false }: { user: UserJson | null; chat?: boolean; desktop?: boolean }) {
  if (!user) {
    return (
      <>
        <NavLink to="/login" className="nav-link">
          Entrar
        </NavLink>
        <Link to="/cadastrar" className="btn-primary">
          Cadastrar Grátis
        </Link>
      </>
    )
  }
  return (
    <>
      {user.is_admin && desktop ? <AdminMenu /> : null}
      {user.is_admin && !desktop
        ? ADMIN_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/admin'} className="nav-link">
              {item.label}
            </NavLink>
          ))
        : null}
      <NavLink to="/dashboard" className="nav-link">
        Meu painel
      </NavLink>
      {/* A professor's desk; an admin reaches it from Análises in the admin area. The desktop header
          fits it from 1536 px (below, the dashboard's quick actions lead there). */}
      {user.is_professor && !user.is_admin ? (
        <span className={desktop ? 'hidden 2xl:contents' : 'contents'}>
          <NavLink to="/professor" className="nav-link">
            Mesa do professor
          </NavLink>
        </span>
      ) : null}
      {/* The study pages. The desktop header fits them from 1280 px (below, the dashboard leads
          there); an admin's is full with the admin menu. */}
      {user.is_admin && desktop ? null : (
        <span className={desktop ? 'hidden xl:contents' : 'contents'}>
          <NavLink to="/revisao" className="nav-link">
            Revisão
          </NavLink>
          <NavLink to="/simulados" className="nav-link">
            Simulados
          </NavLink>
        </span>
      )}
      {/* An admin's desktop header is full (admin menu): the widget is the way in there. Below
          1536 px a paying student's is full too (Revisão, Simulados): the widget again (issue 39), and
          so is a professor's at any width (the desk's link takes that place). */}
      {chat && !((user.is_admin || user.is_professor) && desktop) ? (
        <span className={desktop ? 'hidden 2xl:contents' : 'contents'}>
          <NavLink to="/assistente" className="nav-link">
            Assistente
          </NavLink>
        </span>
      ) : null}
      <NavLink to="/editar-perfil" className="nav-link">
        Perfil
      </NavLink>
      <LogoutForm>
        <button type="submit" className="btn-ghost">
          Sair
        </button>
      </LogoutForm>
    </>
  )
}

export function Header({
  user,
  chat = false,
  theme,
  path,
  version,
}: {
  user: UserJson | null
  /** The study assistant is available (the policy's chat feature): a plain link to /assistente. */
  chat?: boolean
  theme: Theme
  path: string
  version: ShownVersion
}) {
  const { open, onLogoClick } = useVersionEasterEgg()
  const menu = useDetailsMenu()
  return (
    <header className="hdr sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <ThemeIconSprite />
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Pular para o conteúdo
      </a>
      <div className="hdr-r container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-300" onClick={onLogoClick}>
          <Glyph name="graduationCap" className="h-7 w-7" />
          Gabarita
        </Link>
        <nav aria-label="Principal" className="hidden items-center gap-1 lg:flex">
          {PUBLIC_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className="nav-link">
              {item.label}
              {item.tag ? <Tag>{item.tag}</Tag> : null}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {/* One theme switch for every width, beside the menu: a copy in the mobile menu was 1 KB of every page. */}
          <ThemeSwitch theme={theme} redirectTo={path} />
          <div className="hidden items-center gap-2 lg:flex">
            <UserLinks user={user} chat={chat} desktop />
          </div>
          {/* Mobile menu: a <details> opens without JS; its name follows its state through CSS. */}
          <details className="group relative lg:hidden" data-testid="menu-celular" {...menu}>
            <summary className="btn-ghost list-none px-2.5 [&::-webkit-details-marker]:hidden">
              <Glyph name="menu" className="h-6 w-6" />
              <span className="sr-only group-open:hidden">Abrir menu</span>
              <span className="sr-only hidden group-open:inline">Fechar menu</span>
            </summary>
            <div className="absolute right-0 mt-2 flex w-72 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-800 dark:bg-slate-900">
              <nav aria-label="Menu móvel" className="flex flex-col gap-1">
                {PUBLIC_LINKS.map((item) => (
                  <NavLink key={item.to} to={item.to} end={item.to === '/'} className="nav-link">
                    {item.label}
                    {item.tag ? <Tag>{item.to === '/questoes' ? 'Destaque' : item.tag}</Tag> : null}
                  </NavLink>
                ))}
              </nav>
              <div className="my-2 border-t border-slate-200 dark:border-slate-800" />
              <div className="flex flex-col gap-1">
                <UserLinks user={user} chat={chat} />
              </div>
            </div>
          </details>
        </div>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <VersionPanel version={version} />
        </Suspense>
      ) : null}
    </header>
  )
}
