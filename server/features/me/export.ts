import { asc, type Column, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'

import type { Db } from '../../db/index'
import {
  analysisRevisions,
  apiTokens,
  attempts,
  chatMessages,
  contactMessages,
  errorReports,
  explanationFlags,
  explanationStrikes,
  explanationVotes,
  forumFlags,
  forumReplies,
  forumReplyVotes,
  forumTopics,
  forumTopicVotes,
  notebookQuestions,
  notebooks,
  notes,
  offlineDownloads,
  paymentEvents,
  payments,
  planPrices,
  profiles,
  questionOutdatedOverrides,
  questions,
  questionUsage,
  reviewCards,
  reviewLogs,
  simulationQuestions,
  simulations,
  studentExplanations,
  studySettings,
  subscriptions,
  userDayStats,
  userDisciplineStats,
  users,
  userTopicStats,
  userWeekStats,
  videoWatches,
} from '../../db/schema'
import type { ReceiptJson } from '../plans/contract'

// 'Baixar meus dados' (issue 14; the LGPD access right promised in /termos): everything we hold
// about one student, as one JSON document. Secrets are left out (password and temporary
// password hashes, API token hashes): they are not the student's data, and a leaked export
// must not open the account.
//
// EXPORTED is the one list of what the file holds, section by section; NOT_EXPORTED names what
// is left out and why. export-coverage.test.ts reads both against the schema (issue 61): a table
// that references a user and appears in neither fails it, so a new table cannot be forgotten.

/** How a section's rows are the person's: a column holding their id, their email, or a link to a row of another section. */
type Owner = { user: PgColumn } | { email: PgColumn } | { column: PgColumn; parent: string; parentColumn: PgColumn }

export type Section = {
  table: PgTable
  by: Owner
  /** Only these columns: a row the person acted on (hid, answered, granted) belongs to someone else, only the act is theirs. */
  only?: PgColumn[]
  /** Columns never exported: secrets. */
  omit?: PgColumn[]
  /** One row at most (the account, its profile, its study settings): an object or null, not a list. */
  one?: true
}

const own = (column: PgColumn): Owner => ({ user: column })

/**
 * Every section of the file, by its key. A table's own rows (the person's answers, notes...) sit
 * under the table's SQL name; what the person did to another's row sits under `<table>_<column>`
 * (the forum topics they hid as a moderator: `forum_topics_hidden_by`).
 */
export const EXPORTED = {
  user: { table: users, by: own(users.id), omit: [users.passwordHash, users.tempPasswordHash], one: true },
  profile: { table: profiles, by: own(profiles.userId), one: true },
  api_tokens: { table: apiTokens, by: own(apiTokens.userId), omit: [apiTokens.tokenHash] },
  attempts: { table: attempts, by: own(attempts.userId) },
  question_usage: { table: questionUsage, by: own(questionUsage.userId) },
  user_day_stats: { table: userDayStats, by: own(userDayStats.userId) },
  user_discipline_stats: { table: userDisciplineStats, by: own(userDisciplineStats.userId) },
  user_topic_stats: { table: userTopicStats, by: own(userTopicStats.userId) },
  user_week_stats: { table: userWeekStats, by: own(userWeekStats.userId) },
  review_cards: { table: reviewCards, by: own(reviewCards.userId) },
  review_logs: { table: reviewLogs, by: own(reviewLogs.userId) },
  study_settings: { table: studySettings, by: own(studySettings.userId), one: true },
  simulations: { table: simulations, by: own(simulations.userId) },
  simulation_questions: {
    table: simulationQuestions,
    by: { column: simulationQuestions.simulationId, parent: 'simulations', parentColumn: simulations.id },
  },
  offline_downloads: { table: offlineDownloads, by: own(offlineDownloads.userId) },
  video_watches: { table: videoWatches, by: own(videoWatches.userId) },
  notes: { table: notes, by: own(notes.userId) },
  notebooks: { table: notebooks, by: own(notebooks.userId) },
  notebook_questions: {
    table: notebookQuestions,
    by: { column: notebookQuestions.notebookId, parent: 'notebooks', parentColumn: notebooks.id },
  },
  forum_topics: { table: forumTopics, by: own(forumTopics.userId) },
  forum_replies: { table: forumReplies, by: own(forumReplies.userId) },
  forum_topic_votes: { table: forumTopicVotes, by: own(forumTopicVotes.userId) },
  forum_reply_votes: { table: forumReplyVotes, by: own(forumReplyVotes.userId) },
  forum_flags: { table: forumFlags, by: own(forumFlags.userId) },
  student_explanations: { table: studentExplanations, by: own(studentExplanations.userId) },
  explanation_votes: { table: explanationVotes, by: own(explanationVotes.userId) },
  explanation_flags: { table: explanationFlags, by: own(explanationFlags.userId) },
  explanation_strikes: { table: explanationStrikes, by: own(explanationStrikes.userId) },
  error_reports: { table: errorReports, by: own(errorReports.userId) },
  chat_messages: { table: chatMessages, by: own(chatMessages.userId) },
  contact_messages: { table: contactMessages, by: { email: contactMessages.email } },
  subscriptions: { table: subscriptions, by: own(subscriptions.userId) },
  payments: { table: payments, by: own(payments.userId) },
  payment_events: {
    table: paymentEvents,
    by: { column: paymentEvents.paymentId, parent: 'payments', parentColumn: payments.id },
  },
  // Written as a professor (ADR 059): every version, and the analyses now published under their name.
  analysis_revisions: { table: analysisRevisions, by: own(analysisRevisions.authorId) },
  questions_explanation_by: {
    table: questions,
    by: own(questions.explanationBy),
    only: [
      questions.id,
      questions.shortId,
      questions.explanation,
      questions.explanationSource,
      questions.explanationCredit,
      questions.alternativeComments,
      questions.explanationVersion,
      questions.explanationUpdatedAt,
    ],
  },
  // Done as a moderator or an administrator: the act, not the other person's row.
  forum_topics_hidden_by: { table: forumTopics, by: own(forumTopics.hiddenBy), only: [forumTopics.id, forumTopics.hiddenAt] },
  forum_replies_hidden_by: { table: forumReplies, by: own(forumReplies.hiddenBy), only: [forumReplies.id, forumReplies.hiddenAt] },
  student_explanations_hidden_by: {
    table: studentExplanations,
    by: own(studentExplanations.hiddenBy),
    only: [studentExplanations.id, studentExplanations.hiddenAt],
  },
  error_reports_answered_by: {
    table: errorReports,
    by: own(errorReports.answeredBy),
    only: [errorReports.id, errorReports.questionId, errorReports.status, errorReports.answer, errorReports.answeredAt],
  },
  contact_messages_replied_by: {
    table: contactMessages,
    by: own(contactMessages.repliedBy),
    only: [contactMessages.id, contactMessages.reply, contactMessages.repliedAt],
  },
  subscriptions_granted_by: {
    table: subscriptions,
    by: own(subscriptions.grantedBy),
    only: [
      subscriptions.id,
      subscriptions.planName,
      subscriptions.currentPeriodStart,
      subscriptions.currentPeriodEnd,
      subscriptions.createdAt,
    ],
  },
  plan_prices_created_by: { table: planPrices, by: own(planPrices.createdBy) },
  question_outdated_overrides_decided_by: {
    table: questionOutdatedOverrides,
    by: own(questionOutdatedOverrides.decidedBy),
    only: [
      questionOutdatedOverrides.questionId,
      questionOutdatedOverrides.changeId,
      questionOutdatedOverrides.decision,
      questionOutdatedOverrides.decidedAt,
    ],
  },
} satisfies Record<string, Section>

export type SectionName = keyof typeof EXPORTED

/**
 * What references a user and stays out of the file, by `table` or `table.column` (SQL names),
 * with the reason. Secret columns of an exported table are its section's `omit`.
 */
export const NOT_EXPORTED: Record<string, string> = {
  'review_replay.cursor':
    'Where the one-time replay of old answers into review cards stopped (ADR 047): an account id used as a bookmark, nothing about the person.',
}

/** The section's columns as the file names them (the schema's property names), secrets left out. */
export function sectionColumns(section: Section): Record<string, PgColumn> {
  const all = getTableColumns(section.table) as Record<string, PgColumn>
  return Object.fromEntries(
    Object.entries(all).filter(([, c]) => (section.only ? section.only.includes(c) : true) && !(section.omit ?? []).includes(c)),
  )
}

/** The table's primary key, the order of its rows in the file. */
function primaryKey(table: PgTable): Column[] {
  const config = getTableConfig(table)
  return config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary)
}

