import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import type { Theme } from '~/utils/theme.server'
import { useHydrated } from '~/utils/use-hydrated'

import { ThemeIcon } from './theme-icons'

const OPTIONS: Array<{ value: Theme; label: string }> = [
  { value: 'light', label: 'Tema claro' },
  { value: 'dark', label: 'Tema escuro' },
  { value: 'system', label: 'Tema do sistema' },
]

/** The key the preference is mirrored under in localStorage. */
export const THEME_STORAGE_KEY = 'gabarita-theme'

/**
 * A plain form POST that sets the theme cookie and redirects back (no JS needed);
 * with JS a fetcher applies it at once.
 */
export function ThemeSwitch({ theme, redirectTo }: { theme: Theme; redirectTo: string }) {
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  const optimistic = (fetcher.formData?.get('theme') as Theme | null) ?? theme

  useEffect(() => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, optimistic)
    } catch {
      // storage blocked: the cookie still carries it
    }
    const root = document.documentElement
    root.classList.remove('light', 'dark', 'system')
    root.classList.add(optimistic)
  }, [optimistic])

  return (
    <fetcher.Form
      method="POST"
      action="/resources/theme"
      className="flex items-center gap-0.5 rounded-lg border border-slate-200 p-0.5 dark:border-slate-700"
    >
      <CsrfInput />
      {/* Only without JS: the plain POST then redirects back; the fetcher gets JSON. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      {OPTIONS.map(({ value, label }) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          title={label}
          aria-label={label}
          aria-pressed={optimistic === value}
          className="theme-btn"
        >
          <ThemeIcon name={value} />
        </button>
      ))}
    </fetcher.Form>
  )
}
