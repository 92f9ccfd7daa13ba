import type { SQL } from 'drizzle-orm'
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'

import type { AppContext } from '../../context'
import type { Db } from '../../db/index'
import { contactMessages, users } from '../../db/schema'
import { ZONE } from '../../domain/time/calendar'
import { sendMail } from '../../mail'
import { mailGreeting } from '../auth/index'
import type { ContactMessageJson, ContactMessagePage } from './contract'
import type { ContactStatus } from './messages'
import { CONTACT_PAGE_SIZE, CONTACT_STATUS_LABELS } from './messages'

// The admin side of the contact form (/admin/contato, issue 28): read the messages, answer one
// by mail. The answer is recorded (text, time, admin) so the queue shows what was said.

const columns = { message: contactMessages, admin: { id: users.id, name: users.name } }
type Row = { message: typeof contactMessages.$inferSelect; admin: { id: string; name: string } | null }

function statusOf(m: typeof contactMessages.$inferSelect): ContactStatus {
  return m.repliedAt ? 'respondida' : m.readAt ? 'lida' : 'nova'
}

function toJson({ message: m, admin }: Row): ContactMessageJson {
  const status = statusOf(m)
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    created_at: m.createdAt.toISOString(),
    status,
    status_label: CONTACT_STATUS_LABELS[status],
    read_at: m.readAt?.toISOString() ?? null,
    reply: m.reply,
    replied_at: m.repliedAt?.toISOString() ?? null,
    replied_by: admin,
  }
}

const WHERE: Record<ContactStatus, SQL | undefined> = {
  nova: and(isNull(contactMessages.readAt), isNull(contactMessages.repliedAt)),
  lida: and(isNotNull(contactMessages.readAt), isNull(contactMessages.repliedAt)),
  respondida: isNotNull(contactMessages.repliedAt),
}

/** Newest first, optionally one status. */
export async function listContactMessages(db: Db, options: { status?: ContactStatus; page: number }): Promise<ContactMessagePage> {
  const where = options.status ? WHERE[options.status] : undefined
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(columns)
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.repliedBy))
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(CONTACT_PAGE_SIZE)
      .offset((options.page - 1) * CONTACT_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
  ])
  return { data: (rows as Row[]).map(toJson), total: Number(n), page: options.page, per_page: CONTACT_PAGE_SIZE }
}

async function one(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.repliedBy))
    .where(eq(contactMessages.id, id))
  return row ? toJson(row as Row) : null
}

/** One message for an admin; the first opening marks it read. Null when it does not exist. */
export async function openContactMessage(db: Db, id: number, at: Date) {
  await db
    .update(contactMessages)
    .set({ readAt: at })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
  return one(db, id)
}

export type ReplyOutcome =
  { kind: 'ok'; value: ContactMessageJson } | { kind: 'not_found' } | { kind: 'already_replied' } | { kind: 'mail_failed' }

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' })

/**
 * Claims the message (one reply each: two admins at once cannot both mail), mails the answer to
 * the sender and keeps it. If the mail fails, the claim is undone: the message stays unanswered.
 *
 * The mail quotes the date of the sender's message, not its text: the form proves no address,
 * so quoting it would let anyone have us mail their words to a stranger (ADR 035). The admin
 * page shows the original beside the reply.
 */
export async function replyToContactMessage(ctx: AppContext, adminId: string, id: number, reply: string, at: Date): Promise<ReplyOutcome> {
  const [claimed] = await ctx.db
    .update(contactMessages)
    .set({ reply, repliedAt: at, repliedBy: adminId, readAt: sql`coalesce(${contactMessages.readAt}, ${at})` })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.repliedAt)))
    .returning()
  if (!claimed) return (await one(ctx.db, id)) ? { kind: 'already_replied' } : { kind: 'not_found' }
  try {
    await sendMail(ctx, {
      to: claimed.email,
      subject: 'Gabarita: resposta à sua mensagem de contato',
      text: [
        mailGreeting(claimed.name),
        '',
        `Esta é a resposta da equipe do Gabarita à mensagem que você nos enviou em ${dateTime.format(claimed.createdAt)} (horário de Brasília) pelo formulário de contato:`,
        '',
        reply,
        '',
        'Se você não nos escreveu, ignore este email.',
      ].join('\n'),
    })
  } catch (error) {
    ctx.logger.error({ err: error, contactMessageId: id }, 'resposta de contato não enviada')
    await ctx.db.update(contactMessages).set({ reply: null, repliedAt: null, repliedBy: null }).where(eq(contactMessages.id, id))
    return { kind: 'mail_failed' }
  }
  const value = await one(ctx.db, id)
  return value ? { kind: 'ok', value } : { kind: 'not_found' }
}