type Person = { id: string; email: string }

function condition(db: Db, name: SectionName, who: Person): SQL {
  const by: Owner = EXPORTED[name].by
  if ('user' in by) return eq(by.user, who.id)
  if ('email' in by) return eq(by.email, who.email)
  const parent = by.parent as SectionName
  return inArray(
    by.column,
    db
      .select({ key: by.parentColumn })
      .from(EXPORTED[parent].table)
      .where(condition(db, parent, who)),
  )
}

async function sectionRows(db: Db, name: SectionName, who: Person) {
  const section: Section = EXPORTED[name]
  return (await db
    .select(sectionColumns(section))
    .from(section.table)
    .where(condition(db, name, who))
    .orderBy(...primaryKey(section.table).map((c) => asc(c)))) as Record<string, unknown>[]
}

type Sections = {
  [K in SectionName]: (typeof EXPORTED)[K] extends { one: true } ? Record<string, unknown> | null : Record<string, unknown>[]
}

/** The student's receipts, from billing (server/api/index.ts hands its reader in: me does not reach into billing). */
export type ReceiptsOf = (db: Db, userId: string) => Promise<ReceiptJson[]>

export async function exportMyData(db: Db, userId: string, now: Date, receiptsOf: ReceiptsOf) {
  const [who] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId))
  if (!who) return null
  const names = Object.keys(EXPORTED) as SectionName[]
  const [receipts, ...found] = await Promise.all([receiptsOf(db, userId), ...names.map((name) => sectionRows(db, name, who))])
  const sections = Object.fromEntries(
    names.map((name, i) => [name, 'one' in EXPORTED[name] ? (found[i][0] ?? null) : found[i]]),
  ) as Sections
  const { googleSub, ...account } = sections.user ?? {}
  return {
    sobre:
      'Todos os dados que o Gabarita guarda sobre você (direito de acesso da LGPD). Senhas e chaves de acesso não são incluídas: guardamos apenas um resumo criptográfico delas.',
    exported_at: now.toISOString(),
    ...sections,
    // The Google account's id is only shown as linked or not.
    user: { ...account, googleLinked: Boolean(googleSub) },
    receipts,
  }
}

export type MyDataExport = NonNullable<Awaited<ReturnType<typeof exportMyData>>>
