import { and, eq, inArray, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import { disciplines, errorReports, exams, legislativeChangeDisciplines, legislativeChanges, questions } from '../../db/schema'
import type { ExamDateJson, LegislativeChangeJson } from './contract'
import type { ScopeKind } from './messages'
import type { LegislativeChangeBody } from './schemas'

// The legislative changes an admin keeps with their scope (ADR 053, 089, 091), and a question
// confirmed outdated (ADR 053); staff's word on one badge is ./badges.ts. The rule that reads them
// lives in the kernel (server/domain/legislation.ts).

type Row = {
  id: number
  label: string
  name: string
  in_force: string
  note: string
  updated_at: Date | string
  disciplines: { id: number; name: string }[] | string | null
  scope_kind: ScopeKind
  scope_norms: string[] | string | null
  scope_articles: string[] | string | null
  scope_terms: string[] | string | null
}

/** A json array as PGlite or pg hands it over. */
const texts = (value: string[] | string | null): string[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? []))

/** Every change (or one), oldest in force first, with its disciplines: the admin's links, or the seed's names. */
export async function listChanges(db: Db, only?: number): Promise<LegislativeChangeJson[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT lc.id, lc.label, lc.name, lc.in_force::text AS in_force, lc.note, lc.updated_at,
          lc.scope_kind, to_json(lc.scope_norms) AS scope_norms, to_json(lc.scope_articles) AS scope_articles,
          to_json(lc.scope_terms) AS scope_terms,
          (SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name), '[]'::json) FROM disciplines d
            WHERE d.id IN (SELECT l.discipline_id FROM legislative_change_disciplines l WHERE l.change_id = lc.id)
               OR d.name_key = ANY(lc.seed_discipline_keys)) AS disciplines
        FROM legislative_changes lc
        ${only === undefined ? sql`` : sql`WHERE lc.id = ${only}`}
        ORDER BY lc.in_force, lc.id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    label: r.label,
    name: r.name,
    in_force: String(r.in_force).slice(0, 10),
    note: r.note,
    disciplines: (typeof r.disciplines === 'string' ? JSON.parse(r.disciplines) : (r.disciplines ?? [])).map(
      (d: { id: number; name: string }) => ({ id: Number(d.id), name: d.name }),
    ),
    scope: { kind: r.scope_kind, norms: texts(r.scope_norms), articles: texts(r.scope_articles), terms: texts(r.scope_terms) },
    updated_at: new Date(r.updated_at).toISOString(),
  }))
}

async function knownDisciplines(db: Db, ids: number[]) {
  const found = await db.select({ id: disciplines.id }).from(disciplines).where(inArray(disciplines.id, ids))
  return found.length === ids.length
}

export type SaveOutcome = { kind: 'ok'; change: LegislativeChangeJson } | { kind: 'not-found' } | { kind: 'unknown-discipline' }

/**
 * Creates a change, or replaces one's fields and disciplines (the seed's names then give way to the
 * admin's choice) and, when sent, its scope: all in one transaction, or nothing.
 */
export async function saveChange(db: Db, body: LegislativeChangeBody, at: Date, id?: number): Promise<SaveOutcome> {
  if (!(await knownDisciplines(db, body.discipline_ids))) return { kind: 'unknown-discipline' }
  const scope = body.scope && {
    scopeKind: body.scope.kind,
    scopeNorms: body.scope.norms,
    scopeArticles: body.scope.articles,
    scopeTerms: body.scope.terms,
  }
  const fields = {
    label: body.label,
    name: body.name,
    inForce: body.in_force,
    note: body.note,
    seedDisciplineKeys: [],
    updatedAt: at,
    ...scope,
  }
  const savedId = await db.transaction(async (tx) => {
    let changeId: number
    if (id === undefined) {
      const [row] = await tx
        .insert(legislativeChanges)
        .values({ ...fields, createdAt: at })
        .returning({ id: legislativeChanges.id })
      changeId = row!.id
    } else {
      const rows = await tx
        .update(legislativeChanges)
        .set(fields)
        .where(eq(legislativeChanges.id, id))
        .returning({ id: legislativeChanges.id })
      if (!rows.length) return null
      changeId = id
      await tx.delete(legislativeChangeDisciplines).where(eq(legislativeChangeDisciplines.changeId, id))
    }
    await tx.insert(legislativeChangeDisciplines).values(body.discipline_ids.map((disciplineId) => ({ changeId, disciplineId })))
    return changeId
  })
  if (savedId === null) return { kind: 'not-found' }
  const [change] = await listChanges(db, savedId)
  return { kind: 'ok', change: change! }
}

