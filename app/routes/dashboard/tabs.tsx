import { Link, useNavigate } from '@remix-run/react'
import type { KeyboardEvent, ReactNode } from 'react'

import type { TabId } from '~/dashboard/tabs'
import { tabHref, TABS } from '~/dashboard/tabs'
import { useHydrated } from '~/utils/use-hydrated'

// The dashboard's tabs. Without JavaScript they are plain links in a nav (the current one marked
// aria-current) and the panel a section; with JavaScript the same links become an ARIA tab list
// (arrow keys, Home/End) whose tabs still navigate to `?aba=`, so the URL stays the state.
// They wrap on a phone rather than scroll: the open tab is always in view.

export const PANEL_ID = 'painel-aba'
const tabId = (id: TabId) => `aba-${id}`

export function DashboardTabs({ current }: { current: TabId }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const linkClass = (selected: boolean) =>
    `inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold ${
      selected
        ? 'border-brand-600 text-brand-800 dark:border-brand-300 dark:text-brand-200'
        : 'border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300'
    }`

  if (!hydrated) {
    return (
      <nav aria-label="Seções do painel" className="mt-6 border-b border-slate-200 sm:mt-10 dark:border-slate-700">
        <ul className="flex flex-wrap gap-x-1">
          {TABS.map((t) => (
            <li key={t.id}>
              <a href={tabHref(t.id)} aria-current={t.id === current ? 'page' : undefined} className={linkClass(t.id === current)}>
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    )
  }

  // Arrow keys move along the tabs (and open them: each is a link); Home/End to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = TABS.findIndex((t) => t.id === current)
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const tab = TABS[(next + TABS.length) % TABS.length]
    navigate(tabHref(tab.id), { preventScrollReset: true })
    document.getElementById(tabId(tab.id))?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label="Seções do painel"
      className="mt-6 flex flex-wrap gap-x-1 border-b border-slate-200 sm:mt-10 dark:border-slate-700"
    >
      {TABS.map((t) => (
        <Link
          key={t.id}
          id={tabId(t.id)}
          to={tabHref(t.id)}
          role="tab"
          aria-selected={t.id === current}
          aria-controls={t.id === current ? PANEL_ID : undefined}
          tabIndex={t.id === current ? 0 : -1}
          preventScrollReset
          onKeyDown={onKeyDown}
          className={linkClass(t.id === current)}
        >
          {t.label}
        </Link>
      ))}
    </div>
  )
}

/**
 * The open tab's content: a tab panel with JS, a titled section without. One element either way,
 * only its attributes change at hydration: a new element would rebuild the whole tab in one long
 * task (issue 41: 460 ms of blocking time on a mid-range phone).
 */
export function TabPanel({ current, busy, children }: { current: TabId; busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated()
  const label = TABS.find((t) => t.id === current)!.label
  const panel = hydrated ? { role: 'tabpanel', 'aria-labelledby': tabId(current), 'aria-busy': busy, tabIndex: 0 } : { 'aria-label': label }
  return (
    <section id={PANEL_ID} {...panel} className="mt-4 sm:mt-6">
      {children}
    </section>
  )
}
