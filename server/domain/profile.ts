import { eq } from 'drizzle-orm'
import * as z from 'zod'

import type { Db } from '../db/index'
import { profiles, users } from '../db/schema'
import { GENDERS, MASCOTS, normalizeBirthDate, STUDY_TIMES } from './auth/profile-choices'
import { nameField, phoneField } from './auth/schemas'
import type { AuthUser } from './auth/tokens'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Texto muito longo (máximo ${max} caracteres)`)
    .nullish()
    .transform((v) => (v ? v : null))

/** A select left on its empty option sends '': the same as clearing the field. */
const blankAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema)

/** PUT /profile: every field optional; a field not sent is left as it is. */
export const UpdateProfileSchema = z.object({
  name: nameField.optional(),
  phone: phoneField,
  mascot: z.enum(MASCOTS, { error: 'Mascote inválido' }).nullish(),
  birth_date: z
    .string()
    .trim()
    .nullish()
    .transform((v, issue) => {
      if (!v) return null
      const date = normalizeBirthDate(v)
      if (!date) {
        issue.addIssue({ code: 'custom', message: 'Data de nascimento inválida (use dd/mm/aaaa)' })
        return z.NEVER
      }
      return date
    }),
  gender: blankAsNull(z.enum(GENDERS, { error: 'Gênero inválido' }).nullish()),
  education_level: optionalText(100),
  target_exam: optionalText(100),
  study_goal: optionalText(500),
  preferred_study_time: blankAsNull(z.enum(STUDY_TIMES, { error: 'Horário de estudo inválido' }).nullish()),
  notifications_enabled: z.boolean({ error: 'notifications_enabled deve ser verdadeiro ou falso' }).optional(),
  /** Leave the weekly ranking (the dashboard's Configurações tab). */
  ranking_opt_out: z.boolean({ error: 'ranking_opt_out deve ser verdadeiro ou falso' }).optional(),
  university: optionalText(200),
  course: optionalText(200),
  year: z
    .number({ error: 'O ano/período deve ser um número inteiro' })
    .int('O ano/período deve ser um número inteiro')
    .min(0, 'O ano/período deve ser um número inteiro positivo')
    .max(100000, 'O ano/período é grande demais')
    .nullish(),
  bio: optionalText(2000),
})

export type ProfileUpdate = z.output<typeof UpdateProfileSchema>

/**
 * Applies a profile update. Only the fields the client sent (`sent`) change: a field left out
 * keeps its value, one sent empty is cleared. Returns the user as it is now.
 */
export async function updateProfile(db: Db, user: AuthUser, body: ProfileUpdate, sent: ReadonlySet<string>): Promise<AuthUser> {
  const has = (key: string) => sent.has(key)
  const userChanges: Partial<typeof users.$inferInsert> = {}
  if (body.name !== undefined) userChanges.name = body.name
  if (has('phone')) userChanges.phone = body.phone?.trim() || null
  if (has('mascot')) userChanges.mascot = body.mascot ?? null
  const profileChanges: Partial<typeof profiles.$inferInsert> = {}
  // notifications_enabled and ranking_opt_out stay as the user set them unless sent.
  if (has('birth_date')) profileChanges.birthDate = body.birth_date
  if (has('gender')) profileChanges.gender = body.gender ?? null
  if (has('education_level')) profileChanges.educationLevel = body.education_level
  if (has('target_exam')) profileChanges.targetExam = body.target_exam
  if (has('study_goal')) profileChanges.studyGoal = body.study_goal
  if (has('preferred_study_time')) profileChanges.preferredStudyTime = body.preferred_study_time ?? null
  if (body.notifications_enabled !== undefined) profileChanges.notificationsEnabled = body.notifications_enabled
  if (body.ranking_opt_out !== undefined) profileChanges.rankingOptOut = body.ranking_opt_out
  if (has('university')) profileChanges.university = body.university
  if (has('course')) profileChanges.course = body.course
  if (has('year')) profileChanges.year = body.year ?? null
  if (has('bio')) profileChanges.bio = body.bio

  let updated = user
  if (Object.keys(userChanges).length) {
    const [row] = await db
      .update(users)
      .set({ ...userChanges, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
    // Keep what the session says about the token (requiresPasswordReset), not the column.
    updated = { ...row, requiresPasswordReset: user.requiresPasswordReset }
  }
  await db
    .insert(profiles)
    .values({ userId: user.id, ...profileChanges })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...profileChanges, updatedAt: new Date() } })
  return updated
}
