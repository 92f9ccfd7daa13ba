import type { SQL } from 'drizzle-orm'
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { PlanName } from '../../db/schema'
import { forumFlags, forumReplies, forumReplyVotes, forumTopics, forumTopicVotes, questions } from '../../db/schema'
import type { Catalog } from '../plans/index'
import { getCatalog, planNames } from '../plans/index'
import { getAccess, hasFeature } from '../plans/index'
import type { ForumReplyJson, ForumTopicJson, Posting, TopicsPage as TopicsPageReply, VoteResult as VoteReply } from './contract'
import { QUESTION_NOT_FOUND, REPLY_NOT_FOUND, TOPIC_NOT_FOUND } from './messages'
import type { VoteChoice } from './schemas'

export { QUESTION_NOT_FOUND, REPLY_NOT_FOUND, TOPIC_NOT_FOUND }

// Discussões (issue 13): topics on a question, replies, votes, flags. Plain functions over Db
// returning outcomes; ./router.ts maps them to status codes. Posting (topics, replies,
// edits, votes) needs the 'comments' feature of the policy (plan hasComments AND the
// commentsEnabled toggle); reading and flagging need only a login.

export const TOPICS_PER_PAGE = 20
export const REMOVED_TEXT = 'mensagem removida'

export type Viewer = { id: string; planName: PlanName }
const isAdmin = (viewer: Viewer) => viewer.planName === 'ADMIN'

// The answer's shapes are the contract's (./contract.ts): what these functions return is checked
// against them at compile time.
export type ForumAuthor = ForumTopicJson['author']
export type UserVote = ForumTopicJson['userVote']
type PostJson = Omit<ForumReplyJson, 'topic_id'>
export type TopicsPage = Omit<TopicsPageReply, 'success'>
export type VoteResult = Omit<VoteReply, 'success'>
export type { ForumReplyJson, ForumTopicJson, Posting }

export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string; code?: string }
  | { kind: 'conflict'; message: string }

export const NOT_AUTHOR = 'Você só pode alterar as suas próprias mensagens.'
export const ALREADY_FLAGGED = 'Você já denunciou esta mensagem.'

/** Names the catalogue's plans whose limits include the forum. */
export const planRequiredMessage = (catalog: Catalog) =>
  `Participar das discussões é um recurso dos planos ${planNames(catalog, (l) => l.hasComments)}.`
export const COMMENTS_DISABLED_MESSAGE = 'As discussões estão fechadas para novas mensagens no momento.'

/** Whether this user may post: the policy's 'comments' feature (plan AND toggle). */
export async function postingFor(db: Db, viewer: Viewer): Promise<Posting> {
  const policy = await getAccess(db, viewer)
  if (hasFeature(policy, 'comments')) return { allowed: true }
  if (!policy.limits.hasComments) return { allowed: false, code: 'PLAN_REQUIRED', message: planRequiredMessage(await getCatalog(db)) }
  return { allowed: false, code: 'COMMENTS_DISABLED', message: COMMENTS_DISABLED_MESSAGE }
}

function denied(posting: Posting): Outcome<never> | null {
  return posting.allowed ? null : { kind: 'forbidden', message: posting.message, code: posting.code }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
const voteOf = (value: number | null | undefined): UserVote => (value === 1 ? 'up' : value === -1 ? 'down' : 'none')

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: questions.id, number: questions.number, shortId: questions.shortId })
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

type TopicRow = {
  id: number
  question_id: number
  title: string
  content: string
  highlighted: boolean
  hidden_at: string | null
  deleted_at: string | null
  edited_at: string | null
  created_at: string
  user_id: string | null
  name: string | null
  mascot: string | null
  avatar_url: string | null
  up: number
  down: number
  my_vote: number | null
  flagged: boolean
}
type ReplyRow = Omit<TopicRow, 'question_id' | 'title' | 'highlighted'> & { topic_id: number }

function author(r: { user_id: string | null; name: string | null; mascot: string | null; avatar_url: string | null }): ForumAuthor {
  return r.user_id && r.name ? { id: r.user_id, name: r.name, mascot: r.mascot, avatar_url: r.avatar_url } : null
}

