/** The admin sidebar state cookie (spec: `sidebar:state`, 7 days), readable on server and client. */
export const SIDEBAR_COOKIE = 'sidebar:state'
export const SIDEBAR_MAX_AGE = 60 * 60 * 24 * 7

export function readSidebarOpen(cookieHeader: string | null | undefined) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SIDEBAR_COOKIE) return rest.join('=') !== 'false'
  }
  return true
}

// Written by hand: ':' in the name is outside the token charset newer cookie libraries accept.
export function sidebarCookie(open: boolean) {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`
}
