import { and, count, eq, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { notebooks, questionUsage } from '../../db/schema'
import { weekStart } from '../../domain/time/calendar'
import type { Toggles } from '../../domain/toggles/names'
import { getToggles } from '../../domain/toggles/store'
import type { Catalog } from './catalog'
import { getCatalog, limitsOf, planNames } from './catalog'
import type { PlanLimits } from './plan-messages'
import { quotaMessageFor } from './plan-messages'

// The one module every plan check goes through: plan limits (the catalogue's rows), admin
// toggles and usage counters (spec sections 3, 5, 6). GET /profile reports what it returns.

export const FEATURES = ['notebooks', 'comments', 'chat', 'ads', 'commentedQuestions', 'simulations', 'fullSimulations'] as const
export type Feature = (typeof FEATURES)[number]

export type Usage = {
  questionsThisWeek: number
  /** Null on an unlimited plan. */
  questionsRemainingThisWeek: number | null
  notebooksCreated: number
  weekStart: string
}

export type Policy = {
  plan_name: PlanName
  limits: PlanLimits
  toggles: Toggles
  usage: Usage
  /** Feature name → available (the plan allows it and its admin toggle is on). */
  features: Record<Feature, boolean>
}

/**
 * Notebooks the user holds now (deleting one frees its place under the plan's notebooksLimit);
 * every notebook check below follows this count.
 */
export async function countNotebooks(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notebooks).where(eq(notebooks.userId, userId))
  return Number(row?.n ?? 0)
}

export async function getUsage(db: Db, userId: string, at: Date): Promise<Usage> {
  const week = weekStart(at)
  const [[row], notebooksCreated] = await Promise.all([
    db
      .select({ n: count() })
      .from(questionUsage)
      .where(and(eq(questionUsage.userId, userId), eq(questionUsage.weekStart, week))),
    countNotebooks(db, userId),
  ])
  return { questionsThisWeek: Number(row?.n ?? 0), questionsRemainingThisWeek: null, notebooksCreated, weekStart: week }
}

/** What every policy is built from besides the user: the admin toggles and the plan catalogue. */
export type Rules = { toggles: Toggles; catalog: Catalog }

export async function getRules(db: Db): Promise<Rules> {
  const [toggles, catalog] = await Promise.all([getToggles(db), getCatalog(db)])
  return { toggles, catalog }
}

/** What a plan allows now, with no usage and so no clock: its limits, the toggles and the features. */
export type Access = Pick<Policy, 'plan_name' | 'limits' | 'toggles' | 'features'>

export function accessOf(planName: PlanName, { toggles, catalog }: Rules): Access {
  const limits = limitsOf(catalog, planName)
  return {
    plan_name: planName,
    limits,
    toggles,
    features: {
      notebooks: limits.hasNotebooks && toggles.notebooksEnabled,
      comments: limits.hasComments && toggles.commentsEnabled,
      chat: limits.hasChat && toggles.chatEnabled,
      ads: limits.hasAds && toggles.adsEnabled,
      commentedQuestions: limits.hasCommentedQuestions && toggles.commentedQuestionsEnabled,
      // Any simulado (a prova anterior within simulationsPerMonth); fullSimulations: every kind.
      simulations: (limits.hasSimulations || limits.simulationsPerMonth !== 0) && toggles.simulationsEnabled,
      fullSimulations: limits.hasSimulations && toggles.simulationsEnabled,
    },
  }
}

/** The plan's access for a rule that counts nothing (posting, the assistant, adding to a notebook). */
export async function getAccess(db: Db, user: { planName: PlanName }): Promise<Access> {
  return accessOf(user.planName, await getRules(db))
}

export function buildPolicy(planName: PlanName, rules: Rules, usage: Usage): Policy {
  const access = accessOf(planName, rules)
  const limit = access.limits.questionsPerWeek
  return {
    ...access,
    usage: { ...usage, questionsRemainingThisWeek: limit === -1 ? null : Math.max(0, limit - usage.questionsThisWeek) },
  }
}

export async function getPolicy(db: Db, user: { id: string; planName: PlanName }, at: Date): Promise<Policy> {
  const [rules, usage] = await Promise.all([getRules(db), getUsage(db, user.id, at)])
  return buildPolicy(user.planName, rules, usage)
}

/** A feature is available only if the plan allows it and its toggle is on; false without a policy (spec section 5). */
export function hasFeature(policy: Pick<Policy, 'features'> | null | undefined, feature: Feature) {
  return policy?.features[feature] === true
}

