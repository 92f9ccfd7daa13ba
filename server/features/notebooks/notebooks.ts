import crypto from 'node:crypto'

import { and, eq, inArray, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { notebookQuestions, notebooks, questions } from '../../db/schema'
import { ownNotebook } from '../../domain/ownership'
import { loadCards } from '../../domain/questions/search'
import type { Policy } from '../plans/index'
import { planLabel } from '../plans/index'
import { buildPolicy, canCreateNotebook, getAccess, getRules, getUsage, hasFeature } from '../plans/index'
import type { NotebookAllowance, NotebookDetailJson, NotebookJson, NotebookQuestionsPage } from './contract'
import { NOT_IN_NOTEBOOK, NOTEBOOK_NOT_FOUND, NOTEBOOKS_DISABLED, PLANS_URL, QUESTION_NOT_FOUND } from './messages'
import type { NotebookColor } from './schemas'
import { NOTEBOOK_COLORS } from './schemas'

// Fichário (issue 11): a student's notebooks and the questions in them. Plain functions over
// Db returning outcomes; ./router.ts maps them to status codes. Another user's
// notebook is "not found" exactly like one that does not exist. Creating goes through the
// policy (notebooksLimit of the plan AND the notebooksEnabled toggle).

export type Owner = { id: string; planName: PlanName }

export type NotebookOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string; code: string; extra?: Record<string, unknown> }

export const limitMessage = (limit: number, plan: PlanName) =>
  `Você atingiu o limite de ${limit} ${limit === 1 ? 'caderno' : 'cadernos'} do plano ${planLabel(plan)}. Conheça os outros planos para criar mais cadernos.`

const iso = (value: Date | string) => new Date(value).toISOString()

export function randomColor(): NotebookColor {
  return NOTEBOOK_COLORS[crypto.randomInt(NOTEBOOK_COLORS.length)]
}

/** What the policy says about creating one more notebook. */
export function allowanceOf(policy: Policy): NotebookAllowance {
  const limit = policy.limits.notebooksLimit === -1 ? null : policy.limits.notebooksLimit
  const base = { count: policy.usage.notebooksCreated, limit, plan_name: policy.plan_name, plans_url: PLANS_URL }
  if (canCreateNotebook(policy)) return { ...base, can_create: true, message: null, code: null }
  if (!policy.toggles.notebooksEnabled) return { ...base, can_create: false, message: NOTEBOOKS_DISABLED, code: 'NOTEBOOKS_DISABLED' }
  if (!policy.limits.hasNotebooks)
    return {
      ...base,
      can_create: false,
      message: `Cadernos não fazem parte do plano ${planLabel(policy.plan_name)}. Conheça os outros planos.`,
      code: 'PLAN_REQUIRED',
    }
  return { ...base, can_create: false, message: limitMessage(limit ?? 0, policy.plan_name), code: 'NOTEBOOK_LIMIT' }
}

export async function notebookAllowance(db: Db, owner: Owner, now: Date): Promise<NotebookAllowance> {
  const [rules, usage] = await Promise.all([getRules(db), getUsage(db, owner.id, now)])
  return allowanceOf(buildPolicy(owner.planName, rules, usage))
}

type NotebookRow = {
  id: number
  name: string
  description: string | null
  color: string
  created_at: string | Date
  updated_at: string | Date
  questions_count: number | string
}

const toJson = (r: NotebookRow): NotebookJson => ({
  id: Number(r.id),
  name: r.name,
  description: r.description,
  color: r.color,
  questionsCount: Number(r.questions_count ?? 0),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
})

const LIVE_COUNT = sql`(SELECT count(*) FROM notebook_questions nq JOIN questions q ON q.id = nq.question_id
  WHERE nq.notebook_id = n.id AND q.removed_at IS NULL)`

/** The student's notebooks, oldest first (the order they were created in). */
export async function listNotebooks(db: Db, owner: Owner, now: Date) {
  const [rows, allowance] = await Promise.all([
    queryRows<NotebookRow>(
      db,
      sql`SELECT n.id, n.name, n.description, n.color, n.created_at, n.updated_at, ${LIVE_COUNT} AS questions_count
        FROM notebooks n WHERE n.user_id = ${owner.id} ORDER BY n.created_at, n.id`,
      { prepare: true },
    ),
    notebookAllowance(db, owner, now),
  ])
  return { notebooks: rows.map(toJson), allowance }
}

