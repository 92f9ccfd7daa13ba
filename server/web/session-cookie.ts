/** Whether the request carries a session cookie (not whether it is still valid: only the API knows). */
export function carriesSession(cookieHeader: string | undefined) {
  return /(?:^|;\s*)__session=[^;\s]/.test(cookieHeader ?? '')
}
