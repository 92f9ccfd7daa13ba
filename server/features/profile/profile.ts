import { eq } from 'drizzle-orm'

import type { AuthUser } from '../../api/session'
import type { Db } from '../../db/index'
import { profiles, users } from '../../db/schema'
import type { ProfileUpdate } from './schemas'

// Perfil (spec section 3): the user's own fields and the profile's, saved by PUT /profile.

/**
 * Applies a profile update. Only the fields the client sent (`sent`) change: a field left out
 * keeps its value, one sent empty is cleared. Returns the user as it is now.
 */
export async function updateProfile(db: Db, user: AuthUser, body: ProfileUpdate, sent: ReadonlySet<string>, now: Date): Promise<AuthUser> {
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
      .set({ ...userChanges, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning()
    // Keep what the session says about the token (requiresPasswordReset), not the column.
    updated = { ...row, requiresPasswordReset: user.requiresPasswordReset }
  }
  await db
    .insert(profiles)
    .values({ userId: user.id, ...profileChanges })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...profileChanges, updatedAt: now } })
  return updated
}