export async function getNotebook(db: Db, userId: string, id: number): Promise<NotebookOutcome<NotebookDetailJson>> {
  const [row] = await queryRows<NotebookRow & { answered_count: number | string }>(
    db,
    sql`SELECT n.id, n.name, n.description, n.color, n.created_at, n.updated_at, ${LIVE_COUNT} AS questions_count,
        (SELECT count(*) FROM notebook_questions nq JOIN questions q ON q.id = nq.question_id
          WHERE nq.notebook_id = n.id AND q.removed_at IS NULL
            AND EXISTS (SELECT 1 FROM attempts a WHERE a.user_id = n.user_id AND a.question_id = nq.question_id)) AS answered_count
      FROM notebooks n WHERE n.id = ${id} AND n.user_id = ${userId}`,
    { prepare: true },
  )
  if (!row) return { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
  const json = toJson(row)
  const answeredCount = Number(row.answered_count ?? 0)
  return {
    kind: 'ok',
    value: { ...json, answeredCount, progressPercent: json.questionsCount ? Math.round((answeredCount / json.questionsCount) * 100) : 0 },
  }
}

async function notebookJson(db: Db, userId: string, id: number) {
  const [row] = await queryRows<NotebookRow>(
    db,
    sql`SELECT n.id, n.name, n.description, n.color, n.created_at, n.updated_at, ${LIVE_COUNT} AS questions_count
      FROM notebooks n WHERE n.id = ${id} AND n.user_id = ${userId}`,
    { prepare: true },
  )
  return row ? toJson(row) : null
}

export type NotebookInput = { name: string; description?: string | null; color?: string | null }

/**
 * Creates a notebook when the policy allows one more. The count and the insert run in one
 * transaction under a per-user advisory lock: two concurrent requests cannot both take the
 * last free slot.
 */
export async function createNotebook(db: Db, owner: Owner, input: NotebookInput, now: Date): Promise<NotebookOutcome<NotebookJson>> {
  const rules = await getRules(db)
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notebooks:${owner.id}`}))`)
    const usage = await getUsage(tx as unknown as Db, owner.id, now)
    const allowance = allowanceOf(buildPolicy(owner.planName, rules, usage))
    if (!allowance.can_create)
      return {
        kind: 'forbidden' as const,
        message: allowance.message ?? NOTEBOOKS_DISABLED,
        code: allowance.code ?? 'NOTEBOOKS_DISABLED',
        extra: { limit: allowance.limit, count: allowance.count, plans_url: PLANS_URL },
      }
    const [row] = await tx
      .insert(notebooks)
      .values({ userId: owner.id, name: input.name, description: input.description || null, color: input.color || randomColor() })
      .returning()
    return {
      kind: 'ok' as const,
      value: { ...toJson({ ...row, created_at: row.createdAt, updated_at: row.updatedAt, questions_count: 0 }) },
    }
  })
}