export async function deleteChange(db: Db, id: number) {
  const rows = await db.delete(legislativeChanges).where(eq(legislativeChanges.id, id)).returning({ id: legislativeChanges.id })
  return rows.length > 0
}

export type OutdatedOutcome =
  | { kind: 'ok'; question: { id: number; outdated_note: string | null; outdated_at: string | null } }
  | { kind: 'not-found' }
  | { kind: 'report-not-found' }

const outdatedJson = (q: { id: number; outdatedNote: string | null; outdatedAt: Date | null }) => ({
  id: q.id,
  outdated_note: q.outdatedNote,
  outdated_at: q.outdatedAt?.toISOString() ?? null,
})

/**
 * Marks a live question outdated with the note students read; with a report of this question,
 * that report becomes Corrigido, answered with the note by this admin.
 */
export async function confirmOutdated(
  db: Db,
  adminId: string,
  questionId: number,
  change: { note: string; report_id?: number },
  at: Date,
): Promise<OutdatedOutcome> {
  return db.transaction(async (tx) => {
    if (change.report_id !== undefined) {
      const [report] = await tx
        .select({ id: errorReports.id })
        .from(errorReports)
        .where(and(eq(errorReports.id, change.report_id), eq(errorReports.questionId, questionId)))
      if (!report) return { kind: 'report-not-found' as const }
    }
    const [q] = await tx
      .update(questions)
      .set({ outdatedNote: change.note, outdatedAt: at })
      .where(and(eq(questions.id, questionId), sql`${questions.removedAt} IS NULL`))
      .returning({ id: questions.id, outdatedNote: questions.outdatedNote, outdatedAt: questions.outdatedAt })
    if (!q) return { kind: 'not-found' as const }
    if (change.report_id !== undefined)
      await tx
        .update(errorReports)
        .set({ status: 'corrigido', answer: change.note, answeredAt: at, answeredBy: adminId })
        .where(eq(errorReports.id, change.report_id))
    return { kind: 'ok' as const, question: outdatedJson(q) }
  })
}

export async function undoOutdated(db: Db, questionId: number): Promise<OutdatedOutcome> {
  const [q] = await db
    .update(questions)
    .set({ outdatedNote: null, outdatedAt: null })
    .where(and(eq(questions.id, questionId), sql`${questions.removedAt} IS NULL`))
    .returning({ id: questions.id, outdatedNote: questions.outdatedNote, outdatedAt: questions.outdatedAt })
  return q ? { kind: 'ok', question: outdatedJson(q) } : { kind: 'not-found' }
}

/** The exams with live questions, newest first, with the day each was applied (null: only the year). */
export async function listExamDates(db: Db, only?: number): Promise<ExamDateJson[]> {
  const rows = await queryRows<{ id: number; name: string; year: number; board: string; applied_on: string | null }>(
    db,
    sql`SELECT e.id, e.name, e.year, e.board, e.applied_on::text AS applied_on FROM exams e
         WHERE EXISTS (SELECT 1 FROM questions q WHERE q.exam_id = e.id AND q.removed_at IS NULL)
         ${only === undefined ? sql`` : sql`AND e.id = ${only}`}
         ORDER BY e.year DESC, e.name, e.id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    year: Number(r.year),
    board: r.board,
    applied_on: r.applied_on ? String(r.applied_on).slice(0, 10) : null,
  }))
}

export async function setExamDate(db: Db, examId: number, appliedOn: string | null, at: Date): Promise<ExamDateJson | null> {
  const rows = await db.update(exams).set({ appliedOn, updatedAt: at }).where(eq(exams.id, examId)).returning({ id: exams.id })
  if (!rows.length) return null
  const [exam] = await listExamDates(db, examId)
  return exam ?? null
}