/** A notebook can be created when notebooks are available and the count is below the limit (or unlimited). */
export function canCreateNotebook(policy: Policy) {
  if (!hasFeature(policy, 'notebooks')) return false
  const limit = policy.limits.notebooksLimit
  return limit === -1 || policy.usage.notebooksCreated < limit
}

/**
 * The questions among `questionIds` this user cannot open at `at`: the plan's weekly quota is
 * spent and they were not opened this week, so claimQuestionUse would refuse them (issue 61: a
 * list said so only after the student had worked the question out). [] for an unlimited plan, or
 * while some of the week's quota is left.
 */
export async function questionsBeyondQuota(
  db: Db,
  user: { id: string; planName: PlanName },
  questionIds: readonly number[],
  at: Date,
): Promise<number[]> {
  if (!questionIds.length) return []
  const limit = limitsOf(await getCatalog(db), user.planName).questionsPerWeek
  if (limit === -1) return []
  const opened = await db
    .select({ id: questionUsage.questionId })
    .from(questionUsage)
    .where(and(eq(questionUsage.userId, user.id), eq(questionUsage.weekStart, weekStart(at))))
  if (opened.length < limit) return []
  const thisWeek = new Set(opened.map((row) => row.id))
  return questionIds.filter((id) => !thisWeek.has(id))
}

/** Question use is allowed when unlimited or the week's count is below the limit. */
export function canUseAnotherQuestion(policy: Policy) {
  const limit = policy.limits.questionsPerWeek
  return limit === -1 || policy.usage.questionsThisWeek < limit
}

export { quotaMessageFor }

export function quotaMessage(policy: Policy) {
  return quotaMessageFor(policy.limits.questionsPerWeek, policy.usage.weekStart)
}

/** `claimed`: this use took a new place in the week's quota (not a question already opened this week). */
export type QuestionUseResult = { allowed: true; policy: Policy; claimed: boolean } | { allowed: false; policy: Policy; message: string }

/** The use took the week's last place: the answer says it was the last question of the week. */
export const tookLastOfWeek = (use: QuestionUseResult) => use.allowed && use.claimed && use.policy.usage.questionsRemainingThisWeek === 0

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
  at: Date,
): Promise<QuestionUseResult> {
  const week = weekStart(at)
  const [rules, notebooksCreated] = await Promise.all([getRules(db), countNotebooks(db, user.id)])
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
    const usage: Usage = { questionsThisWeek: Number(n), questionsRemainingThisWeek: null, notebooksCreated, weekStart: week }
    const policy = buildPolicy(user.planName, rules, usage)
    if (already) return { allowed: true as const, policy, claimed: false }
    if (!canUseAnotherQuestion(policy)) return { allowed: false as const, policy, message: quotaMessage(policy) }
    await tx.insert(questionUsage).values({ userId: user.id, questionId, weekStart: week }).onConflictDoNothing()
    return {
      allowed: true as const,
      policy: buildPolicy(user.planName, rules, { ...usage, questionsThisWeek: usage.questionsThisWeek + 1 }),
      claimed: true,
    }
  })
}

/** Why the teacher's explanation is hidden: the plan lacks it, or the admin toggle is off. */
export type CommentedAnswerAccess = { allowed: true } | { allowed: false; reason: 'plan' | 'disabled'; message: string }

/** Names the plans that have it now, from the catalogue. */
export const commentedPlanMessage = (catalog: Catalog) =>
  `A análise do professor (questões comentadas) não faz parte do seu plano. Ela está nos planos ${planNames(catalog, (l) => l.hasCommentedQuestions)}.`
export const COMMENTED_DISABLED_MESSAGE = 'As questões comentadas estão desativadas no momento.'

/**
 * Análise (the commented answer): plan hasCommentedQuestions AND the commentedQuestionsEnabled
 * toggle (features.commentedQuestions). The toggle off hides it from everyone, admins included.
 */
export function commentedAnswerAccess(policy: Policy | null | undefined, catalog: Catalog): CommentedAnswerAccess {
  if (hasFeature(policy, 'commentedQuestions')) return { allowed: true }
  if (policy && policy.limits.hasCommentedQuestions) return { allowed: false, reason: 'disabled', message: COMMENTED_DISABLED_MESSAGE }
  return { allowed: false, reason: 'plan', message: commentedPlanMessage(catalog) }
}
