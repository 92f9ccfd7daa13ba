// Whose offline practice this device holds (issue 61, ADR 079). Two records, both without
// secrets (an account's id):
// - localStorage `gabarita-dono`: the account whose downloads are kept; a page loaded by anyone
//   else (another account, a visitor) removes them;
// - the cookie `gb-dono`: who is signed in, living as long as the session cookie does (to the end
//   of the browser's session, or 30 days with "Lembrar"). The offline page, which has no network
//   to ask the server, shows downloads only to the account both name.

export const OWNER_KEY = 'gabarita-dono'
export const OWNER_COOKIE = 'gb-dono'
/** The first version's queue flag, which named no account (device.tsx moves it to the account signed in). */
export const LEGACY_QUEUE_FLAG = 'gabarita-fila'
// One-time clean-up of the first version's rows, which named no account.
const CLEANED = 'gabarita-offline-v2'

/** Set (in localStorage) while this account's answers wait in the device's queue: the root then sends them when the connection returns, without opening IndexedDB on every page load. */
export const queueFlag = (owner: string) => `gabarita-fila:${owner}`
/** Where this account stopped in its downloaded questions (a question id). */
export const positionKey = (owner: string) => `gabarita-offline-pos:${owner}`

/** The account whose downloads this device keeps. */
export const keptFor = () => localStorage.getItem(OWNER_KEY)

/** The signed-in account as the session cookie's companion says, for the offline page (no server to ask). */
export function signedInHere(): string | null {
  const value = document.cookie.match(/(?:^|;\s*)gb-dono=([^;]+)/)?.[1]
  return value ? decodeURIComponent(value) : null
}

/**
 * A page loaded from the server says who is signed in (null: a visitor). Another account's
 * downloads leave the device; the answers they queued stay, to be sent under their own session.
 * Returns whether downloads must be removed.
 */
export function settleOwner(userId: string | null, remember: boolean): boolean {
  const secure = location.protocol === 'https:' ? '; secure' : ''
  document.cookie = userId
    ? `${OWNER_COOKIE}=${encodeURIComponent(userId)}; path=/; samesite=lax${remember ? `; max-age=${60 * 60 * 24 * 30}` : ''}${secure}`
    : `${OWNER_COOKIE}=; path=/; samesite=lax; max-age=0${secure}`
  const before = keptFor()
  const firstTime = !localStorage.getItem(CLEANED)
  if (userId) localStorage.setItem(OWNER_KEY, userId)
  else localStorage.removeItem(OWNER_KEY)
  if (firstTime) localStorage.setItem(CLEANED, '1')
  if (before && before !== userId) localStorage.removeItem(positionKey(before))
  return (before !== null && before !== userId) || (firstTime && localStorage.getItem(LEGACY_QUEUE_FLAG) !== null)
}
