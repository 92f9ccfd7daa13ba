// The pages' session cookie, named once: app/utils/session.server.ts makes it; the page handler
// (before Remix runs) only asks whether a request carries one, to keep a signed-in page private.

export const SESSION_COOKIE = '__session'

const SENT = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;\\s]`)

/** Whether the request carries a session cookie (not whether it is still valid: only the API knows). */
export function carriesSession(cookieHeader: string | undefined) {
  return SENT.test(cookieHeader ?? '')
}
