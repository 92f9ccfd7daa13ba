import { and, eq, isNull, lte, ne, or } from 'drizzle-orm'

import type { AuthUser, TokenSession } from '../../api/session'
import { createApiToken, revokeAllTokens, upgradePasswordChangeToken } from '../../api/session'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import type { Db } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { apiTokens, profiles, users } from '../../db/schema'
import { ZONE } from '../../domain/time/calendar'
import { sendMail } from '../../mail'
import { getPolicy } from '../plans/index'
import { MESSAGES } from './account-messages'
import { burnVerify, generateTemporaryPassword, hashPassword, verifyPassword } from './passwords'

/** A temporary password stops working after this long. */
export const TEMP_PASSWORD_TTL_MS = 60 * 60 * 1000

export { MESSAGES }

export class AccountError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

export type ApiUserJson = {
  id: string
  email: string
  name: string
  phone: string | null
  avatar_url: string | null
  mascot: string | null
  plan_name: PlanName
  is_admin: boolean
  is_professor: boolean
  requires_password_reset: boolean
}

export function toApiUser(user: AuthUser): ApiUserJson {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    avatar_url: user.avatarUrl,
    mascot: user.mascot,
    plan_name: user.planName,
    is_admin: user.planName === 'ADMIN',
    is_professor: user.isProfessor || user.planName === 'ADMIN',
    requires_password_reset: user.requiresPasswordReset,
  }
}

type ProfileRow = typeof profiles.$inferSelect

export type ApiProfileJson = {
  birth_date: string | null
  gender: string | null
  education_level: string | null
  target_exam: string | null
  study_goal: string | null
  preferred_study_time: string | null
  notifications_enabled: boolean
  ranking_opt_out: boolean
  university: string | null
  course: string | null
  year: number | null
  bio: string | null
}

export function toApiProfile(profile: ProfileRow | undefined): ApiProfileJson {
  return {
    birth_date: profile?.birthDate ?? null,
    gender: profile?.gender ?? null,
    education_level: profile?.educationLevel ?? null,
    target_exam: profile?.targetExam ?? null,
    study_goal: profile?.studyGoal ?? null,
    preferred_study_time: profile?.preferredStudyTime ?? null,
    notifications_enabled: profile?.notificationsEnabled ?? true,
    ranking_opt_out: profile?.rankingOptOut ?? false,
    university: profile?.university ?? null,
    course: profile?.course ?? null,
    year: profile?.year ?? null,
    bio: profile?.bio ?? null,
  }
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1)
  return user
}

export async function loadProfile(db: Db, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)
  return toApiProfile(profile)
}

/** user + profile + policy: what GET /profile and the login answer share. */
export async function accountView(db: Db, user: AuthUser, now: Date) {
  const [profile, policy] = await Promise.all([loadProfile(db, user.id), getPolicy(db, user, now)])
  return { user: toApiUser(user), profile, policy }
}

export async function createUser(
  db: Db,
  input: { name: string; email: string; phone?: string | null; password?: string | null; planName?: PlanName; googleSub?: string },
) {
  const passwordHash = input.password ? await hashPassword(input.password) : null
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        phone: input.phone?.trim() || null,
        passwordHash,
        planName: input.planName ?? 'GRATUITO',
        googleSub: input.googleSub,
      })
      .returning()
    await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing()
    return user
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountError(409, MESSAGES.duplicateEmail)
    throw error
  }
}

export async function register(db: Db, input: { name: string; email: string; phone?: string | null; password: string }, now: Date) {
  if (await findUserByEmail(db, input.email)) throw new AccountError(409, MESSAGES.duplicateEmail)
  const user = await createUser(db, input)
  // Registration signs the user in as remembered (spec section 4).
  const { token } = await createApiToken(db, user.id, now, { remember: true })
  return { token, user }
}

/**
 * Checks the password; the same error whether the email is unknown or the password wrong.
 * Only the temporary password yields a change-only token (`passwordChangeOnly`): it proves
 * the mail was received. The real password always yields a full token (ADR 009).
 */
