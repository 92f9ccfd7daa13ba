import { createCookie } from '@remix-run/node'

import { webConfig } from './env.server'

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

// Not a secret: a plain preference cookie, readable on the server so the first
// paint already has the right theme (no flash, no JS).
// Secure in production like every other cookie we set (built lazily: config is read at first use).
let cookie: ReturnType<typeof createCookie> | undefined
function themeCookie() {
  cookie ??= createCookie('gabarita-theme', { path: '/', sameSite: 'lax', maxAge: 60 * 60 * 24 * 365, secure: webConfig().isProduction })
  return cookie
}

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie().parse(request.headers.get('cookie'))
  return THEMES.includes(value) ? value : 'system'
}

export function setTheme(theme: Theme) {
  return themeCookie().serialize(theme)
}
