import { desc, eq, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { chatMessages } from '../../db/schema'
import { getAccess, hasFeature } from '../plans/index'
import type { ChatMessageJson } from './contract'
import { CHAT_DISABLED, CHAT_HISTORY_LIMIT, CHAT_PLAN_REQUIRED, PLANS_URL } from './messages'
import type { ReplyGenerator } from './replies'

// The study assistant's conversation (issue 14): who may use it (the policy's chat feature:
// a plan with hasChat AND the chatEnabled toggle), the history kept per student (the last
// CHAT_HISTORY_LIMIT messages) and one exchange: the student's message and the reply, stored
// together. The reply itself comes from a ReplyGenerator (ADR 023).

export type ChatUser = { id: string; planName: PlanName }

export type ChatOutcome<T> =
  { kind: 'ok'; value: T } | { kind: 'forbidden'; message: string; code: string; extra?: Record<string, unknown> }

/** Whether this student may use the assistant now, and why not (the plan, or the admin toggle). */
export async function chatAccess(db: Db, user: ChatUser): Promise<ChatOutcome<true>> {
  const policy = await getAccess(db, user)
  if (hasFeature(policy, 'chat')) return { kind: 'ok', value: true }
  if (!policy.limits.hasChat)
    return { kind: 'forbidden', message: CHAT_PLAN_REQUIRED, code: 'PLAN_REQUIRED', extra: { plans_url: PLANS_URL } }
  return { kind: 'forbidden', message: CHAT_DISABLED, code: 'CHAT_DISABLED' }
}

function toJson(row: typeof chatMessages.$inferSelect): ChatMessageJson {
  return { id: row.id, type: row.type, content: row.content, links: row.links ?? [], created_at: row.createdAt.toISOString() }
}

/** The student's kept history, oldest first. */
export async function listMessages(db: Db, userId: string): Promise<ChatMessageJson[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_HISTORY_LIMIT)
  return rows.reverse().map(toJson)
}

/**
 * One exchange: the reply is written first (it only reads), then both messages go in one
 * transaction that also drops what falls out of the last CHAT_HISTORY_LIMIT. A per-student
 * lock keeps two exchanges sent at once from interleaving their messages.
 */
export async function sendMessage(db: Db, generator: ReplyGenerator, user: ChatUser, content: string) {
  const reply = await generator.reply({ message: content, user, db })
  const links = reply.links.filter((l) => l.href.startsWith('/') && !l.href.startsWith('//'))
  const [question, answer] = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`chat:${user.id}`}))`)
    const [mine] = await tx.insert(chatMessages).values({ userId: user.id, type: 'user', content, links: [] }).returning()
    const [bot] = await tx.insert(chatMessages).values({ userId: user.id, type: 'bot', content: reply.content, links }).returning()
    await tx.execute(sql`DELETE FROM chat_messages WHERE user_id = ${user.id} AND id < (
      SELECT min(id) FROM (SELECT id FROM chat_messages WHERE user_id = ${user.id} ORDER BY id DESC LIMIT ${CHAT_HISTORY_LIMIT}) kept)`)
    return [mine, bot]
  })
  return { message: toJson(question), reply: toJson(answer) }
}

/** 'Limpar conversa': the student's whole history. */
export async function clearMessages(db: Db, userId: string) {
  const removed = await db.delete(chatMessages).where(eq(chatMessages.userId, userId)).returning({ id: chatMessages.id })
  return removed.length
}
