import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/index'
import { featureToggles, questionUsage } from '../db/schema'
import type { PlanName } from '../db/schema'
import type { PlanLimits } from './plans'
import { PLAN_LIMITS } from './plans'

// The one module every plan check goes through: plan limits, admin toggles and
// usage counters (spec sections 3, 5, 6). GET /profile reports what it returns.

export const ADMIN_TOGGLES = [
  'notebooksEnabled',
  'commentsEnabled',
  'chatEnabled',
  'adsEnabled',
  'commentedQuestionsEnabled',
] as const
export type AdminToggle = (typeof ADMIN_TOGGLES)[number]
export type Toggles = Record<AdminToggle, boolean>

export type Usage = { questionsThisWeek: number; notebooksCreated: number; weekStart: string }

export type Policy = {
  plan_name: PlanName
  limits: PlanLimits
  toggles: Toggles
  usage: Usage
  /** Feature name → available (the plan allows it and its admin toggle is on). */
  features: Record<'notebooks' | 'comments' | 'chat' | 'ads' | 'commentedQuestions', boolean>
}

// Built once: every attempt, reveal and profile read asks for the week.
const saoPauloDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
})

/** Monday (YYYY-MM-DD) of the week `at` falls in, on the São Paulo calendar. */
export function weekStart(at: Date = new Date()): string {
  const parts = saoPauloDay.formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const localDay = new Date(Date.UTC(Number(get('year')), Number(get('month')) - 1, Number(get('day'))))
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'))
  localDay.setUTCDate(localDay.getUTCDate() - weekday)
  return localDay.toISOString().slice(0, 10)
}

export async function getToggles(db: Db): Promise<Toggles> {
  const rows = await db.select().from(featureToggles)
  const toggles = Object.fromEntries(ADMIN_TOGGLES.map((key) => [key, true])) as Toggles
  for (const row of rows) if ((ADMIN_TOGGLES as readonly string[]).includes(row.key)) toggles[row.key as AdminToggle] = row.enabled
  return toggles
}

export async function getUsage(db: Db, userId: string, at = new Date()): Promise<Usage> {
  const week = weekStart(at)
  const [row] = await db
    .select({ n: count() })
    .from(questionUsage)
    .where(and(eq(questionUsage.userId, userId), eq(questionUsage.weekStart, week)))
  return { questionsThisWeek: Number(row?.n ?? 0), notebooksCreated: 0, weekStart: week }
}

export function buildPolicy(planName: PlanName, toggles: Toggles, usage: Usage): Policy {
  const limits = PLAN_LIMITS[planName] ?? PLAN_LIMITS.GRATUITO
  return {
    plan_name: planName,
    limits,
    toggles,
    usage,
    features: {
      notebooks: limits.hasNotebooks && toggles.notebooksEnabled,
      comments: limits.hasComments && toggles.commentsEnabled,
      chat: limits.hasChat && toggles.chatEnabled,
      ads: limits.hasAds && toggles.adsEnabled,
      commentedQuestions: limits.hasCommentedQuestions && toggles.commentedQuestionsEnabled,
    },
  }
}

export async function getPolicy(db: Db, user: { id: string; planName: PlanName }, at = new Date()): Promise<Policy> {
  const [toggles, usage] = await Promise.all([getToggles(db), getUsage(db, user.id, at)])
  return buildPolicy(user.planName, toggles, usage)
}

/** Question use is allowed when unlimited or the week's count is below the limit. */
export function canUseAnotherQuestion(policy: Policy) {
  const limit = policy.limits.questionsPerWeek
  return limit === -1 || policy.usage.questionsThisWeek < limit
}

export function quotaMessage(policy: Policy) {
  return quotaMessageFor(policy.limits.questionsPerWeek)
}

export function quotaMessageFor(limit: number) {
  return `Você atingiu o limite de ${limit} questões por semana do seu plano. Faça upgrade do plano para continuar praticando.`
}

export type QuestionUseResult = { allowed: true; policy: Policy } | { allowed: false; policy: Policy; message: string }

/**
 * Counts `questionId` against the user's weekly quota (answering or revealing).
 * A question already counted this week is free; on a limited plan a new one is
 * refused once the week's count reaches the limit. The check and the insert run
 * in one transaction under a per-user advisory lock, so concurrent requests
 * cannot both take the last free slot.
 */
export async function claimQuestionUse(
  db: Db,
  user: { id: string; planName: PlanName },
  questionId: number,
  at = new Date(),
): Promise<QuestionUseResult> {
  const week = weekStart(at)
  const toggles = await getToggles(db)
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`quota:${user.id}`}))`)
    const [{ n }] = await tx
      .select({ n: count() })
      .from(questionUsage)
      .where(and(eq(questionUsage.userId, user.id), eq(questionUsage.weekStart, week)))
    const [already] = await tx
      .select({ q: questionUsage.questionId })
      .from(questionUsage)
      .where(and(eq(questionUsage.userId, user.id), eq(questionUsage.weekStart, week), eq(questionUsage.questionId, questionId)))
    const usage: Usage = { questionsThisWeek: Number(n), notebooksCreated: 0, weekStart: week }
    const policy = buildPolicy(user.planName, toggles, usage)
    if (already) return { allowed: true as const, policy }
    if (!canUseAnotherQuestion(policy)) return { allowed: false as const, policy, message: quotaMessage(policy) }
    await tx.insert(questionUsage).values({ userId: user.id, questionId, weekStart: week }).onConflictDoNothing()
    policy.usage = { ...usage, questionsThisWeek: usage.questionsThisWeek + 1 }
    return { allowed: true as const, policy }
  })
}