function post(r: TopicRow | ReplyRow, viewer: Viewer): PostJson {
  return {
    id: Number(r.id),
    content: r.deleted_at ? REMOVED_TEXT : r.content,
    author: r.deleted_at ? null : author(r),
    createdAt: iso(r.created_at)!,
    edited_at: iso(r.edited_at),
    upvotes: Number(r.up),
    downvotes: Number(r.down),
    userVote: voteOf(r.my_vote === null ? null : Number(r.my_vote)),
    is_mine: !r.deleted_at && r.user_id === viewer.id,
    flagged_by_me: Boolean(r.flagged),
    hidden: r.hidden_at !== null,
  }
}

/** SQL: a reply a viewer sees (not deleted; hidden ones only for admins). */
const visibleReply = (admin: boolean) => (admin ? sql`r.deleted_at IS NULL` : sql`r.deleted_at IS NULL AND r.hidden_at IS NULL`)
/** SQL: a topic a viewer sees: not hidden (admins see those), and not deleted unless it has visible replies. */
const visibleTopic = (admin: boolean) => sql`(${admin ? sql`true` : sql`t.hidden_at IS NULL`})
  AND (t.deleted_at IS NULL OR EXISTS (SELECT 1 FROM forum_replies r WHERE r.topic_id = t.id AND ${visibleReply(admin)}))`

