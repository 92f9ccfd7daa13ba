import { Router } from 'express'

import { HttpError } from '../../api/http'
import { limiter } from '../../api/rate-limit'
import { route } from '../../api/route'
import { currentUser } from '../../api/session'
import { revokeToken } from '../../api/session'
import type { AppContext } from '../../context'
import { documentedUnavailable } from '../../request-log'
import { getPolicy } from '../plans/index'
import {
  AccountError,
  accountView,
  changePassword,
  changeTemporaryPassword,
  forgotPassword,
  login,
  MESSAGES,
  register,
  toApiUser,
} from './accounts'
import { authApi } from './contract'
import { googleAuthUrl, googleCallback, googleSettings } from './google'
import { GOOGLE_MESSAGES, LOGGED_OUT } from './messages'

// Contas: the contract (./contract.ts) says what each route reads and answers; this says which
// rule runs, behind which limit.

/** Domain errors become `{ error }` with their status. */
async function run<T>(fn: () => Promise<T>) {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof AccountError) throw new HttpError(error.status, error.message)
    throw error
  }
}

export function createAuthRouter(ctx: AppContext) {
  const router = Router()
  const window = 15 * 60 * 1000
  // Only failures count (issue 26): a school network's students signing in one after another
  // never use up their shared address. No limit is per account alone, so wrong passwords sent
  // from elsewhere can never refuse the owner's right password from an address that has not
  // failed (issue 26 item 4: 50 failures from 5 addresses locked the owner out everywhere).
  // Per (account, address) the refusals grow instead of locking: 5 failures wait out a minute,
  // 10 the rest of 15 minutes, 20 the rest of the hour. The longest window runs first, so a 429
  // from a shorter one still counts there: hammering through the wait only lengthens it.
  // Per address, last (a refusal above does not spend a shared address's budget): 30 failures
  // in 15 minutes stop one address guessing across many accounts. ADR 035.
  const loginLimits = [
    limiter(ctx, { name: 'login', windowMs: 60 * 60 * 1000, limit: 20, by: 'email+ip', failuresOnly: true }),
    limiter(ctx, { name: 'login', windowMs: window, limit: 10, by: 'email+ip', failuresOnly: true }),
    limiter(ctx, { name: 'login', windowMs: 60 * 1000, limit: 5, by: 'email+ip', failuresOnly: true }),
    limiter(ctx, { name: 'login', windowMs: window, limit: 30, failuresOnly: true }),
  ]
  const registerLimits = [
    limiter(ctx, { name: 'register', windowMs: 60 * 60 * 1000, limit: 10 }),
    limiter(ctx, { name: 'register', windowMs: 60 * 60 * 1000, limit: 5, byEmail: true }),
  ]
  // Recovery is refused per address only (issue 26 item 6): a per-account 429 was shared with
  // the owner. Per account, past 3 requests an hour the answer is the same but no reminder
  // mail goes out, so nobody can flood a mailbox; a new temporary password (at most one an
  // hour, since a pending one is never replaced) is always sent.
  const forgotLimits = [
    limiter(ctx, { name: 'forgot', windowMs: 60 * 60 * 1000, limit: 10 }),
    limiter(ctx, { name: 'forgot', windowMs: 60 * 60 * 1000, limit: 3, by: 'email', overLimit: 'mark' }),
  ]

  route(
    router,
    authApi.register,
    registerLimits,
  )(async ({ body }) => {
    const { token, user } = await run(() => register(ctx.db, body, ctx.clock()))
    return { token, user: toApiUser(user), policy: await getPolicy(ctx.db, user, ctx.clock()), message: MESSAGES.registered }
  })

  route(
    router,
    authApi.login,
    loginLimits,
  )(async ({ body }) => {
    const { token, user, passwordChangeOnly } = await run(() => login(ctx.db, body, ctx.clock()))
    const view = await accountView(ctx.db, user, ctx.clock())
    return {
      token,
      ...view,
      requires_password_reset: passwordChangeOnly,
      message: passwordChangeOnly ? MESSAGES.mustChangePassword : MESSAGES.loginOk,
    }
  })

  route(
    router,
    authApi.logout,
  )(async ({ req }) => {
    if (req.tokenHash) await revokeToken(ctx.db, req.tokenHash, ctx.clock())
    return { success: true, message: LOGGED_OUT }
  })

  route(
    router,
    authApi.me,
  )(async ({ req }) => {
    const now = ctx.clock()
    return {
      success: true,
      data: toApiUser(currentUser(req)),
      policy: await getPolicy(ctx.db, currentUser(req), now),
      now: now.toISOString(),
    }
  })

  route(
    router,
    authApi.forgotPassword,
    forgotLimits,
  )(async ({ body, res }) => {
    try {
      await forgotPassword(ctx, body.email, ctx.clock(), { remind: res.locals.overLimit !== true })
    } catch (error) {
      // Same answer whatever happened: a mail failure must not reveal the account.
      ctx.logger.error({ err: error }, 'falha ao enviar senha temporária')
    }
    return { success: true, message: MESSAGES.forgotPassword }
  })

  route(
    router,
    authApi.changeTemporaryPassword,
  )(async ({ req, body }) => {
    const session = {
      user: currentUser(req),
      token: req.sessionToken ?? '',
      tokenHash: req.tokenHash ?? '',
      passwordChangeOnly: req.passwordChangeOnly === true,
    }
    await run(() => changeTemporaryPassword(ctx.db, session, body.new_password, ctx.clock()))
    return { success: true, message: MESSAGES.passwordChanged }
  })

  route(
    router,
    authApi.changePassword,
  )(async ({ req, body }) => {
    await run(() => changePassword(ctx.db, currentUser(req), body, ctx.clock(), req.tokenHash))
    return { success: true, message: MESSAGES.passwordChanged }
  })

  // Not configured is how this server is set up, answered 503 as documented: not an error per call.
  const requireGoogle = (res: object) => {
    if (googleSettings(ctx)) return
    documentedUnavailable(res)
    throw new HttpError(503, GOOGLE_MESSAGES.notConfigured)
  }

  route(
    router,
    authApi.googleStart,
  )(async ({ res }) => {
    requireGoogle(res)
    const authUrl = await run(() => googleAuthUrl(ctx))
    return { success: true, auth_url: authUrl, data: { auth_url: authUrl } }
  })

  route(
    router,
    authApi.googleCallback,
  )(async ({ query, res }) => {
    const params: Record<string, string> = {}
    for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params[key] = value
    if (params.error) throw new HttpError(400, GOOGLE_MESSAGES.cancelled)
    requireGoogle(res)
    const result = await run(() => googleCallback(ctx, params))
    // A Google login always yields a full session.
    return {
      success: true,
      data: {
        token: result.token,
        is_new_user: result.isNewUser,
        requires_password_reset: false,
        password_removed: result.passwordRemoved,
      },
    }
  })

  return router
}
