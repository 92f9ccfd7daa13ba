import type { AdminErrorReportJson, ErrorReportPage, ErrorReportStatus, MyErrorReportJson } from '../domain/questions/error-reports'
import type { ApiClient } from './core'

// Typed calls of the error-report queue (server/api/error-reports.ts).

export type { AdminErrorReportJson, ErrorReportPage, ErrorReportStatus, MyErrorReportJson }

/** The signed-in student's own reports with their status and the team's answer. */
export function getMyErrorReports(client: ApiClient, page = 1) {
  return client.get<ErrorReportPage<MyErrorReportJson>>('/error-reports/mine', { query: { page: page > 1 ? page : undefined } })
}

export function listErrorReports(client: ApiClient, options: { status?: ErrorReportStatus; page?: number } = {}) {
  return client.get<ErrorReportPage<AdminErrorReportJson>>('/admin/error-reports', { query: options })
}

/** Sets the status and, when given, the answer ('' clears it). */
export function updateErrorReport(client: ApiClient, id: number, change: { status: ErrorReportStatus; answer?: string }) {
  return client.put<{ success: true; message: string; report: AdminErrorReportJson }>(`/admin/error-reports/${id}`, { json: change })
}
