import type { SQL } from 'drizzle-orm'
import { count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { Db } from '../../db/index'
import type { ErrorReportStatus } from '../../db/schema'
import { disciplines, errorReports, questions, users } from '../../db/schema'
import type { AdminErrorReportJson, ErrorReportPage, MyErrorReportJson } from './contract'
import { ERROR_REPORT_KIND_LABELS, ERROR_REPORT_STATUS_LABELS } from './messages'

// The admin queue of the errors students report from the cards (/admin/erros), and each
// student's own reports with their status and the team's answer (GET /error-reports/mine).

export const ERROR_REPORTS_PAGE_SIZE = 20

const answerer = alias(users, 'answerer')

const columns = {
  report: errorReports,
  question: { id: questions.id, number: questions.number, shortId: questions.shortId, outdatedNote: questions.outdatedNote },
  discipline: disciplines.name,
  reporter: { id: users.id, name: users.name, email: users.email },
  answerer: { id: answerer.id, name: answerer.name },
}

type Joined = {
  report: typeof errorReports.$inferSelect
  question: { id: number; number: number; shortId: string; outdatedNote: string | null }
  discipline: string
  reporter: { id: string; name: string; email: string } | null
  answerer: { id: string; name: string } | null
}

function mine(r: Joined): MyErrorReportJson {
  return {
    id: r.report.id,
    question: {
      id: r.question.id,
      number: r.question.number,
      short_id: r.question.shortId,
      discipline: r.discipline,
      outdated_note: r.question.outdatedNote,
    },
    message: r.report.message,
    kind: r.report.kind,
    kind_label: ERROR_REPORT_KIND_LABELS[r.report.kind] ?? r.report.kind,
    status: r.report.status,
    status_label: ERROR_REPORT_STATUS_LABELS[r.report.status] ?? r.report.status,
    answer: r.report.answer,
    answered_at: r.report.answeredAt?.toISOString() ?? null,
    created_at: r.report.createdAt.toISOString(),
  }
}

function adminView(r: Joined): AdminErrorReportJson {
  return { ...mine(r), reporter: r.reporter, answered_by: r.answerer }
}

async function list(db: Db, where: SQL | undefined, page: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(columns)
      .from(errorReports)
      .innerJoin(questions, eq(questions.id, errorReports.questionId))
      .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
      .leftJoin(users, eq(users.id, errorReports.userId))
      .leftJoin(answerer, eq(answerer.id, errorReports.answeredBy))
      .where(where)
      .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
      .limit(ERROR_REPORTS_PAGE_SIZE)
      .offset((page - 1) * ERROR_REPORTS_PAGE_SIZE),
    db.select({ n: count() }).from(errorReports).where(where),
  ])
  return { rows: rows as Joined[], total: Number(n) }
}

/** The admin queue, newest first, optionally one status. */
export async function listErrorReports(
  db: Db,
  options: { status?: ErrorReportStatus; page: number },
): Promise<ErrorReportPage<AdminErrorReportJson>> {
  const { rows, total } = await list(db, options.status ? eq(errorReports.status, options.status) : undefined, options.page)
  return { data: rows.map(adminView), total, page: options.page, per_page: ERROR_REPORTS_PAGE_SIZE }
}

/** The reports this user sent while logged in, newest first. */
export async function myErrorReports(db: Db, userId: string, page = 1): Promise<ErrorReportPage<MyErrorReportJson>> {
  const { rows, total } = await list(db, eq(errorReports.userId, userId), page)
  return { data: rows.map(mine), total, page, per_page: ERROR_REPORTS_PAGE_SIZE }
}

/**
 * Sets the status and, when given, the answer ('' clears it). The answering admin and the time
 * are recorded on every change.
 */
export async function updateErrorReport(
  db: Db,
  adminId: string,
  id: number,
  change: { status: ErrorReportStatus; answer?: string },
  at: Date,
): Promise<AdminErrorReportJson | null> {
  const set: Partial<typeof errorReports.$inferInsert> = { status: change.status, answeredAt: at, answeredBy: adminId }
  if (change.answer !== undefined) set.answer = change.answer === '' ? null : change.answer
  const updated = await db.update(errorReports).set(set).where(eq(errorReports.id, id)).returning({ id: errorReports.id })
  if (!updated.length) return null
  const { rows } = await list(db, eq(errorReports.id, id), 1)
  return rows[0] ? adminView(rows[0]) : null
}
