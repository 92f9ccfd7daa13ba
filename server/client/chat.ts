import type { ChatMessageJson } from '../domain/chat/messages'
import type { ApiClient } from './core'

export type { ChatMessageJson } from '../domain/chat/messages'
export type { ChatLink } from '../domain/chat/replies'

// The study assistant (issue 14): the typed calls of /chat/messages.

export type ChatMessagesResponse = { success: true; messages: ChatMessageJson[] }
export type ChatExchangeResponse = { success: true; message: ChatMessageJson; reply: ChatMessageJson }

export function listChatMessages(client: ApiClient) {
  return client.get<ChatMessagesResponse>('/chat/messages')
}

export function sendChatMessage(client: ApiClient, content: string) {
  return client.post<ChatExchangeResponse>('/chat/messages', { json: { content } })
}

export function clearChatMessages(client: ApiClient) {
  return client.delete<{ success: true; message: string }>('/chat/messages')
}
