import { commitSession, sealToken, sessionStorage } from '~/utils/session.server'

/** The `Cookie` header of a browser signed in with this API token, as the web session writes it. */
export async function sessionCookieFor(token: string) {
  const session = await sessionStorage().getSession()
  session.set('token', sealToken(token))
  return (await commitSession(session)).split(';')[0]!
}