/** Topics of a question: highlighted first, then net votes (up minus down), then newest; replies oldest first. */
export async function listTopics(db: Db, questionId: number, viewer: Viewer, page = 1): Promise<Outcome<TopicsPage>> {
  const question = await liveQuestion(db, questionId)
  if (!question) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const where = sql`t.question_id = ${questionId} AND ${visibleTopic(isAdmin(viewer))}`
  const [topics, [{ n }], posting] = await Promise.all([
    queryTopics(db, viewer, where, page),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM forum_topics t WHERE ${where}`),
    postingFor(db, viewer),
  ])
  return {
    kind: 'ok',
    value: {
      question: { id: question.id, number: question.number, short_id: question.shortId },
      topics,
      total: Number(n),
      page,
      per_page: TOPICS_PER_PAGE,
      posting,
    },
  }
}

/** One topic as the viewer sees it (with its replies), or null. */
export async function getTopic(db: Db, topicId: number, viewer: Viewer): Promise<ForumTopicJson | null> {
  const [topic] = await queryTopics(db, viewer, sql`t.id = ${topicId} AND ${visibleTopic(isAdmin(viewer))}`, 1)
  return topic ?? null
}

async function queryTopics(db: Db, viewer: Viewer, where: SQL, page: number): Promise<ForumTopicJson[]> {
  const rows = await queryRows<TopicRow>(
    db,
    sql`SELECT t.id, t.question_id, t.title, t.content, t.highlighted, t.hidden_at, t.deleted_at, t.edited_at, t.created_at,
        t.user_id, u.name, u.mascot, u.avatar_url, v.up, v.down,
        (SELECT mv.value FROM forum_topic_votes mv WHERE mv.topic_id = t.id AND mv.user_id = ${viewer.id}::uuid) AS my_vote,
        EXISTS (SELECT 1 FROM forum_flags f WHERE f.topic_id = t.id AND f.reply_id IS NULL AND f.user_id = ${viewer.id}::uuid) AS flagged
      FROM forum_topics t
      LEFT JOIN users u ON u.id = t.user_id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE tv.value = 1)::int AS up, count(*) FILTER (WHERE tv.value = -1)::int AS down
        FROM forum_topic_votes tv WHERE tv.topic_id = t.id
      ) v
      WHERE ${where}
      ORDER BY t.highlighted DESC, (v.up - v.down) DESC, t.created_at DESC, t.id DESC
      LIMIT ${TOPICS_PER_PAGE} OFFSET ${(page - 1) * TOPICS_PER_PAGE}`,
  )
  const replies = await repliesOf(
    db,
    rows.map((r) => Number(r.id)),
    viewer,
  )
  return rows.map((r): ForumTopicJson => {
    const own = replies.filter((reply) => reply.topic_id === Number(r.id))
    return {
      ...post(r, viewer),
      question_id: Number(r.question_id),
      title: r.deleted_at ? REMOVED_TEXT : r.title,
      isHighlighted: Boolean(r.highlighted),
      deleted: r.deleted_at !== null,
      reply_count: own.length,
      replies: own,
    }
  })
}

async function repliesOf(db: Db, topicIds: number[], viewer: Viewer): Promise<ForumReplyJson[]> {
  if (!topicIds.length) return []
  const rows = await queryRows<ReplyRow>(
    db,
    sql`SELECT r.id, r.topic_id, r.content, r.hidden_at, r.deleted_at, r.edited_at, r.created_at,
        r.user_id, u.name, u.mascot, u.avatar_url, v.up, v.down,
        (SELECT mv.value FROM forum_reply_votes mv WHERE mv.reply_id = r.id AND mv.user_id = ${viewer.id}::uuid) AS my_vote,
        EXISTS (SELECT 1 FROM forum_flags f WHERE f.reply_id = r.id AND f.user_id = ${viewer.id}::uuid) AS flagged
      FROM forum_replies r
      LEFT JOIN users u ON u.id = r.user_id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE rv.value = 1)::int AS up, count(*) FILTER (WHERE rv.value = -1)::int AS down
        FROM forum_reply_votes rv WHERE rv.reply_id = r.id
      ) v
      WHERE r.topic_id = ANY(${sql.param(topicIds)}::int[]) AND ${visibleReply(isAdmin(viewer))}
      ORDER BY r.created_at ASC, r.id ASC`,
  )
  return rows.map((r) => ({ ...post(r, viewer), topic_id: Number(r.topic_id) }))
}

/** Live topics per question (not hidden, not deleted): the count on the card's Discussões button. */
export async function countTopics(db: Db, questionIds: number[]): Promise<Record<number, number>> {
  if (!questionIds.length) return {}
  const rows = await db
    .select({ questionId: forumTopics.questionId, n: count() })
    .from(forumTopics)
    .where(and(inArray(forumTopics.questionId, questionIds), isNull(forumTopics.hiddenAt), isNull(forumTopics.deletedAt)))
    .groupBy(forumTopics.questionId)
  return Object.fromEntries(rows.map((r) => [r.questionId, Number(r.n)]))
}

type TopicState = { id: number; userId: string | null; hidden: boolean; deleted: boolean; questionId: number }

async function topicState(db: Db, id: number): Promise<TopicState | null> {
  const [row] = await db
    .select({
      id: forumTopics.id,
      userId: forumTopics.userId,
      hiddenAt: forumTopics.hiddenAt,
      deletedAt: forumTopics.deletedAt,
      questionId: forumTopics.questionId,
    })
    .from(forumTopics)
    .where(eq(forumTopics.id, id))
  return row
    ? { id: row.id, userId: row.userId, hidden: row.hiddenAt !== null, deleted: row.deletedAt !== null, questionId: row.questionId }
    : null
}

async function replyState(db: Db, id: number) {
  const [row] = await db
    .select({
      id: forumReplies.id,
      userId: forumReplies.userId,
      hiddenAt: forumReplies.hiddenAt,
      deletedAt: forumReplies.deletedAt,
      topicId: forumReplies.topicId,
      topicHiddenAt: forumTopics.hiddenAt,
      topicDeletedAt: forumTopics.deletedAt,
    })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .where(eq(forumReplies.id, id))
  return row
    ? {
        id: row.id,
        userId: row.userId,
        hidden: row.hiddenAt !== null || row.topicHiddenAt !== null,
        deleted: row.deletedAt !== null,
        topicId: row.topicId,
        topicDeleted: row.topicDeletedAt !== null,
      }
    : null
}

/** A live topic the viewer can see (hidden ones only for admins), else null. */
async function reachableTopic(db: Db, id: number, viewer: Viewer) {
  const topic = await topicState(db, id)
  if (!topic || topic.deleted || (topic.hidden && !isAdmin(viewer))) return null
  return topic
}

async function reachableReply(db: Db, id: number, viewer: Viewer) {
  const reply = await replyState(db, id)
  if (!reply || reply.deleted || (reply.hidden && !isAdmin(viewer))) return null
  return reply
}

export async function createTopic(
  db: Db,
  viewer: Viewer,
  questionId: number,
  input: { title: string; content: string },
  at: Date,
): Promise<Outcome<ForumTopicJson>> {
  if (!(await liveQuestion(db, questionId))) return { kind: 'not-found', message: QUESTION_NOT_FOUND }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  const [row] = await db
    .insert(forumTopics)
    .values({ questionId, userId: viewer.id, title: input.title, content: input.content, createdAt: at, updatedAt: at })
    .returning({ id: forumTopics.id })
  return { kind: 'ok', value: (await getTopic(db, row.id, viewer))! }
}

export async function createReply(
  db: Db,
  viewer: Viewer,
  topicId: number,
  input: { content: string },
  at: Date,
): Promise<Outcome<ForumReplyJson>> {
  if (!(await reachableTopic(db, topicId, viewer))) return { kind: 'not-found', message: TOPIC_NOT_FOUND }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  const [row] = await db
    .insert(forumReplies)
    .values({ topicId, userId: viewer.id, content: input.content, createdAt: at, updatedAt: at })
    .returning({ id: forumReplies.id })
  const topic = await getTopic(db, topicId, viewer)
  return { kind: 'ok', value: topic!.replies.find((r) => r.id === row.id)! }
}

export async function updateTopic(
  db: Db,
  viewer: Viewer,
  topicId: number,
  input: { title: string; content: string },
  at: Date,
): Promise<Outcome<ForumTopicJson>> {
  const topic = await reachableTopic(db, topicId, viewer)
  if (!topic) return { kind: 'not-found', message: TOPIC_NOT_FOUND }
  if (topic.userId !== viewer.id) return { kind: 'forbidden', message: NOT_AUTHOR }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  await db
    .update(forumTopics)
    .set({ title: input.title, content: input.content, editedAt: at, updatedAt: at })
    .where(and(eq(forumTopics.id, topicId), eq(forumTopics.userId, viewer.id), isNull(forumTopics.deletedAt)))
  return { kind: 'ok', value: (await getTopic(db, topicId, viewer))! }
}

export async function updateReply(
  db: Db,
  viewer: Viewer,
  replyId: number,
  input: { content: string },
  at: Date,
): Promise<Outcome<ForumReplyJson>> {
  const reply = await reachableReply(db, replyId, viewer)
  if (!reply) return { kind: 'not-found', message: REPLY_NOT_FOUND }
  if (reply.userId !== viewer.id) return { kind: 'forbidden', message: NOT_AUTHOR }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  await db
    .update(forumReplies)
    .set({ content: input.content, editedAt: at, updatedAt: at })
    .where(and(eq(forumReplies.id, replyId), eq(forumReplies.userId, viewer.id), isNull(forumReplies.deletedAt)))
  const topic = await getTopic(db, reply.topicId, viewer)
  return { kind: 'ok', value: topic!.replies.find((r) => r.id === replyId)! }
}

/**
 * The author deletes a topic: its text is erased. With replies it keeps its place as
 * 'mensagem removida'; without, it leaves the list. Deleting needs no plan (one's own data).
 */
export async function deleteTopic(db: Db, viewer: Viewer, topicId: number, at: Date): Promise<Outcome<{ id: number }>> {
  const topic = await reachableTopic(db, topicId, viewer)
  if (!topic) return { kind: 'not-found', message: TOPIC_NOT_FOUND }
  if (topic.userId !== viewer.id) return { kind: 'forbidden', message: NOT_AUTHOR }
  await db
    .update(forumTopics)
    .set({ title: '', content: '', deletedAt: at, updatedAt: at, highlighted: false })
    .where(and(eq(forumTopics.id, topicId), eq(forumTopics.userId, viewer.id)))
  return { kind: 'ok', value: { id: topicId } }
}

export async function deleteReply(db: Db, viewer: Viewer, replyId: number, at: Date): Promise<Outcome<{ id: number; topic_id: number }>> {
  const reply = await reachableReply(db, replyId, viewer)
  if (!reply) return { kind: 'not-found', message: REPLY_NOT_FOUND }
  if (reply.userId !== viewer.id) return { kind: 'forbidden', message: NOT_AUTHOR }
  await db
    .update(forumReplies)
    .set({ content: '', deletedAt: at, updatedAt: at })
    .where(and(eq(forumReplies.id, replyId), eq(forumReplies.userId, viewer.id)))
  return { kind: 'ok', value: { id: replyId, topic_id: reply.topicId } }
}

/**
 * The spec's voting rules: the same vote again clears it, the opposite one moves one count
 * to the other side, 'none' clears. One row per (item, user) is the primary key; the read and
 * the write run in one transaction under a lock on (item, user), so two requests at once from
 * the same user apply one after the other.
 */
export function nextVote(current: UserVote, choice: VoteChoice): UserVote {
  if (choice === 'none' || choice === current) return 'none'
  return choice
}

export async function voteTopic(db: Db, viewer: Viewer, topicId: number, choice: VoteChoice): Promise<Outcome<VoteResult>> {
  if (!(await reachableTopic(db, topicId, viewer))) return { kind: 'not-found', message: TOPIC_NOT_FOUND }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  const value = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`forum-vote:topic:${topicId}:${viewer.id}`}))`)
    const [row] = await tx
      .select({ value: forumTopicVotes.value })
      .from(forumTopicVotes)
      .where(and(eq(forumTopicVotes.topicId, topicId), eq(forumTopicVotes.userId, viewer.id)))
    const next = nextVote(voteOf(row?.value), choice)
    if (next === 'none') {
      await tx.delete(forumTopicVotes).where(and(eq(forumTopicVotes.topicId, topicId), eq(forumTopicVotes.userId, viewer.id)))
    } else {
      const v = next === 'up' ? 1 : -1
      await tx
        .insert(forumTopicVotes)
        .values({ topicId, userId: viewer.id, value: v })
        .onConflictDoUpdate({ target: [forumTopicVotes.topicId, forumTopicVotes.userId], set: { value: v } })
    }
    const [counts] = await tx
      .select({
        up: sql<number>`count(*) FILTER (WHERE ${forumTopicVotes.value} = 1)::int`,
        down: sql<number>`count(*) FILTER (WHERE ${forumTopicVotes.value} = -1)::int`,
      })
      .from(forumTopicVotes)
      .where(eq(forumTopicVotes.topicId, topicId))
    return { id: topicId, upvotes: Number(counts.up), downvotes: Number(counts.down), userVote: next }
  })
  return { kind: 'ok', value }
}

