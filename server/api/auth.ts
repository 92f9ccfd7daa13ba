import type { Request } from 'express'
import { Router } from 'express'
import * as z from 'zod'

import type { AppContext } from '../context'
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
} from '../domain/auth/accounts'
import { googleAuthUrl, googleCallback } from '../domain/auth/google'
import { emailField, nameField, passwordField, PASSWORDS_DIFFER, phoneField } from '../domain/auth/schemas'
import { revokeToken } from '../domain/auth/tokens'
import { getPolicy } from '../domain/policy'
import { currentUser, requireUser } from './auth-middleware'
import { handler, HttpError, parse } from './http'
import { limiter } from './rate-limit'

const RegisterSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    confirm_password: z.string().optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  })

const LoginSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(200, MESSAGES.badCredentials),
  remember: z.boolean().optional(),
})

const ForgotSchema = z.object({
  email: z
    .string({ error: 'Por favor, digite um email válido' })
    .trim()
    .pipe(z.email({ error: 'Por favor, digite um email válido' })),
})

const NewPasswordSchema = z
  .object({
    current_password: z.string().max(200).optional(),
    new_password: passwordField,
    confirm_password: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: PASSWORDS_DIFFER, path: ['confirm_password'] })

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

  router.post(
    '/auth/register',
    ...registerLimits,
    handler(async (req, res) => {
      const body = parse(RegisterSchema, req.body)
      const { token, user } = await run(() => register(ctx.db, body))
      res.status(201).json({ token, user: toApiUser(user), policy: await getPolicy(ctx.db, user), message: MESSAGES.registered })
    }),
  )

  router.post(
    '/auth/login',
    ...loginLimits,
    handler(async (req, res) => {
      const body = parse(LoginSchema, req.body)
      const { token, user, passwordChangeOnly } = await run(() => login(ctx.db, body))
      const view = await accountView(ctx.db, user)
      res.json({
        token,
        ...view,
        requires_password_reset: passwordChangeOnly,
        message: passwordChangeOnly ? MESSAGES.mustChangePassword : MESSAGES.loginOk,
      })
    }),
  )

  router.post(
    '/auth/logout',
    requireUser,
    handler(async (req, res) => {
      if (req.tokenHash) await revokeToken(ctx.db, req.tokenHash)
      res.json({ success: true, message: 'Logout realizado com sucesso!' })
    }),
  )

  router.get(
    '/auth/me',
    requireUser,
    handler(async (req, res) => {
      res.json({ success: true, data: toApiUser(currentUser(req)) })
    }),
  )

  router.post(
    '/auth/forgot-password',
    ...forgotLimits,
    handler(async (req, res) => {
      const { email } = parse(ForgotSchema, req.body)
      try {
        await forgotPassword(ctx, email, { remind: res.locals.overLimit !== true })
      } catch (error) {
        // Same answer whatever happened: a mail failure must not reveal the account.
        ctx.logger.error({ err: error }, 'falha ao enviar senha temporária')
      }
      res.json({ success: true, message: MESSAGES.forgotPassword })
    }),
  )

  router.put(
    '/auth/change-temporary-password',
    requireUser,
    handler(async (req, res) => {
      const user = currentUser(req)
      const body = parse(NewPasswordSchema, req.body)
      const session = {
        user,
        token: req.sessionToken ?? '',
        tokenHash: req.tokenHash ?? '',
        passwordChangeOnly: req.passwordChangeOnly === true,
      }
      await run(() => changeTemporaryPassword(ctx.db, session, body.new_password))
      res.json({ success: true, message: MESSAGES.passwordChanged })
    }),
  )

  router.put(
    '/auth/change-password',
    requireUser,
    handler(async (req, res) => {
      const body = parse(NewPasswordSchema, req.body)
      await run(() => changePassword(ctx.db, currentUser(req), body, req.tokenHash))
      res.json({ success: true, message: MESSAGES.passwordChanged })
    }),
  )

  router.get(
    '/auth/google',
    handler(async (_req, res) => {
      const authUrl = await run(() => googleAuthUrl(ctx))
      res.json({ success: true, auth_url: authUrl, data: { auth_url: authUrl } })
    }),
  )

  router.get(
    '/auth/google/callback',
    handler(async (req: Request, res) => {
      const params: Record<string, string> = {}
      for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') params[key] = value
      if (params.error) throw new HttpError(400, 'Login com Google cancelado ou recusado.')
      const result = await run(() => googleCallback(ctx, params))
      res.json({
        success: true,
        // A Google login always yields a full session.
        data: {
          token: result.token,
          is_new_user: result.isNewUser,
          requires_password_reset: false,
          password_removed: result.passwordRemoved,
        },
      })
    }),
  )

  return router
}