export async function login(db: Db, input: { email: string; password: string; remember?: boolean }, now: Date) {
  const user = await findUserByEmail(db, input.email)
  if (!user || (!user.passwordHash && !user.tempPasswordHash)) {
    await burnVerify(input.password)
    throw new AccountError(401, MESSAGES.badCredentials)
  }
  let passwordChangeOnly = false
  if (user.passwordHash && (await verifyPassword(user.passwordHash, input.password))) {
    // The real password proves the account: a pending reset is no longer needed.
    if (user.requiresPasswordReset || user.tempPasswordHash) {
      await db
        .update(users)
        .set({ requiresPasswordReset: false, tempPasswordHash: null, tempPasswordExpiresAt: null, updatedAt: now })
        .where(eq(users.id, user.id))
    }
  } else if (user.tempPasswordHash && (await verifyPassword(user.tempPasswordHash, input.password))) {
    if (!user.tempPasswordExpiresAt || user.tempPasswordExpiresAt.getTime() < now.getTime()) {
      throw new AccountError(401, MESSAGES.tempExpired)
    }
    passwordChangeOnly = true
  } else {
    throw new AccountError(401, MESSAGES.badCredentials)
  }
  const { token } = await createApiToken(db, user.id, now, { remember: input.remember ?? false, passwordChangeOnly })
  // As everywhere a user is answered, the flag describes this token, not the account.
  return { token, passwordChangeOnly, user: { ...user, requiresPasswordReset: passwordChangeOnly } }
}

/**
 * The only user-chosen text a mail may carry: the first name's leading letters, up to the
 * first character that is not a letter, apostrophe or hyphen (so no dot, slash, colon or
 * digit: no link or domain survives), at most 40 of them. Sign-up proves no address, so a
 * name like 'sua assinatura foi suspensa… http://evil.example/pagar' would otherwise be sent
 * by us to anyone (issue 26 item 7).
 */
export function mailGreeting(name: string | null | undefined) {
  const first = /^[\p{L}'-]+/u.exec((name ?? '').normalize('NFC').trim())?.[0] ?? ''
  const clean = first.slice(0, 40)
  return /\p{L}/u.test(clean) ? `Olá, ${clean}!` : 'Olá!'
}

const IGNORE_IF_NOT_YOU = 'Se você não fez este pedido, ignore este email: sua senha atual continua valendo e nada muda na sua conta.'

const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' })

/**
 * Mails a temporary password when the account exists; the caller answers the same either way.
 * A pending one stays valid until used or expired: a new request never replaces it (anyone
 * could otherwise void the owner's mail by asking again). It only reminds the owner that the
 * earlier mail still works, unless `remind` is false (the caller's per-account cap on
 * reminders, so repeated requests cannot flood the mailbox). ADR 009, amended by ADR 035.
 */
export async function forgotPassword(ctx: AppContext, email: string, now: Date, options: { remind?: boolean } = {}) {
  const user = await findUserByEmail(ctx.db, email)
  // Every path spends one hash, so timing reveals neither the account nor a pending reset.
  const temporary = generateTemporaryPassword()
  const temporaryHash = await hashPassword(temporary)
  if (!user) return
  // Only when none is pending: one statement, so two requests at once cannot both replace it.
  const [claimed] = await ctx.db
    .update(users)
    .set({
      // Only the temporary password changes: no session of the account is touched (ADR 009).
      tempPasswordHash: temporaryHash,
      tempPasswordExpiresAt: new Date(now.getTime() + TEMP_PASSWORD_TTL_MS),
      updatedAt: now,
    })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.tempPasswordHash), isNull(users.tempPasswordExpiresAt), lte(users.tempPasswordExpiresAt, now)),
      ),
    )
    .returning({ id: users.id })
  if (claimed) {
    await sendMail(ctx, {
      to: user.email,
      subject: 'Gabarita: sua senha temporária',
      text: [
        mailGreeting(user.name),
        '',
        'Recebemos um pedido para recuperar a sua senha no Gabarita.',
        'Use esta senha temporária para entrar (ela vale por 1 hora):',
        '',
        `SENHA: ${temporary}`,
        '',
        'Ao entrar, você vai escolher uma nova senha.',
        IGNORE_IF_NOT_YOU,
      ].join('\n'),
    })
    return
  }
  if (options.remind === false) return
  const [pending] = await ctx.db.select({ until: users.tempPasswordExpiresAt }).from(users).where(eq(users.id, user.id))
  if (!pending?.until) return
  await sendMail(ctx, {
    to: user.email,
    subject: 'Gabarita: sua senha temporária continua valendo',
    text: [
      mailGreeting(user.name),
      '',
      'Recebemos outro pedido para recuperar a sua senha no Gabarita.',
      `A senha temporária que enviamos antes continua valendo até as ${timeFormat.format(pending.until)} (horário de Brasília).`,
      'Procure o email anterior, com o assunto "Gabarita: sua senha temporária" (veja também a pasta de spam).',
      'Depois desse horário, você pode pedir uma nova.',
      '',
      IGNORE_IF_NOT_YOU,
    ].join('\n'),
  })
}