export async function voteReply(db: Db, viewer: Viewer, replyId: number, choice: VoteChoice): Promise<Outcome<VoteResult>> {
  if (!(await reachableReply(db, replyId, viewer))) return { kind: 'not-found', message: REPLY_NOT_FOUND }
  const no = denied(await postingFor(db, viewer))
  if (no) return no
  const value = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`forum-vote:reply:${replyId}:${viewer.id}`}))`)
    const [row] = await tx
      .select({ value: forumReplyVotes.value })
      .from(forumReplyVotes)
      .where(and(eq(forumReplyVotes.replyId, replyId), eq(forumReplyVotes.userId, viewer.id)))
    const next = nextVote(voteOf(row?.value), choice)
    if (next === 'none') {
      await tx.delete(forumReplyVotes).where(and(eq(forumReplyVotes.replyId, replyId), eq(forumReplyVotes.userId, viewer.id)))
    } else {
      const v = next === 'up' ? 1 : -1
      await tx
        .insert(forumReplyVotes)
        .values({ replyId, userId: viewer.id, value: v })
        .onConflictDoUpdate({ target: [forumReplyVotes.replyId, forumReplyVotes.userId], set: { value: v } })
    }
    const [counts] = await tx
      .select({
        up: sql<number>`count(*) FILTER (WHERE ${forumReplyVotes.value} = 1)::int`,
        down: sql<number>`count(*) FILTER (WHERE ${forumReplyVotes.value} = -1)::int`,
      })
      .from(forumReplyVotes)
      .where(eq(forumReplyVotes.replyId, replyId))
    return { id: replyId, upvotes: Number(counts.up), downvotes: Number(counts.down), userVote: next }
  })
  return { kind: 'ok', value }
}

/** Any logged-in user flags a post once (a second flag is a 409, the first one stands). */
export async function flagTopic(db: Db, viewer: Viewer, topicId: number, reason: string): Promise<Outcome<{ id: number }>> {
  if (!(await reachableTopic(db, topicId, viewer))) return { kind: 'not-found', message: TOPIC_NOT_FOUND }
  const inserted = await db
    .insert(forumFlags)
    .values({ topicId, userId: viewer.id, reason })
    .onConflictDoNothing()
    .returning({ id: forumFlags.id })
  if (!inserted.length) return { kind: 'conflict', message: ALREADY_FLAGGED }
  return { kind: 'ok', value: { id: topicId } }
}

export async function flagReply(db: Db, viewer: Viewer, replyId: number, reason: string): Promise<Outcome<{ id: number }>> {
  const reply = await reachableReply(db, replyId, viewer)
  if (!reply) return { kind: 'not-found', message: REPLY_NOT_FOUND }
  const inserted = await db
    .insert(forumFlags)
    .values({ topicId: reply.topicId, replyId, userId: viewer.id, reason })
    .onConflictDoNothing()
    .returning({ id: forumFlags.id })
  if (!inserted.length) return { kind: 'conflict', message: ALREADY_FLAGGED }
  return { kind: 'ok', value: { id: replyId } }
}