export async function updateNotebook(
  db: Db,
  userId: string,
  id: number,
  input: Partial<NotebookInput>,
  now: Date,
): Promise<NotebookOutcome<NotebookJson>> {
  const set: Partial<typeof notebooks.$inferInsert> = { updatedAt: now }
  if (input.name !== undefined) set.name = input.name
  if (input.description !== undefined) set.description = input.description || null
  if (input.color) set.color = input.color
  const [row] = await db
    .update(notebooks)
    .set(set)
    .where(and(eq(notebooks.id, id), eq(notebooks.userId, userId)))
    .returning({ id: notebooks.id })
  if (!row) return { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
  const json = await notebookJson(db, userId, id)
  return json ? { kind: 'ok', value: json } : { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
}

/** Deletes the notebook; its question rows go with it (FK cascade), the questions stay. */
export async function deleteNotebook(db: Db, userId: string, id: number): Promise<NotebookOutcome<{ id: number }>> {
  const [row] = await db
    .delete(notebooks)
    .where(and(eq(notebooks.id, id), eq(notebooks.userId, userId)))
    .returning({ id: notebooks.id })
  return row ? { kind: 'ok', value: row } : { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
}

/** One page of the notebook's questions, most recently added first, as search cards plus added_at. */
export async function listNotebookQuestions(
  db: Db,
  userId: string,
  id: number,
  page: number,
  perPage: number,
): Promise<NotebookOutcome<NotebookQuestionsPage>> {
  const notebook = await ownNotebook(db, userId, id)
  if (!notebook) return { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
  const rows = await queryRows<{ question_id: number; added_at: string | Date; total: number | string }>(
    db,
    sql`SELECT nq.question_id, nq.added_at, count(*) OVER () AS total
      FROM notebook_questions nq JOIN questions q ON q.id = nq.question_id
      WHERE nq.notebook_id = ${id} AND q.removed_at IS NULL
      ORDER BY nq.added_at DESC, nq.question_id DESC
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    { prepare: true },
  )
  let total = Number(rows[0]?.total ?? 0)
  if (!rows.length && page > 1) {
    // Past the last page: the total still tells the client where the pages end.
    const [{ n }] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM notebook_questions nq JOIN questions q ON q.id = nq.question_id
        WHERE nq.notebook_id = ${id} AND q.removed_at IS NULL`,
    )
    total = Number(n)
  }
  const added = new Map(rows.map((r) => [Number(r.question_id), iso(r.added_at)]))
  const cards = await loadCards(
    db,
    rows.map((r) => Number(r.question_id)),
    userId,
  )
  return {
    kind: 'ok',
    value: {
      notebook,
      questions: cards.map((c) => ({ ...c, question_id: c.id, added_at: added.get(c.id) ?? '' })),
      total,
      page,
      per_page: perPage,
    },
  }
}

export async function removeNotebookQuestion(
  db: Db,
  userId: string,
  id: number,
  questionId: number,
  now: Date,
): Promise<NotebookOutcome<{ notebook_id: number; question_id: number }>> {
  if (!(await ownNotebook(db, userId, id))) return { kind: 'not-found', message: NOTEBOOK_NOT_FOUND }
  const [row] = await db
    .delete(notebookQuestions)
    .where(and(eq(notebookQuestions.notebookId, id), eq(notebookQuestions.questionId, questionId)))
    .returning({ notebook_id: notebookQuestions.notebookId, question_id: notebookQuestions.questionId })
  if (!row) return { kind: 'not-found', message: NOT_IN_NOTEBOOK }
  await db.update(notebooks).set({ updatedAt: now }).where(eq(notebooks.id, id))
  return { kind: 'ok', value: row }
}

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

async function memberIds(db: Db, userId: string, questionId: number) {
  const rows = await db
    .select({ id: notebookQuestions.notebookId })
    .from(notebookQuestions)
    .innerJoin(notebooks, eq(notebooks.id, notebookQuestions.notebookId))
    .where(and(eq(notebookQuestions.questionId, questionId), eq(notebooks.userId, userId)))
    .orderBy(notebookQuestions.notebookId)
  return rows.map((r) => r.id)
}

/** The ids of this student's notebooks that hold the question. */
export async function questionNotebooks(db: Db, userId: string, questionId: number): Promise<NotebookOutcome<{ notebook_ids: number[] }>> {
  if (!(await liveQuestion(db, questionId))) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  return { kind: 'ok', value: { notebook_ids: await memberIds(db, userId, questionId) } }
}

/**
 * Makes `ids` the complete set of this student's notebooks holding the question, in one
 * transaction: notebooks left out lose it, new ones gain it, the rest keep their date added.
 * Any id that is not one of the student's notebooks → not found, and nothing changes.
 * Adding needs the notebooks feature (the admin toggle); removing never does.
 */
export async function setQuestionNotebooks(
  db: Db,
  owner: Owner,
  questionId: number,
  ids: number[],
  now: Date,
): Promise<NotebookOutcome<{ notebook_ids: number[]; added: number[]; removed: number[] }>> {
  const wanted = [...new Set(ids)]
  if (!(await liveQuestion(db, questionId))) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const access = await getAccess(db, owner)
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // One membership change per student and question at a time: the set written is the set kept.
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`membership:${owner.id}:${questionId}`}))`)
    if (wanted.length) {
      const owned = await t
        .select({ id: notebooks.id })
        .from(notebooks)
        .where(and(eq(notebooks.userId, owner.id), inArray(notebooks.id, wanted)))
        .for('update')
      if (owned.length !== wanted.length) return { kind: 'not-found' as const, message: NOTEBOOK_NOT_FOUND }
    }
    const current = await memberIds(t, owner.id, questionId)
    const added = wanted.filter((id) => !current.includes(id))
    const removed = current.filter((id) => !wanted.includes(id))
    if (added.length && !hasFeature(access, 'notebooks'))
      return { kind: 'forbidden' as const, message: NOTEBOOKS_DISABLED, code: 'NOTEBOOKS_DISABLED' }
    if (removed.length)
      await t
        .delete(notebookQuestions)
        .where(and(eq(notebookQuestions.questionId, questionId), inArray(notebookQuestions.notebookId, removed)))
    if (added.length)
      await t
        .insert(notebookQuestions)
        .values(added.map((notebookId) => ({ notebookId, questionId })))
        .onConflictDoNothing()
    const touched = [...added, ...removed]
    if (touched.length) await t.update(notebooks).set({ updatedAt: now }).where(inArray(notebooks.id, touched))
    return { kind: 'ok' as const, value: { notebook_ids: [...wanted].sort((a, b) => a - b), added, removed } }
  })
}