/** Sets a new password and revokes every other token of the user (keepTokenHash stays valid). */
export async function setPassword(db: Db, userId: string, password: string, now: Date, keepTokenHash?: string) {
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      requiresPasswordReset: false,
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
  if (keepTokenHash) {
    await db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, userId), ne(apiTokens.tokenHash, keepTokenHash)))
  } else {
    await revokeAllTokens(db, userId, now)
  }
}

/**
 * The forced change after a temporary-password login. Only a change-only token may do it, and
 * only while the reset is still pending (the owner's own login cancels it). The token then
 * becomes a full session; every other session of the account is revoked.
 */
export async function changeTemporaryPassword(db: Db, session: TokenSession & { token: string }, newPassword: string, now: Date) {
  if (!session.passwordChangeOnly || !session.user.tempPasswordHash) throw new AccountError(400, MESSAGES.noPendingChange)
  await setPassword(db, session.user.id, newPassword, now, session.tokenHash)
  return upgradePasswordChangeToken(db, session.user.id, session.token, now)
}

export async function changePassword(
  db: Db,
  user: AuthUser,
  input: { current_password?: string; new_password: string },
  now: Date,
  tokenHash?: string,
) {
  // Accounts made through Google have no password yet: they may set one without a current one.
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.current_password ?? ''))) {
    throw new AccountError(400, MESSAGES.wrongCurrentPassword)
  }
  await setPassword(db, user.id, input.new_password, now, tokenHash)
}

/**
 * The admin of ADMIN_EMAIL / a demo account: created once, never overwritten afterwards. An
 * account that already has the email becomes admin only when its password is the configured
 * one: registering needs no proof of owning an email, so whoever signed up first with the
 * operator's address must not be handed the admin role at the next start.
 */
export async function ensureUser(db: Db, input: { email: string; password: string; name: string; planName: PlanName }, now: Date) {
  const existing = await findUserByEmail(db, input.email)
  if (existing) {
    if (input.planName !== 'ADMIN' || existing.planName === 'ADMIN') return { outcome: 'kept' as const, user: existing }
    if (!(await verifyPassword(existing.passwordHash, input.password))) return { outcome: 'refused' as const, user: existing }
    await db.update(users).set({ planName: 'ADMIN', updatedAt: now }).where(eq(users.id, existing.id))
    return { outcome: 'promoted' as const, user: existing }
  }
  try {
    return { outcome: 'created' as const, user: await createUser(db, input) }
  } catch (error) {
    // Another process created it meanwhile: idempotent.
    if (error instanceof AccountError && error.status === 409)
      return { outcome: 'kept' as const, user: (await findUserByEmail(db, input.email))! }
    throw error
  }
}
