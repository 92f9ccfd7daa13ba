import { eq, inArray } from 'drizzle-orm'

import type { Db } from '../../db/index'
import {
  attempts,
  chatMessages,
  contactMessages,
  errorReports,
  forumFlags,
  forumReplies,
  forumReplyVotes,
  forumTopics,
  forumTopicVotes,
  notebookQuestions,
  notebooks,
  notes,
  payments,
  profiles,
  questionUsage,
  subscriptions,
  users,
  videoWatches,
} from '../../db/schema'
import type { ReceiptJson } from '../billing/contract'

// 'Baixar meus dados' (issue 14; the LGPD access right promised in /termos): everything we hold
// about one student, as one JSON document. Secrets are left out (password and temporary
// password hashes, API token hashes): they are not the student's data, and a leaked export
// must not open the account.

/** The student's receipts, from billing (server/api/index.ts hands its reader in: me does not reach into billing). */
export type ReceiptsOf = (db: Db, userId: string) => Promise<ReceiptJson[]>

export async function exportMyData(db: Db, userId: string, now: Date, receiptsOf: ReceiptsOf) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      avatarUrl: users.avatarUrl,
      mascot: users.mascot,
      planName: users.planName,
      googleLinked: users.googleSub,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return null
  const mine = await db.select({ id: notebooks.id }).from(notebooks).where(eq(notebooks.userId, userId))
  const [
    profile,
    answers,
    usage,
    myNotes,
    myNotebooks,
    notebookItems,
    topics,
    replies,
    topicVotes,
    replyVotes,
    flags,
    reports,
    watches,
    subs,
    pays,
    chat,
    contact,
    receipts,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(attempts).where(eq(attempts.userId, userId)).orderBy(attempts.id),
    db.select().from(questionUsage).where(eq(questionUsage.userId, userId)),
    db.select().from(notes).where(eq(notes.userId, userId)).orderBy(notes.id),
    db.select().from(notebooks).where(eq(notebooks.userId, userId)).orderBy(notebooks.id),
    mine.length
      ? db
          .select()
          .from(notebookQuestions)
          .where(
            inArray(
              notebookQuestions.notebookId,
              mine.map((n) => n.id),
            ),
          )
      : Promise.resolve([]),
    db.select().from(forumTopics).where(eq(forumTopics.userId, userId)).orderBy(forumTopics.id),
    db.select().from(forumReplies).where(eq(forumReplies.userId, userId)).orderBy(forumReplies.id),
    db.select().from(forumTopicVotes).where(eq(forumTopicVotes.userId, userId)),
    db.select().from(forumReplyVotes).where(eq(forumReplyVotes.userId, userId)),
    db.select().from(forumFlags).where(eq(forumFlags.userId, userId)),
    db.select().from(errorReports).where(eq(errorReports.userId, userId)).orderBy(errorReports.id),
    db.select().from(videoWatches).where(eq(videoWatches.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.id),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id),
    db.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(chatMessages.id),
    db.select().from(contactMessages).where(eq(contactMessages.email, user.email)).orderBy(contactMessages.id),
    receiptsOf(db, userId),
  ])
  return {
    sobre:
      'Todos os dados que o Gabarita guarda sobre você (direito de acesso da LGPD). Senhas e chaves de acesso não são incluídas: guardamos apenas um resumo criptográfico delas.',
    exported_at: now.toISOString(),
    user: { ...user, googleLinked: Boolean(user.googleLinked) },
    profile: profile[0] ?? null,
    attempts: answers,
    question_usage: usage,
    notes: myNotes,
    notebooks: myNotebooks,
    notebook_questions: notebookItems,
    forum_topics: topics,
    forum_replies: replies,
    forum_topic_votes: topicVotes,
    forum_reply_votes: replyVotes,
    forum_flags: flags,
    error_reports: reports,
    video_watches: watches,
    subscriptions: subs,
    payments: pays,
    receipts,
    chat_messages: chat,
    contact_messages: contact,
  }
}

export type MyDataExport = NonNullable<Awaited<ReturnType<typeof exportMyData>>>
