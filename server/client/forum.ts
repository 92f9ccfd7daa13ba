import type { ForumReplyJson, ForumTopicJson, TopicsPage, VoteResult } from '../domain/forum/forum'
import type { ForumQueueFilter, ForumQueueItem, ForumQueuePage } from '../domain/forum/moderation'
import type { VoteChoice } from '../domain/forum/schemas'
import type { ApiClient } from './core'

// Typed calls of Discussões (server/api/forum.ts) for the pages and the CLI.

export type { ForumQueueFilter, ForumQueueItem, ForumQueuePage, ForumReplyJson, ForumTopicJson, TopicsPage, VoteChoice, VoteResult }

type Ok<T> = { success: true; message: string } & T

/** Topics of a question, highlighted first, then net votes, then newest; `posting` says whether this user may post. */
export function listTopics(client: ApiClient, questionId: number, page = 1) {
  return client.get<{ success: true } & TopicsPage>(`/questions/${questionId}/forum/topics`, {
    query: { page: page > 1 ? page : undefined },
  })
}

export function createTopic(client: ApiClient, questionId: number, body: { title: string; content: string }) {
  return client.post<Ok<{ topic: ForumTopicJson }>>(`/questions/${questionId}/forum/topics`, { json: body })
}

export function updateTopic(client: ApiClient, topicId: number, body: { title: string; content: string }) {
  return client.put<Ok<{ topic: ForumTopicJson }>>(`/forum/topics/${topicId}`, { json: body })
}

export function deleteTopic(client: ApiClient, topicId: number) {
  return client.delete<Ok<{ id: number }>>(`/forum/topics/${topicId}`)
}

export function createReply(client: ApiClient, topicId: number, body: { content: string }) {
  return client.post<Ok<{ reply: ForumReplyJson }>>(`/forum/topics/${topicId}/replies`, { json: body })
}

export function updateReply(client: ApiClient, replyId: number, body: { content: string }) {
  return client.put<Ok<{ reply: ForumReplyJson }>>(`/forum/replies/${replyId}`, { json: body })
}

export function deleteReply(client: ApiClient, replyId: number) {
  return client.delete<Ok<{ id: number; topic_id: number }>>(`/forum/replies/${replyId}`)
}

/** The spec's rule: the same vote again clears it, the opposite moves one count, 'none' clears. */
export function voteTopic(client: ApiClient, topicId: number, vote: VoteChoice) {
  return client.put<{ success: true } & VoteResult>(`/forum/topics/${topicId}/vote`, { json: { vote } })
}

export function voteReply(client: ApiClient, replyId: number, vote: VoteChoice) {
  return client.put<{ success: true } & VoteResult>(`/forum/replies/${replyId}/vote`, { json: { vote } })
}

/** Once per user per post: a second flag is a 409 'Você já denunciou esta mensagem.'. */
export function flagTopic(client: ApiClient, topicId: number, reason: string) {
  return client.post<Ok<object>>(`/forum/topics/${topicId}/flag`, { json: { reason } })
}

export function flagReply(client: ApiClient, replyId: number, reason: string) {
  return client.post<Ok<object>>(`/forum/replies/${replyId}/flag`, { json: { reason } })
}

/** Admin: the moderation queue, flagged posts first with their reasons. */
export function getForumQueue(client: ApiClient, options: { filter?: ForumQueueFilter; page?: number } = {}) {
  return client.get<ForumQueuePage>('/admin/forum', { query: options })
}

export function moderateTopic(
  client: ApiClient,
  topicId: number,
  change: { highlighted?: boolean; hidden?: boolean; dismiss_flags?: boolean },
) {
  return client.put<Ok<{ topic: { id: number; highlighted?: boolean; hidden: boolean } }>>(`/admin/forum/topics/${topicId}`, {
    json: change,
  })
}

export function moderateReply(client: ApiClient, replyId: number, change: { hidden?: boolean; dismiss_flags?: boolean }) {
  return client.put<Ok<{ reply: { id: number; hidden: boolean } }>>(`/admin/forum/replies/${replyId}`, { json: change })
}
